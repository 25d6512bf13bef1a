/**
 * The Users screen's words (spec 2 §2 Users, §8). No zod here: the page's browser bundle imports
 * this file; ./users builds the API's schemas on it.
 */

/** The status filter: is_active true = Active, false = Blocked (blocked by an admin). */
export const USER_STATUS_FILTERS = ["Active", "Blocked"] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

/** The row dialogs the URL can ask for (?dialog=…&user=<username>). */
export const USER_DIALOGS = ["block", "activate", "delete"] as const;
export type UserDialogKind = (typeof USER_DIALOGS)[number];

export const USER_MESSAGES = {
  updated: "User Updated Successfully",
  deleted: "User Deleted Successfully",
  notFound: "User not found",
  updateFailed: "The user could not be updated",
  deleteFailed: "This user cannot be deleted",
  /** DELETE /delete-user's 409 */
  openOrders: (n: number) =>
    `This user has ${n} open ${n === 1 ? "order" : "orders"}: they cannot be deleted until ${n === 1 ? "it is" : "those are"} completed or cancelled`,
} as const;
