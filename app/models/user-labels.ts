/** What only the admin uses of ~contract/user-labels (the shared part stays in contract/user-labels.ts). */

/**
 * The Users screen's words (spec 2 §2 Users, §8). No zod here: the page's browser bundle imports
 * this file; ./users builds the API's schemas on it.
 */

/** The status filter: is_active true = Active, false = Blocked (blocked by an admin). */
export const USER_STATUS_FILTERS = ["Active", "Blocked"] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];
