import { useRouteLoaderData } from "@remix-run/react";
import { sidebarEntriesOf } from "~/models/access";

/**
 * Whether the signed-in admin may open the sidebar entry at `to` (its page and the pages under it),
 * read from the admin layout's sidebar mask: a link to another area's page is drawn only where it
 * would open, without each list's loader passing the admin's access down.
 */
export function useCanOpenEntry(to: string): boolean {
  const layout = useRouteLoaderData("routes/admin") as { sidebar?: number } | undefined;
  return layout?.sidebar !== undefined && sidebarEntriesOf(layout.sidebar).some((entry) => entry.to === to);
}
