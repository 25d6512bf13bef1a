import { AllChangesLink } from "~/components/audit-log/all-changes-link";
import { Link, useLocation } from "@remix-run/react";
import { DataTable, tableColumns, type SortOrder } from "~/components/data-table";
import { Badge, Button, Flex, Text } from "~/components/ui";
import { UserLink } from "~/components/user-link";
import type { UserDialogKind } from "~contract/user-labels";
import { USER_COLUMNS, type UserRow } from "~/models/users";

/**
 * The users table; Block / Activate and Delete open their confirmation through the URL (?dialog=…&user=…).
 * Username, Name, Joined, Rating and Status sort (header links: sortField/sortOrder in the URL). A user
 * who is also a service provider is marked "Provider", a link to their provider page when the admin may open it.
 */
export function UsersTable({
  rows,
  sort,
  canOpenProviders,
}: {
  rows: UserRow[];
  sort?: { field: string; order: SortOrder };
  canOpenProviders: boolean;
}) {
  const location = useLocation();
  const dialogHref = (kind: UserDialogKind, username: string) => {
    const params = new URLSearchParams(location.search);
    params.set("dialog", kind);
    params.set("user", username);
    return `${location.pathname}?${params}`;
  };

  const columns = tableColumns(
    USER_COLUMNS,
    {
      username: {
        cell: (r) => (
          <>
            <Text weight="medium">
              <UserLink id={r.id} name={r.username} canOpen />
            </Text>{" "}
            {r.providerId !== null ? <ProviderMarker providerId={r.providerId} username={r.username} link={canOpenProviders} /> : null}{" "}
            <Text size="1">
              <AllChangesLink entity="user" id={r.id} name={r.username} />
            </Text>
          </>
        ),
      },
      phone: { cell: (r) => <span style={{ whiteSpace: "nowrap" }}>{r.phone}</span> },
      joined: { cell: (r) => <span style={{ whiteSpace: "nowrap" }}>{r.joined}</span> },
      rating: { align: "right", cell: (r) => r.rating },
      status: {
        cell: (r) => (
          <Badge color={r.active ? "green" : "red"} variant="soft" radius="full">
            {r.active ? "Active" : "Blocked"}
          </Badge>
        ),
      },
    },
    [
      {
        key: "actions",
        header: "Actions",
        cell: (r) => (
          <Flex gap="2" align="center">
            <Button asChild size="1" variant="soft" color={r.active ? "amber" : "green"}>
              <Link
                to={dialogHref(r.active ? "block" : "activate", r.username)}
                preventScrollReset
                aria-label={`${r.active ? "Block" : "Activate"} ${r.username}`}
              >
                {r.active ? "Block" : "Activate"}
              </Link>
            </Button>
            <Button asChild size="1" variant="soft" color="red">
              <Link to={dialogHref("delete", r.username)} preventScrollReset aria-label={`Delete ${r.username}`}>
                Delete
              </Link>
            </Button>
          </Flex>
        ),
      },
    ],
  );

  return <DataTable caption="Users" columns={columns} rows={rows} rowKey={(r) => r.id} sort={sort} />;
}

/** "Provider": the user is also a service provider; a link to their provider page when the admin may open it. */
function ProviderMarker({ providerId, username, link }: { providerId: number; username: string; link: boolean }) {
  const badge = (
    <Badge color="blue" variant="soft" radius="full">
      Provider
    </Badge>
  );
  if (!link) return badge;
  return (
    <Link to={`/admin/provider-details/${providerId}`} aria-label={`Provider page of ${username}`}>
      {badge}
    </Link>
  );
}
