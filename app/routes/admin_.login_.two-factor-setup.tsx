import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { setupStepAction, setupStepLoader } from "~/services/two-factor/admin-sign-in.server";
import { SetupStepPage } from "~/components/two-factor/setup-step-page";

// Outside the shell (admin_ prefix): the policy requires two-factor of this admin, who sets it up
// right after their password; no session exists until it is confirmed.

export const meta: MetaFunction = () => [{ title: "Admin | Set up two-factor sign-in" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return setupStepLoader(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return setupStepAction(request, context);
}

/**
 * The codes stay on screen after the setup is confirmed: the page is not reloaded (its loader
 * would now find the admin signed in and send them on before they kept the codes).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

export default SetupStepPage;
