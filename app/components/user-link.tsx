import { Link } from "@remix-run/react";
import { useCanOpenEntry } from "~/components/can-open";
import { Text } from "~/components/ui";

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

/** "User page": the provider's (or anyone's) user story, for an admin who may open Users; nothing otherwise. */
export function UserPageLink({ id }: { id: number }) {
  const canOpen = useCanOpenEntry(USERS_ENTRY);
  if (!canOpen) return null;
  return (
    <Text size="2">
      <Link to={userPageHref(id)}>User page</Link>
    </Text>
  );
}
