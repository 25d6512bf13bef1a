import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { recoveryCodesDownload } from "~/services/two-factor/enrolment.server";

// A resource route: the recovery codes a page has just shown, posted back by its plain form and
// answered as a text file (the API keeps only their hashes). Works the same with or without JS.

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request, "always");
  return recoveryCodesDownload(await request.formData());
}
