/** What only the admin uses of ~contract/contacts (the shared part stays in contract/contacts.ts). */
import type { ContactSortField } from "~contract/contacts";
import { plain, type ListColumn } from "~/models/list-columns";

/** One row of the admin's list: the date formatted, the message cut when it is long. */
export type ContactRow = {
  /** its place in the whole list, counting from 1 */
  n: number;
  id: number;
  name: string;
  /** the sender is a user (the same email): their page's id, their name links there */
  userId: number | null;
  createdAt: string;
  email: string;
  contactNo: string;
  context: string;
  subject: string;
  /** the message, or its beginning when it is long */
  message: string;
  /** the message was cut: the row offers "Read more" (?dialog=message&id=…) */
  truncated: boolean;
};

/** The contact leads list's columns: the table's and the export's (whose rows carry the whole message). */
export const CONTACT_COLUMNS: readonly ListColumn<ContactRow>[] = [
  { key: "name", header: "Name", sortField: "name", width: 24, value: (r) => r.name },
  { key: "created", header: "Created At", sortField: "created_at", width: 18, value: (r) => r.createdAt },
  { key: "email", header: "Email", width: 30, value: (r) => plain(r.email) },
  { key: "contactNo", header: "Contact No", width: 18, value: (r) => plain(r.contactNo) },
  { key: "context", header: "Context", width: 20, value: (r) => plain(r.context) },
  { key: "subject", header: "Subject", width: 24, value: (r) => plain(r.subject) },
  { key: "message", header: "Message", width: 60, value: (r) => plain(r.message) },
];

/** The whole message the dialog shows, or why it cannot. */
export type ContactMessageDialog =
  | { kind: "message"; id: number; name: string; email: string; subject: string; createdAt: string; message: string }
  | { kind: "notice"; title: string; message: string };

export type ContactsPageData = {
  rows: ContactRow[];
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  search: string;
  /** the sort the URL asks for (null: newest first) */
  sort: { field: ContactSortField; order: "asc" | "desc" } | null;
  searchError: string | null;
  dialog: ContactMessageDialog | null;
};
