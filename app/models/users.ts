/** What only the admin uses of ~contract/users (the shared part stays in contract/users.ts). */
import type { PageCursors, TotalKind } from "~contract/list-total";
import type { UserDialogKind } from "~contract/user-labels";
import type { UserSortField } from "~contract/users";
import { plain, type ListColumn } from "~/models/list-columns";

// ——— the admin's page (types only) ———

export type UserRow = {
  id: number;
  username: string;
  name: string;
  email: string;
  phone: string;
  joined: string;
  rating: string;
  active: boolean;
  /** also a service provider: their provider page's id (null: not one) */
  providerId: number | null;
};

/** The Users list's columns: the table's and the export's (the table adds its Actions). */
export const USER_COLUMNS: readonly ListColumn<UserRow>[] = [
  { key: "username", header: "Username", sortField: "username", width: 24, value: (r) => r.username },
  { key: "name", header: "Name", sortField: "name", width: 24, value: (r) => plain(r.name) },
  { key: "email", header: "Email", width: 30, value: (r) => plain(r.email) },
  { key: "phone", header: "Phone", width: 18, value: (r) => plain(r.phone) },
  { key: "joined", header: "Joined", sortField: "created_at", width: 12, value: (r) => r.joined },
  { key: "rating", header: "Rating", sortField: "rating", width: 8, value: (r) => (r.rating === "—" ? undefined : Number(r.rating)) },
  { key: "status", header: "Status", sortField: "status", width: 10, value: (r) => (r.active ? "Active" : "Blocked") },
];

export type UserFilters = { status: string; start_date: string; end_date: string };

/** A confirmation the URL asks for, with the user it names. */
export type UserDialog = {
  kind: UserDialogKind;
  id: number;
  username: string;
  name: string;
  isProvider: boolean;
  /** why the API would certainly refuse it (a delete while the user has open orders): said instead of a confirm */
  blocked?: string;
};

/** What the URL's dialog could not show (unknown user, nothing to do), or why a confirmed change was refused. */
export type UserNotice = { title: string; message: string; tone: "info" | "error" };

export type UsersPageData = {
  rows: UserRow[];
  total: number;
  totalKind: TotalKind;
  page: number;
  /** the neighbouring pages' cursors (keyset pages past 10,000 rows) */
  cursors?: PageCursors;
  pageSize: number;
  search: string;
  /** the sort the URL asks for (null: newest first) */
  sort: { field: UserSortField; order: "asc" | "desc" } | null;
  /** the signed-in admin may open provider pages: the provider marker links there */
  canOpenProviders: boolean;
  filters: UserFilters;
  filterErrors: string[];
  filtered: boolean;
  dialog: UserDialog | null;
  notice: UserNotice | null;
};

/** An action's answer when nothing changed (shown in place of the dialog); success redirects with a toast. */
export type UserActionFailure = { intent: UserDialogKind; username: string; notice: UserNotice };
