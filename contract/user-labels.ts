import { hasAccess } from "./access";

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
  /** DELETE /delete-user's 403s */
  needsUserAccess: "Only an admin with Users access can delete users.",
  providerNeedsAccess: (username: string) =>
    `${username} is also a service provider: deleting them deletes their provider profile too, which needs Service Providers access as well as Users.`,
} as const;

/**
 * Why an admin holding these areas may not delete this user (null: they may): deleting needs User
 * access, and ServiceProvider access too when the user is also a provider (their profile goes with them).
 * The API refuses with it; the Users screen says it in place of the confirmation.
 */
export function userDeleteRefusal(access: readonly string[], user: { username: string; isProvider: boolean }): string | null {
  if (!hasAccess(access, "User")) return USER_MESSAGES.needsUserAccess;
  if (user.isProvider && !hasAccess(access, "ServiceProvider")) return USER_MESSAGES.providerNeedsAccess(user.username);
  return null;
}
