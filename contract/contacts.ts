import { z } from "zod";
import { text } from "./api";
import { Page, PageSize, Search, sorting, sortTogether } from "./list-query-schema";

/**
 * Contact leads (spec 2 §2 Contacts, §3 Contact): what visitors send from the marketplace's public
 * contact form. The API's calls and the admin's list page share these.
 */
export const CONTACT_MESSAGES = {
  created: "Contact Added Successfully",
  notFound: "Contact not found",
  nameRequired: "Please enter your name",
  emailInvalid: "Please enter a valid email",
  messageRequired: "Please enter a message",
} as const;

export const CONTACT_LIMITS = { name: 100, email: 254, contactNo: 20, context: 100, subject: 200, message: 5000 } as const;

const optionalText = (field: string, max: number) =>
  text(field, { invalid_type_error: `${field} must be text` })
    .trim()
    .max(max, `${field} is at most ${max} characters`)
    .optional()
    .default("");

/** POST /create-contact body: name, a valid email and a message are required; the rest may be left out. */
export const CreateContactBody = z.object({
  name: text("Name", { required_error: CONTACT_MESSAGES.nameRequired, invalid_type_error: CONTACT_MESSAGES.nameRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.nameRequired)
    .max(CONTACT_LIMITS.name, `Name is at most ${CONTACT_LIMITS.name} characters`),
  email: text("Email", { required_error: CONTACT_MESSAGES.emailInvalid, invalid_type_error: CONTACT_MESSAGES.emailInvalid })
    .trim()
    .max(CONTACT_LIMITS.email, CONTACT_MESSAGES.emailInvalid)
    .email(CONTACT_MESSAGES.emailInvalid),
  contactNo: optionalText("Contact number", CONTACT_LIMITS.contactNo).refine(
    (v) => v === "" || /^\+?[\d\s()-]{6,20}$/.test(v),
    "Contact number may hold digits, spaces, ( ) - and a leading +",
  ),
  context: optionalText("Context", CONTACT_LIMITS.context),
  subject: optionalText("Subject", CONTACT_LIMITS.subject),
  message: text("Message", { required_error: CONTACT_MESSAGES.messageRequired, invalid_type_error: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .max(CONTACT_LIMITS.message, `Message is at most ${CONTACT_LIMITS.message} characters`),
});
export type CreateContactBody = z.infer<typeof CreateContactBody>;

/** The contact leads list's sorts: name, created_at (the date). Default: newest first. */
export const CONTACT_SORT_FIELDS = ["name", "created_at"] as const;
export type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];

/** GET /get-all-contacts query: paging, search and sort are ours and optional (no page_size: every contact). */
export const ContactListQuery = z
  .object({
    page: Page.optional(),
    page_size: PageSize.optional(),
    search: Search.optional().default("").describe("part of the name, email, contact number, context, subject or message (any case)"),
    ...sorting(CONTACT_SORT_FIELDS),
  })
  .superRefine(sortTogether);
export type ContactListQuery = z.infer<typeof ContactListQuery>;

/** One contact lead (spec 2 §3 Contact). */
export const ContactRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  email: z.string(),
  contactNo: z.string(),
  context: z.string(),
  subject: z.string(),
  message: z.string(),
  /** ours: the live user whose email this is (any case; the oldest if several), null when none */
  user_id: z.number().int().nullable().optional(),
});
export type ContactRecord = z.infer<typeof ContactRecord>;
