import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SecondStepPage } from "~/components/two-factor/second-step-page";
import { PROVIDER_LOGIN_PATH } from "~/models/provider-auth-labels";
import { providerCodeStepAction, providerCodeStepLoader } from "~/services/provider-auth/two-factor-sign-in.server";

// Outside the provider layout (provider_ prefix): the second step of a provider's sign-in, before any session exists.

export const meta: MetaFunction = () => [{ title: "Provider | Two-factor sign-in" }];

/** A throttled code's Retry-After reaches the browser (Remix sends only the headers this returns). */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request }: LoaderFunctionArgs) {
  return providerCodeStepLoader(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return providerCodeStepAction(request, context);
}

export default function ProviderTwoFactorSignIn() {
  return <SecondStepPage loginPath={PROVIDER_LOGIN_PATH} formLabel="Provider two-factor sign-in" />;
}
