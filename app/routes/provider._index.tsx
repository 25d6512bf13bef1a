import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { providerHomeOf, requireProvider } from "~/services/provider-auth/auth.server";

/** /provider: the wizard until the provider is registered, the dashboard after. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { provider } = await requireProvider(request);
  throw redirect(providerHomeOf(provider));
}
