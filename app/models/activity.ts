/** What only the admin uses of ~contract/activity (the shared part stays in contract/activity.ts). */
import { type FieldChange } from "~contract/activity";

/** Activity-tracker entries as the pages show them (read by app/utils/activity-details.ts). */

export type ActivityStatus = "updated" | "no_changes";

export type ActivityDetails = {
  status: ActivityStatus;
  /** the non-empty changed fields, in the order the details list them */
  changes: FieldChange[];
};
