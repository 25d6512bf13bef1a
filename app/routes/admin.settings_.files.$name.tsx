import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { settingFile } from "~/services/settings/general-tab.server";

/**
 * /admin/settings/files/{name}: General Settings' logo or favicon, for the tab's previews (the
 * page's "Settings" access). Only images this tab stores, or the ones the setting names now.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Settings");
  return settingFile(request, api, params.name ?? "");
}
