/**
 * Booster points words both the pages and the API use (zod-free, so the browser bundle stays small).
 * A grant adds points; a correction fixes an earlier change (the only way to take points away,
 * always with a reason); an opening balance is a total carried over from before every change was
 * recorded.
 */
export const BOOSTING_KINDS = ["grant", "correction", "opening"] as const;
export type BoostingKind = (typeof BOOSTING_KINDS)[number];
export const BOOSTING_KIND_LABELS: Record<BoostingKind, string> = { grant: "Grant", correction: "Correction", opening: "Opening balance" };
/** What the admin may choose when adding points. */
export const BOOSTING_KIND_CHOICES = [
  { value: "grant", label: "Grant (adds points)" },
  { value: "correction", label: "Correction (fixes an earlier change; may take points away)" },
] as const;
export const BOOSTING_MESSAGES = {
  negativeGrant: "Taking points away is a correction: choose Correction and give the reason",
  belowZero: "The total booster points cannot go below 0",
} as const;

/** A history row as the pages show it: when in India time, the kind as a word, who by username. */
export type BoostHistoryRow = { id: number; when: string; points: number; kind: string; reason: string; by: string };
/** A provider's history for a page, and its total (the sum); `error` when it could not be read. */
export type BoosterHistoryView = { rows: BoostHistoryRow[]; total: number | null; error: string | null };

/** The "Add Boosting Point" dialog's data (the list's loader gives it, the dialog shows it). */
export type BoostDialogData = {
  id: number;
  username: string;
  history: BoostHistoryRow[];
  /** the sum of the history */
  total: number;
  /** the history could not be read: the dialog still lets the admin grant points */
  historyError: string | null;
};

/** What the admin typed in that dialog, kept when the save is refused. */
export type BoostValues = { points: string; reason: string; kind: string };
