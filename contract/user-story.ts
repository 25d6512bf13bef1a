import { z } from "zod";
import type { AccessName } from "./access";
import { Inr, ORDER_STATUSES, SERVICE_TYPES } from "./orders";
import { PAYMENT_STATUSES } from "./payment-labels";
import { RATING_TYPES } from "./rating-labels";
import { sectionsParam } from "./sections";
import { UserListRecord } from "./users";

/**
 * A user's whole story (issue 33 part 4): GET /users/{id}/story answers the profile and status
 * history (the User area's own) and, per section asked for, the latest rows of another area with
 * their count. Each section needs its area's access: the admin asks only for those its admin holds.
 */
export const USER_STORY_SECTIONS = {
  orders: "Bookings",
  payments: "Payment",
  ratings: "Ratings",
  contacts: "Contacts",
  queries: "QueryMessage",
} as const satisfies Record<string, AccessName>;
export type UserStorySection = keyof typeof USER_STORY_SECTIONS;
export const USER_STORY_SECTION_NAMES = Object.keys(USER_STORY_SECTIONS) as UserStorySection[];

export const USER_STORY_ROWS_DEFAULT = 10;
export const USER_STORY_ROWS_MAX = 50;

export const UserStoryQuery = z.object({
  sections: sectionsParam(USER_STORY_SECTION_NAMES),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(USER_STORY_ROWS_MAX)
    .default(USER_STORY_ROWS_DEFAULT)
    .describe(`rows per section, newest first (default ${USER_STORY_ROWS_DEFAULT}, at most ${USER_STORY_ROWS_MAX})`),
});

/** One change of the user's status as the audit log recorded it: Block / Activate (is_active) or the account status. */
export const UserStatusChange = z.object({
  audit_id: z.number().int(),
  at: z.string(),
  /** the admin who made it (null: the system or an admin since deleted) */
  admin_username: z.string().nullable(),
  field: z.enum(["is_active", "status"]),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type UserStatusChange = z.infer<typeof UserStatusChange>;

const section = <T extends z.ZodTypeAny>(row: T) => z.object({ total: z.number().int(), rows: z.array(row) });

/** An order the user booked (as the customer). */
export const UserStoryOrder = z.object({
  order_id: z.number().int(),
  short_id: z.string(),
  created_at: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  status: z.enum(ORDER_STATUSES),
  charges: Inr,
  serviceProviderId: z.number().int(),
  serviceProviderUsername: z.string(),
});
/** A payment attempt for one of the user's orders. */
export const UserStoryPayment = z.object({
  payment_id: z.number().int(),
  order_id: z.number().int(),
  short_id: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  total_amount: Inr,
  payment_date: z.string(),
});
/** A rating the user gave (of one of their orders). */
export const UserStoryRating = z.object({
  rating_id: z.number().int(),
  order_id: z.number().int(),
  short_id: z.string(),
  serviceProviderUsername: z.string(),
  type: z.enum(RATING_TYPES),
  comment: z.string(),
  created_at: z.string(),
});
/** A contact lead sent from the user's email address. */
export const UserStoryContact = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
});
/** A customer query: the user's chat with one provider. */
export const UserStoryChatGroup = z.object({
  id: z.number().int(),
  serviceProviderId: z.number().int(),
  serviceProviderUsername: z.string(),
  chat_count: z.number().int(),
  date: z.string(),
});

export const UserStory = z.object({
  user: UserListRecord,
  /** newest first */
  history: z.array(UserStatusChange),
  orders: section(UserStoryOrder).optional(),
  payments: section(UserStoryPayment).optional(),
  ratings: section(UserStoryRating).optional(),
  contacts: section(UserStoryContact).optional(),
  queries: section(UserStoryChatGroup).optional(),
});
export type UserStory = z.infer<typeof UserStory>;
