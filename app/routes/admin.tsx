import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, isRouteErrorResponse, useLocation } from "@remix-run/react";
import { TimeZoneNote } from "~/components/shell/time-zone-note";
import { hasAccess } from "~contract/access";
import { SIDEBAR, sidebarEntryFor } from "~/models/access";
import { ErrorPanel, statusOf } from "~/components/error-boundary";
import { Header, useMiniSidebar } from "~/components/shell/header";
import { Sidebar } from "~/components/shell/sidebar";
import { Toasts } from "~/components/shell/toasts";
import { initialsOf, type ShellToast } from "~/components/shell/types";
import { requireAdmin } from "~/services/auth.server";
import { recentNotices } from "~/services/audit-log/notices.server";
import { getPreferences } from "~/services/preferences.server";
import { commitFlash } from "~/services/session.server";
import { takeToast } from "~/services/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "always");
  const [{ toast, flash }, preferences, notices] = await Promise.all([
    takeToast(request),
    getPreferences(request),
    recentNotices(admin, api),
  ]);
  const shellToast: ShellToast | null = toast ? { ...toast, id: crypto.randomUUID() } : null;
  return data(
    {
      admin: { username: admin.adminUsername, role: admin.adminRole, email: admin.adminEmail },
      appearance: admin.appearance,
      sidebar: SIDEBAR.filter((entry) => hasAccess(admin.adminAccessRoleSettings, entry.access)).map((entry) => ({
        name: entry.name,
        to: entry.to,
        initials: initialsOf(entry.name),
      })),
      miniSidebar: preferences.miniSidebar,
      notices,
      toast: shellToast,
    },
    toast ? { headers: { "Set-Cookie": await commitFlash(flash) } } : undefined,
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];

/** "Admin | <sidebar entry>", as the spec sets it when an entry is clicked. */
export function titleFor(pathname: string): string {
  const entry = sidebarEntryFor(pathname);
  return entry ? `Admin | ${entry.name}` : "Admin";
}

export default function AdminLayout() {
  const { admin, sidebar, miniSidebar, notices, toast } = useLoaderData<typeof loader>();
  const mini = useMiniSidebar(miniSidebar);
  return (
    <div className={mini ? "shell is-mini" : "shell"}>
      <a href="#main" className="visually-hidden">
        Skip to content
      </a>
      <Header admin={admin} entries={sidebar} notices={notices} miniSidebar={miniSidebar} />
      <div className="shell-body">
        <Sidebar entries={sidebar} />
        <main id="main" className="content">
          <Outlet />
          <TimeZoneNote />
        </main>
      </div>
      <Toasts toast={toast} />
    </div>
  );
}

/** The layout itself failed (API down while checking the session): a page without the shell. */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : statusOf(error);
  return (
    <main className="standalone-page">
      <div style={{ width: "min(560px, 100%)" }}>
        <ErrorPanel status={status} retryHref={location.pathname + location.search} />
      </div>
    </main>
  );
}
