import { data } from "@remix-run/node";
import { hasAccess } from "~contract/access";
import { sidebarMask } from "~/models/access";
import type { Toast } from "~/models/toast";
import type { requireAdmin } from "~/services/auth.server";
import { recentNotices } from "~/services/audit-log/notices.server";
import { loadListViews } from "~/services/list-views.server";
import { getPreferences } from "~/services/preferences.server";
import { commitFlash } from "~/services/session.server";
import { takeToast } from "~/services/toast.server";

/**
 * What the admin shell (routes/admin.tsx) shows around every page, for the signed-in admin. One
 * server module for the layout route: each `.server` module a route imports is an empty module in
 * the browser build, and one imported by several routes becomes a request of its own on every page
 * (issue 31 §4).
 * The sidebar is the entries this admin may open, as a sidebarMask: their names, paths and icons are
 * in the browser's SIDEBAR already. Only what the shell shows: no e-mail address.
 */
export async function loadShell(request: Request, { admin, api }: Awaited<ReturnType<typeof requireAdmin>>) {
  // a saved view's link or the admin's default view redirects before the toast is taken (it shows on the view)
  const [listViews, { toast, flash }, preferences, notices] = await Promise.all([
    loadListViews(request, admin, api),
    takeToast(request),
    getPreferences(request),
    recentNotices(admin, api),
  ]);
  const shellToast: (Toast & { id: string }) | null = toast ? { ...toast, id: crypto.randomUUID() } : null;
  return data(
    {
      admin: { username: admin.adminUsername, role: admin.adminRole },
      appearance: admin.appearance,
      sidebar: sidebarMask((entry) => hasAccess(admin.adminAccessRoleSettings, entry.access)),
      miniSidebar: preferences.miniSidebar,
      notices,
      toast: shellToast,
      /** the page's list's saved views (issue 32 §4), when the page is a list */
      listViews,
    },
    toast ? { headers: { "Set-Cookie": await commitFlash(flash) } } : undefined,
  );
}
