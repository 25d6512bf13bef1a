import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { codeStepAction, codeStepLoader } from "~/services/two-factor/admin-sign-in.server";
import { SecondStepPage } from "~/components/two-factor/second-step-page";

// Outside the shell (admin_ prefix): the second step of a sign-in, before any session exists.

export const meta: MetaFunction = () => [{ title: "Admin | Two-factor sign-in" }];

/** A throttled code's Retry-After reaches the browser (Remix sends only the headers this returns). */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request }: LoaderFunctionArgs) {
  return codeStepLoader(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return codeStepAction(request, context);
}

export default function AdminTwoFactorSignIn() {
  return <SecondStepPage loginPath="/admin/login" formLabel="Admin two-factor sign-in" />;
}
