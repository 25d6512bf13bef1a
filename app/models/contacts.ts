/** What only the admin uses of ~contract/contacts (the shared part stays in contract/contacts.ts). */

/** One row of the admin's list: the date formatted, the message cut when it is long. */
export type ContactRow = {
  /** its place in the whole list, counting from 1 */
  n: number;
  id: number;
  name: string;
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
  searchError: string | null;
  dialog: ContactMessageDialog | null;
};
