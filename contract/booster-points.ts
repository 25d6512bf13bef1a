/**
 * Booster points words both the pages and the API use (zod-free, so the browser bundle stays small).
 * A grant adds points; a correction fixes an earlier change (the only way to take points away,
 * always with a reason); an opening balance is a total carried over from before every change was
 * recorded.
 */
export const BOOSTING_KINDS = ["grant", "correction", "opening"] as const;
export type BoostingKind = (typeof BOOSTING_KINDS)[number];
export const BOOSTING_MESSAGES = {
  negativeGrant: "Taking points away is a correction: choose Correction and give the reason",
  belowZero: "The total booster points cannot go below 0",
} as const;

/** A history row as the pages show it: when in India time, the kind as a word, who by username. */
export type BoostHistoryRow = { id: number; when: string; points: number; kind: string; reason: string; by: string };
/** A provider's history for a page, and its total (the sum); `error` when it could not be read. */
export type BoosterHistoryView = { rows: BoostHistoryRow[]; total: number | null; error: string | null };
