/** The dashboard's trends as the page draws them: ranges, charts and their figures (see app/services/dashboard). */

/** The range links: the last 7, 30 or 90 days, today included (India time). */
export const TREND_PRESETS = [7, 30, 90] as const;
export type TrendPreset = (typeof TREND_PRESETS)[number];
export const DEFAULT_TREND_DAYS: TrendPreset = 30;

/** The range the page shows, from its URL (`range=7|30|90`, or `from` and `to`). */
export type TrendRangeView = {
  /** the preset chosen, or null for dates typed in */
  preset: TrendPreset | null;
  from: string;
  to: string;
  /** "Last 30 days: 29-Oct-2026 to 27-Nov-2026" */
  label: string;
  presets: { days: TrendPreset; label: string; href: string; current: boolean }[];
};

/** One bar or row: its label, its figure as text, its tooltip, and the list of its rows (null: none to open). */
export type TrendBar = { label: string; value: number; text: string; title: string; href: string | null };

/**
 * A chart: bars over time ("columns": per day or week) or one row per kind ("rows": statuses, steps).
 * `description` says what it shows and its total in words (the picture's text alternative); the table
 * under it gives every figure, with its link.
 */
export type TrendChart = {
  id: string;
  kind: "columns" | "rows";
  title: string;
  description: string;
  /** the table's column headers: what a bar is, and what it counts */
  headers: [string, string];
  bars: TrendBar[];
  /** a second figure per row, in the table only (the funnel's "Stopped here", which the journeys list shows) */
  stopped?: { header: string; cells: { text: string; href: string | null; name: string }[] };
  /** the list of all its rows, when the admin may open it */
  list: { href: string; name: string } | null;
};

/** A single figure beside the charts (payments awaiting release, failed messages). */
export type TrendFigure = { label: string; value: string; note?: string; href: string | null };

export type TrendsView = {
  range: TrendRangeView;
  charts: TrendChart[];
  figures: TrendFigure[];
  /** what went wrong: a range the URL gave that cannot be read (the default is shown), or the API's failure */
  errors: string[];
};
