import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin, safeRedirect } from "~/services/auth.server";
import { serializePreferences } from "~/services/preferences.server";

/** The mini-sidebar toggle: a POST form without JS (redirect back), a fetcher with JS (`js=1`). */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request, "always");
  const form = await request.formData();
  const miniSidebar = form.get("mini") === "1";
  const headers = { "Set-Cookie": await serializePreferences({ miniSidebar }) };
  if (form.get("js") === "1") return data({ miniSidebar }, { headers });
  return redirect(safeRedirect(form.get("redirectTo")), { headers });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "always");
  return redirect("/admin");
}
