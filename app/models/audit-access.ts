/** What only the admin uses of ~contract/audit-access (the shared part stays in contract/audit-access.ts). */

/** One of the header's Recent changes: in words, when, the record's page (or its area's), and whether this admin has read it. */
export type RecentChange = { id: number; text: string; when: string; at: string; href: string | null; unread: boolean };
/** The header's Recent changes: the newest of this admin's areas, how many are unread ("99+" beyond the cap), read up to which entry. */
export type RecentChanges = { items: RecentChange[]; unread: number; unreadText: string; upTo: number };
/** Where "Mark all read" posts (the header's form; with JavaScript, opening the menu posts the same). */
export const MARK_SEEN_PATH = "/admin/notifications";
