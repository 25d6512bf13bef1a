import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Outlet, useLoaderData, useRouteError, isRouteErrorResponse, useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { TimeZoneNote } from "~/components/shell/time-zone-note";
import { sidebarEntriesOf, sidebarEntryFor } from "~/models/access";
import { listOfPath } from "~/models/list-views";
import { ErrorPanel, statusOf } from "~/components/error-boundary";
import { Header, useMiniSidebar } from "~/components/shell/header";
import { Sidebar } from "~/components/shell/sidebar";
import { Toasts } from "~/components/shell/toasts";
import { initialsOf } from "~/components/shell/types";
import { requireAdmin } from "~/services/auth.server";
// what the shell shows, from one server module: each `.server` module that several routes import is
// an empty chunk of its own in the browser build, one more request on every page (issue 31 §4)
import { loadShell } from "~/services/shell/layout.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireAdmin(request, "always");
  return loadShell(request, signedIn);
}

/**
 * The shell's data holds the page's saved views (app/services/list-views.server.ts): it is read
 * again when the admin goes to or from a list page, besides Remix's own reasons (a form posted,
 * the query changed).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate ||
  (currentUrl.pathname !== nextUrl.pathname && (listOfPath(currentUrl.pathname) !== null || listOfPath(nextUrl.pathname) !== null));

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];

/** "Admin | <sidebar entry>", as the spec sets it when an entry is clicked. */
export function titleFor(pathname: string): string {
  const entry = sidebarEntryFor(pathname);
  return entry ? `Admin | ${entry.name}` : "Admin";
}

export default function AdminLayout() {
  const { admin, sidebar: mask, miniSidebar, notices, toast } = useLoaderData<typeof loader>();
  // the loader sends which entries are open (a sidebarMask); their names, paths and icons are SIDEBAR's
  const sidebar = useMemo(
    () =>
      sidebarEntriesOf(mask).map((entry) => ({
        name: entry.name,
        to: entry.to,
        initials: initialsOf(entry.name),
      })),
    [mask],
  );
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
