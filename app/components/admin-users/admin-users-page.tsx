import { Link, useLocation } from "@remix-run/react";
import { ConfirmDialog, NoticeDialog } from "~/components/dialogs-on-demand";
import { DataTable, tableColumns, type SortOrder } from "~/components/data-table";
import { ListExportLinks } from "~/components/export-link";
import { Pagination } from "~/components/pagination";
import { SearchForm } from "~/components/search-form";
import { Badge, Button, Flex, Heading, Text } from "~/components/ui";
import { FilterPanel, FilterSelect } from "~/components/filter-panel";
import { ADMIN_ROLES, ADMIN_STATUSES } from "~contract/admin-user-labels";
import {
  ADMIN_USER_COLUMNS,
  type AdminStatus,
  type AdminUserDialog,
  type AdminUserFilters,
  type AdminUserFormValues,
  type AdminUserRow,
} from "~/models/admin-user-labels";
import type { FormFailure } from "~/models/form-result";
import { onDemand } from "~/components/on-demand";
import type { TwoFactorPolicyView } from "~/models/two-factor";
import { TwoFactorPolicyPanel } from "./two-factor-policy-panel";

// the add/edit dialog (its password meter, access checkboxes) is fetched when the URL opens it: the list ships without it
const AdminUserEditorDialog = onDemand(() => import("./admin-user-dialog").then((module) => module.AdminUserEditorDialog));

const STATUS_COLOR: Record<AdminStatus, string> = { Active: "green", Inactive: "gray", Block: "red" };

export type AdminUsersPageProps = {
  rows: AdminUserRow[];
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  search: string;
  /** the sort the URL asks for (null: newest first) */
  sort: { field: string; order: SortOrder } | null;
  searchError: string | null;
  dialog: AdminUserDialog | null;
  dialogError: string | null;
  passwordRule: string;
  listUrl: string;
  filters: AdminUserFilters;
  filterErrors: string[];
  /** the signed-in admin has All Access: their rows offer ending other admins' sessions and resetting their two-factor */
  canEndSessions: boolean;
  /** the two-factor policy, shown to All Access admins only (null for others) */
  twoFactorPolicy: TwoFactorPolicyView | null;
  failure?: FormFailure<AdminUserFormValues>;
};

const STATUS_OPTIONS = ADMIN_STATUSES.map((value) => ({ value, label: value }));
const ROLE_OPTIONS = ADMIN_ROLES.map((value) => ({ value, label: value }));

/** The same list URL with a dialog asked for. */
function useDialogHref() {
  const location = useLocation();
  return (dialog: string, id?: number) => {
    const params = new URLSearchParams(location.search);
    params.delete("id");
    params.set("dialog", dialog);
    if (id !== undefined) params.set("id", String(id));
    return `${location.pathname}?${params}`;
  };
}

/** Admin Users (spec 2 §2): the list with Add, the add/edit dialog and the delete confirmation. */
export function AdminUsersPage(props: AdminUsersPageProps) {
  const {
    rows,
    total,
    page,
    pageSize,
    pageSizes,
    search,
    sort,
    searchError,
    dialog,
    dialogError,
    passwordRule,
    listUrl,
    filters,
    filterErrors,
    canEndSessions,
    twoFactorPolicy,
    failure,
  } = props;
  const dialogHref = useDialogHref();
  const location = useLocation();
  // the dialog posts to the URL that shows it, so a refused save re-renders it
  const dialogUrl = location.pathname + location.search;

  const columns = tableColumns(
    ADMIN_USER_COLUMNS,
    {
      username: {
        cell: (row) => (
          <Text weight="medium">
            {row.username}
            {row.self ? (
              <Text size="1" color="gray">
                {" "}
                (you)
              </Text>
            ) : null}
          </Text>
        ),
      },
      status: {
        cell: (row) => (
          <Badge color={STATUS_COLOR[row.status]} radius="full">
            {row.status}
          </Badge>
        ),
      },
      access: { cell: (row) => <span style={{ display: "inline-block", maxWidth: "22rem" }}>{row.access}</span> },
      lastSignedIn: { cell: (row) => (row.lastSignedIn === "Never" ? <Text color="gray">Never</Text> : row.lastSignedIn) },
    },
    [
      {
        key: "actions",
        header: "Actions",
        cell: (row) => (
          <Flex gap="3" align="center">
            <Link to={dialogHref("edit", row.id)} preventScrollReset aria-label={`Edit ${row.username}`}>
              Edit
            </Link>
            <Link
              to={dialogHref("delete", row.id)}
              preventScrollReset
              aria-label={`Delete ${row.username}`}
              style={{ color: "var(--red-11)" }}
            >
              Delete
            </Link>
            {canEndSessions && !row.self ? (
              <Link
                to={dialogHref("end-sessions", row.id)}
                preventScrollReset
                aria-label={`End sessions of ${row.username}`}
                style={{ whiteSpace: "nowrap" }}
              >
                End sessions
              </Link>
            ) : null}
            {canEndSessions && !row.self ? (
              <Link
                to={dialogHref("reset-two-factor", row.id)}
                preventScrollReset
                aria-label={`Reset two-factor of ${row.username}`}
                style={{ whiteSpace: "nowrap" }}
              >
                Reset two-factor
              </Link>
            ) : null}
          </Flex>
        ),
      },
    ],
  );

  const editor = dialog && (dialog.kind === "add" || dialog.kind === "edit") ? dialog : null;
  const ending = dialog?.kind === "end-sessions" ? dialog : null;
  const resetting = dialog?.kind === "reset-two-factor" ? dialog : null;
  const editorFailure = failure && (failure.intent === "create" || failure.intent === "save") ? failure : undefined;
  const deleting = dialog?.kind === "delete" ? dialog : null;

  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Admin Users
        </Heading>
        <Flex gap="2" wrap="wrap">
          <ListExportLinks path="/admin/list-admin-users/export" />
          <Button asChild size="3">
            <Link to={dialogHref("add")} preventScrollReset>
              Add Admin User
            </Link>
          </Button>
        </Flex>
      </div>
      {twoFactorPolicy ? <TwoFactorPolicyPanel policy={twoFactorPolicy} action={listUrl} /> : null}
      <SearchForm
        id="admin-user-search"
        label="Search admin users"
        placeholder="Username or email"
        search={search}
        error={searchError}
        keep={["page_size", "status", "role", "sortField", "sortOrder"]}
      />
      <FilterPanel
        open={Boolean(filters.status || filters.role)}
        keep={["page_size", "search", "sortField", "sortOrder"]}
        errors={filterErrors}
      >
        <FilterSelect name="status" label="Status" value={filters.status} options={STATUS_OPTIONS} />
        <FilterSelect name="role" label="Role" value={filters.role} options={ROLE_OPTIONS} />
      </FilterPanel>
      {search ? (
        <Text as="p" size="2" color="gray" mb="2">
          Results for “{search}”
        </Text>
      ) : null}
      {/* FormError's markup: importing it from components/forms.tsx brings every field component to the list (0.8 KB gzip) */}
      {dialogError ? (
        <div role="alert" className="form-error">
          {dialogError}
        </div>
      ) : null}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        caption="Admin users"
        emptyMessage="No admin users found"
        sort={sort ?? undefined}
      />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={pageSizes} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this admin user?"
        cancelTo={listUrl}
        intent="delete"
        fields={{ id: deleting?.id ?? "" }}
        confirmLabel="Confirm Delete"
        action={listUrl}
        blockedTitle="This admin user cannot be deleted"
        blocked={
          deleting?.blocked ? (
            <Text as="p" size="2" style={{ margin: 0 }}>
              {deleting.blocked}
            </Text>
          ) : null
        }
      >
        <Text as="p" size="2" style={{ margin: 0 }}>
          <strong>{deleting?.username}</strong> will no longer be able to sign in, and their sessions end now. You won&apos;t be able to
          revert this.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        open={ending !== null}
        title="End this admin's sessions?"
        cancelTo={listUrl}
        intent="end-sessions"
        fields={{ id: ending?.id ?? "", username: ending?.username ?? "" }}
        confirmLabel="End sessions"
        action={listUrl}
        blockedTitle="There is no session to end here"
        blocked={
          ending?.blocked ? (
            <Text as="p" size="2" style={{ margin: 0 }}>
              {ending.blocked}
            </Text>
          ) : null
        }
      >
        <Text as="p" size="2" style={{ margin: 0 }}>
          <strong>{ending?.username}</strong> is signed in on {ending?.sessions} session{ending?.sessions === 1 ? "" : "s"}. They are signed
          out at their next request and can sign in again (block them to keep them out). The audit log records it.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        open={resetting !== null}
        title="Reset this admin's two-factor sign-in?"
        cancelTo={listUrl}
        intent="reset-two-factor"
        fields={{ id: resetting?.id ?? "", username: resetting?.username ?? "" }}
        confirmLabel="Reset two-factor"
        action={listUrl}
        blockedTitle="There is nothing to reset here"
        blocked={
          resetting?.blocked ? (
            <Text as="p" size="2" style={{ margin: 0 }}>
              {resetting.blocked}
            </Text>
          ) : null
        }
      >
        <Text as="p" size="2" style={{ margin: 0 }}>
          For an admin who lost their phone: <strong>{resetting?.username}</strong>&apos;s authenticator and recovery codes stop working and
          they are signed out everywhere. They sign in with their password alone (and set up two-factor again at once when the policy
          requires it of them). The audit log records it.
        </Text>
      </ConfirmDialog>
      {editor?.kind === "edit" && editor.blocked ? (
        <NoticeDialog title="You cannot change this admin user" message={editor.blocked} closeTo={listUrl} tone="error" />
      ) : editor ? (
        <AdminUserEditorDialog
          key={editor.kind === "edit" ? `${editor.id}-${editor.values.updated_at}` : "add"}
          dialog={editor}
          action={dialogUrl}
          cancelTo={listUrl}
          passwordRule={passwordRule}
          failure={editorFailure}
        />
      ) : null}
    </>
  );
}
