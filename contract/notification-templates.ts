import { z } from "zod";
import { Page, PageSize, sorting, sortTogether } from "./list-query-schema";
import {
  CHANNEL_LABELS,
  CHANNEL_LIMITS,
  NOTIFICATION_USER_TYPES,
  notForUserType,
  notificationTypeOf,
  TEMPLATE_CHANNELS,
  TEMPLATE_MESSAGES,
  TEMPLATE_SORT_FIELDS,
  unknownPlaceholderMessage,
  type TemplateChannel,
} from "./notification-types";

/**
 * Notification templates' contract (spec 3 §3 NotificationTemplate, §7): the API's bodies and
 * answers, and the rules both the API and the admin's form check. Labels and the event list are in
 * the zod-free notification-types.ts.
 */
export const TemplateUserType = z.enum(NOTIFICATION_USER_TYPES, {
  errorMap: () => ({ message: TEMPLATE_MESSAGES.userTypeRequired }),
});

const channel = (name: TemplateChannel) =>
  z
    .string({ invalid_type_error: `${CHANNEL_LABELS[name]} must be text` })
    .trim()
    .max(CHANNEL_LIMITS[name], `${CHANNEL_LABELS[name]} is at most ${CHANNEL_LIMITS[name]} characters`);

export const TemplateFields = z.object({
  user_type: TemplateUserType,
  notification_type: z
    .string({ required_error: TEMPLATE_MESSAGES.typeRequired, invalid_type_error: TEMPLATE_MESSAGES.typeRequired })
    .trim()
    .min(1, TEMPLATE_MESSAGES.typeRequired)
    .max(60, TEMPLATE_MESSAGES.unknownType),
  web_notification: channel("web_notification").default(""),
  whatsapp_template: channel("whatsapp_template").default(""),
  email_template: channel("email_template").default(""),
});
export type TemplateFields = z.infer<typeof TemplateFields>;

/**
 * The rules across fields, on a whole template (a partial update merged with the stored one):
 * the type exists and goes to that user type, at least one channel is filled, and every channel
 * uses only its type's placeholders. Field name → message.
 */
export function templateIssues(template: TemplateFields): Record<string, string> {
  const issues: Record<string, string> = {};
  const type = notificationTypeOf(template.notification_type);
  if (!type) {
    issues.notification_type = TEMPLATE_MESSAGES.unknownType;
    return issues;
  }
  if (!type.user_types.includes(template.user_type)) issues.notification_type = notForUserType(type, template.user_type);
  if (TEMPLATE_CHANNELS.every((name) => !template[name].trim())) issues.web_notification = TEMPLATE_MESSAGES.oneChannel;
  for (const name of TEMPLATE_CHANNELS) {
    const message = unknownPlaceholderMessage(name, template[name], type);
    if (message) issues[name] = message;
  }
  return issues;
}

export const CreateTemplateBody = TemplateFields;
export type CreateTemplateBody = z.infer<typeof CreateTemplateBody>;

/**
 * PUT /update-notification-template/{id}/ body: any of the fields (absent ones are kept; the audit
 * log's revert sends only the changed ones back), plus the updated_at the admin loaded.
 */
export const UpdateTemplateBody = z.object({
  user_type: TemplateUserType.optional(),
  notification_type: TemplateFields.shape.notification_type.optional(),
  web_notification: channel("web_notification").optional(),
  whatsapp_template: channel("whatsapp_template").optional(),
  email_template: channel("email_template").optional(),
  updated_at: z.string({ required_error: "updated_at is required" }).min(1, "updated_at is required"),
});
export type UpdateTemplateBody = z.infer<typeof UpdateTemplateBody>;

/**
 * GET /list-create-notification-template/ query: all optional (no page_size: every template; no
 * sort: by user type, then notification type key). sortField notification_type sorts by the type's
 * label; ties go by id. sortField and sortOrder come together.
 */
export const TemplateListQuery = z
  .object({
    page: Page.optional(),
    page_size: PageSize.optional(),
    user_type: TemplateUserType.optional().describe("only this user type's templates"),
    notification_type: z.string().trim().max(60).optional().describe("only this notification type's templates"),
    ...sorting(TEMPLATE_SORT_FIELDS),
  })
  .superRefine(sortTogether);
export type TemplateListQuery = z.infer<typeof TemplateListQuery>;

export const NotificationTemplateRecord = z.object({
  id: z.number().int(),
  user_type: TemplateUserType,
  notification_type: z.string(),
  web_notification: z.string(),
  whatsapp_template: z.string(),
  email_template: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type NotificationTemplateRecord = z.infer<typeof NotificationTemplateRecord>;

export const NotificationTypeRecord = z.object({
  key: z.string(),
  label: z.string(),
  user_types: z.array(TemplateUserType),
  placeholders: z.array(z.string()),
  samples: z.record(z.string()),
});
export type NotificationTypeRecord = z.infer<typeof NotificationTypeRecord>;
