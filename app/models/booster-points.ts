/** What only the admin uses of ~contract/booster-points (the shared part stays in contract/booster-points.ts). */
import { type BoostingKind, type BoostHistoryRow } from "~contract/booster-points";

export const BOOSTING_KIND_LABELS: Record<BoostingKind, string> = { grant: "Grant", correction: "Correction", opening: "Opening balance" };
/** What the admin may choose when adding points. */
export const BOOSTING_KIND_CHOICES = [
  { value: "grant", label: "Grant (adds points)" },
  { value: "correction", label: "Correction (fixes an earlier change; may take points away)" },
] as const;

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
