import { AllChangesLink } from "~/components/audit-log/all-changes-link";
import { Link, useLocation } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { Badge, Button, Flex, Text } from "~/components/ui";
import type { UserDialogKind } from "~contract/user-labels";
import type { UserRow } from "~/models/users";

/** The users table; Block / Activate and Delete open their confirmation through the URL (?dialog=…&user=…). */
export function UsersTable({ rows }: { rows: UserRow[] }) {
  const location = useLocation();
  const dialogHref = (kind: UserDialogKind, username: string) => {
    const params = new URLSearchParams(location.search);
    params.set("dialog", kind);
    params.set("user", username);
    return `${location.pathname}?${params}`;
  };

  const columns: Column<UserRow>[] = [
    {
      key: "username",
      header: "Username",
      cell: (r) => (
        <>
          <Text weight="medium">{r.username}</Text>{" "}
          <Text size="1">
            <AllChangesLink entity="user" id={r.id} name={r.username} />
          </Text>
        </>
      ),
    },
    { key: "name", header: "Name", cell: (r) => r.name },
    { key: "email", header: "Email", cell: (r) => r.email },
    { key: "phone", header: "Phone", cell: (r) => <span style={{ whiteSpace: "nowrap" }}>{r.phone}</span> },
    { key: "joined", header: "Joined", cell: (r) => <span style={{ whiteSpace: "nowrap" }}>{r.joined}</span> },
    { key: "rating", header: "Rating", align: "right", cell: (r) => r.rating },
    {
      key: "status",
      header: "Status",
      cell: (r) => (
        <Badge color={r.active ? "green" : "red"} variant="soft" radius="full">
          {r.active ? "Active" : "Blocked"}
        </Badge>
      ),
    },
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
  ];

  return <DataTable caption="Users" columns={columns} rows={rows} rowKey={(r) => r.id} />;
}
