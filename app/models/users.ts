/** What only the admin uses of ~contract/users (the shared part stays in contract/users.ts). */
import type { TotalKind } from "~contract/list-total";
import type { UserDialogKind } from "~contract/user-labels";

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
};

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
  pageSize: number;
  search: string;
  filters: UserFilters;
  filterErrors: string[];
  filtered: boolean;
  dialog: UserDialog | null;
  notice: UserNotice | null;
};

/** An action's answer when nothing changed (shown in place of the dialog); success redirects with a toast. */
export type UserActionFailure = { intent: UserDialogKind; username: string; notice: UserNotice };
