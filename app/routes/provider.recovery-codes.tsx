import type { ActionFunctionArgs } from "@remix-run/node";
import { requireProvider } from "~/services/provider-auth/auth.server";
import { recoveryCodesDownload } from "~/services/two-factor/enrolment.server";

// A resource route: the recovery codes the dashboard has just shown, posted back by its plain form
// and answered as a text file (the API keeps only their hashes). Works the same with or without JS.

export async function action({ request }: ActionFunctionArgs) {
  await requireProvider(request);
  return recoveryCodesDownload(await request.formData());
}
