import type { Toast } from "~/models/toast";

export type ShellAdmin = { username: string; role: string };
/** A sidebar entry this admin may open. */
export type ShellEntry = { name: string; to: string; initials: string };
export type { RecentChange as ShellNotice, RecentChanges as ShellNotices } from "~/models/audit-access";
export type ShellToast = Toast & { id: string };

/** Two letters for the mini sidebar: first letters of two words, else the first two letters. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[1][0] : name.slice(0, 2);
  return letters.toUpperCase();
}
