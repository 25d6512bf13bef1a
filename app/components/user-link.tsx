import { Link } from "@remix-run/react";
import { useCanOpenEntry } from "~/components/can-open";

export const USERS_ENTRY = "/admin/user";

/** A user's page: their whole story (/admin/user/<id>). */
export const userPageHref = (id: number) => `${USERS_ENTRY}/${id}`;

/**
 * A user's name wherever it appears (lists, search results, detail pages): a link to the user's page
 * when the admin may open Users, plain text otherwise. `canOpen` overrides what the admin layout says
 * (a page that already knows).
 */
export function UserLink({ id, name, canOpen }: { id: number | null | undefined; name: string; canOpen?: boolean }) {
  const layoutSays = useCanOpenEntry(USERS_ENTRY);
  if (id == null || !(canOpen ?? layoutSays)) return <>{name}</>;
  return <Link to={userPageHref(id)}>{name}</Link>;
}
