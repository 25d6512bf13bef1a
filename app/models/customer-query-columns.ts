/**
 * The Customer Queries list's columns (the table's and the export's), apart from ./customer-queries:
 * that file builds zod schemas, and the table's browser bundle must not carry them.
 */
import { plain, type ListColumn } from "~/models/list-columns";
import type { QueryRow } from "~/models/customer-queries";

/**
 * User, Phone, Provider, Provider Phone, the chat count (the table's "View Details (n)" link, the
 * export's number), Date (the last message's).
 */
export const CUSTOMER_QUERY_COLUMNS: readonly ListColumn<QueryRow>[] = [
  { key: "user", header: "User", width: 24, value: (r) => plain(r.user) },
  { key: "phone", header: "Phone", width: 18, value: (r) => plain(r.userPhone.text) },
  { key: "provider", header: "Provider", width: 24, value: (r) => plain(r.provider) },
  { key: "provider-phone", header: "Provider Phone", width: 18, value: (r) => plain(r.providerPhone.text) },
  { key: "chats", header: "Chats", width: 8, value: (r) => r.chatCount },
  { key: "date", header: "Date", sortField: "date", width: 18, value: (r) => plain(r.date) },
];
