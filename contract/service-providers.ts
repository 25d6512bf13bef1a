import { z } from "zod";
import { dateRange, Page, PageSize, keysetPaging, Search } from "./list-query-schema";
import { BOOSTING_KINDS, BOOSTING_MESSAGES } from "./booster-points";
import { ProviderServiceRecord } from "./provider-wizard";
import { isBlankHtml } from "~shared/html-text";
import { DOCUMENT_REVIEW_STATUSES } from "./document-labels";

/** Filter values of the provider list (spec 1 §4). "" = All. */
export const PLAN_NAMES = ["Free", "Basic", "Elite", "Pro"] as const;
export const PROVIDER_STAGES = ["Free", "Partial", "Basic", "Pending", "Received"] as const;
export const USER_STATUSES = ["Active", "Inactive", "Hold"] as const;
export const VERIFICATIONS = ["Verified", "Unverified"] as const;
export const PROVIDER_SORT_FIELDS = ["username", "created_at", "updated_at", "refresh_at", "last_login", "status"] as const;
export const ADMIN_RATING_MIN = 10;
export const ADMIN_RATING_MAX = 50;
export const ADMIN_RATING_MESSAGE = "Rating must be between 10 and 50";

const allOr = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(""), z.literal("All"), z.enum(values)])
    .optional()
    .transform((v) => (v === "All" ? "" : (v ?? "")));

/** GET /get-all-serviceProvider query (spec 1 §7; filter keys of §2.11). */
export const ProviderListQuery = z.object({
  ...keysetPaging(50),
  sortField: z
    .union([z.literal(""), z.enum(PROVIDER_SORT_FIELDS)])
    .optional()
    .default(""),
  sortOrder: z.enum(["asc", "desc", ""]).optional().default(""),
  search: Search.optional().default(""),
  ...dateRange,
  plan: allOr(PLAN_NAMES),
  stage: allOr(PROVIDER_STAGES),
  status: allOr(USER_STATUSES),
  verification: allOr(VERIFICATIONS),
  parentCategory: z.coerce.number().int().positive().optional(),
});
export type ProviderListQuery = z.infer<typeof ProviderListQuery>;

/** The provider's user (nested as userId in the spec's record). */
export const ProviderUser = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.enum(USER_STATUSES),
  verified: z.boolean(),
  rating: z.number(),
  online: z.boolean(),
  lastSeen: z.string().nullable(),
});
export type ProviderUser = z.infer<typeof ProviderUser>;

export const ProviderListRow = z.object({
  serviceProvider_id: z.number().int(),
  userId: ProviderUser,
  category: z.object({ category_id: z.number().int(), categoryName: z.string() }).nullable(),
  plan: z.object({ plan_name: z.string() }).nullable(),
  stage: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  refresh_at: z.string().nullable(),
  last_accepted_agreement: z.string().nullable(),
  is_pro: z.boolean(),
  admin_rating: z.number(),
  boosterPoints: z.number().int(),
});
export type ProviderListRow = z.infer<typeof ProviderListRow>;

/**
 * The wizard's Service Details as the provider's profile holds them (spec 3 §3): the same record
 * the Edit Form opens on (GET /get-saved-form-data builds its sections from it).
 */
export const ProviderProfile = z.object({
  tagline: z.string(),
  countries: z.array(z.string()),
  skills: z.array(z.string()),
  professionalProfile: z.string().describe("Sanitised rich text"),
  occupation: z.string(),
  qualification: z.string(),
  expYears: z.number().int().nullable(),
  expMonths: z.number().int().nullable(),
  coreExpertise: z.string(),
  globalExpertise: z.string(),
  portfolioLink: z.string(),
  preferred_days_time: z.record(z.object({ startTime: z.string(), endTime: z.string() })).nullable(),
});
export type ProviderProfile = z.infer<typeof ProviderProfile>;

export const ProviderDocuments = z.object({
  ProfileDocument_id: z.number().int(),
  profilePhoto: z.string().nullable(),
  portfolio: z.string().nullable(),
  companyProfile: z.string().nullable(),
  websiteLink: z.string().nullable(),
  /** stored name → the name the file was chosen under ("resume.docx"), for the files above; a stored name not listed has none */
  file_names: z.record(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ProviderDetail = ProviderListRow.extend({
  city: z.string(),
  state: z.string(),
  country: z.string(),
  locality: z.string(),
  pincode: z.string(),
  catchyLine: z.string(),
  languageProficiency: z.array(
    z.object({ language: z.string(), rating: z.number(), spoken: z.boolean().optional(), written: z.boolean().optional() }),
  ),
  specialization: z.array(
    z.object({
      categoryName: z.string(),
      experience: z.number().nullable().describe("Years; null when the category's settings switch specialization experience off"),
      subSpecialization: z.array(z.string()),
      subSpecializationExp: z.array(z.number().nullable()).optional(),
    }),
  ),
  profile: ProviderProfile,
  services: z.array(ProviderServiceRecord).describe("The provider's services of their category, in the wizard's order"),
  documents: ProviderDocuments.nullable(),
});
export type ProviderDetail = z.infer<typeof ProviderDetail>;

/** PUT /update-serviceProvider body: one of admin_rating or is_pro. */
export const UpdateProviderBody = z
  .object({
    admin_rating: z.coerce
      .number({ invalid_type_error: ADMIN_RATING_MESSAGE })
      .min(ADMIN_RATING_MIN, ADMIN_RATING_MESSAGE)
      .max(ADMIN_RATING_MAX, ADMIN_RATING_MESSAGE)
      .optional(),
    is_pro: z.boolean().optional(),
  })
  .refine((b) => b.admin_rating !== undefined || b.is_pro !== undefined, "Send admin_rating or is_pro");

/** PUT /update-user body: {verified} or {status} (spec 1 §7). */
export const UpdateUserBody = z
  .object({
    verified: z.boolean().optional(),
    status: z.enum(["Active", "Inactive", "Hold"], { errorMap: () => ({ message: "Status must be Active, Inactive or Hold" }) }).optional(),
  })
  .refine((b) => b.verified !== undefined || b.status !== undefined, "Send verified or status");

const boostingReason = z
  .string({ required_error: "Reason is required", invalid_type_error: "Reason is required" })
  .trim()
  .min(1, "Reason is required")
  .max(500, "Reason is at most 500 characters");

/**
 * POST /points/create-boosting-point body. kind: grant or correction; without it, points taken away
 * are a correction. A grant that takes points away is refused.
 */
export const BoostingPointBody = z
  .object({
    service_provider: z.coerce.number().int().positive(),
    points: z.coerce
      .number({ required_error: "Points are required", invalid_type_error: "Points must be a number" })
      .int("Points must be a whole number")
      .min(-100000, "Points are out of range")
      .max(100000, "Points are out of range")
      .refine((v) => v !== 0, "Points are required"),
    reason: boostingReason,
    kind: z.enum(["grant", "correction"], { errorMap: () => ({ message: "Kind is grant or correction" }) }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === "grant" && body.points < 0)
      ctx.addIssue({ code: "custom", path: ["points"], message: BOOSTING_MESSAGES.negativeGrant });
  })
  .transform((body) => ({ ...body, kind: body.kind ?? (body.points < 0 ? ("correction" as const) : ("grant" as const)) }));
export const BoostingPointRecord = z.object({
  id: z.number().int(),
  service_provider: z.number().int(),
  points: z.number().int(),
  reason: z.string(),
  kind: z.enum(BOOSTING_KINDS),
  /** the admin's username (null for rows older than the history's authorship) */
  created_by: z.string().nullable(),
  created_at: z.string(),
});
/** total_booster_points is the sum of the history's points. */
export const BoostingHistory = z.object({
  booster_points_history: z.array(BoostingPointRecord),
  total_booster_points: z.number().int(),
});

/** POST send-email body (spec 1 §5: subject and body needed unless a WhatsApp template is chosen). */
export const SendEmailBody = z
  .object({
    subject: z.string().trim().max(200, "Subject is at most 200 characters").default(""),
    body: z.string().max(100000, "The message is too long").default(""),
    to: z.array(z.coerce.number().int().positive()).min(1, "Select at least one recipient").max(10000),
    whatsappTemplate: z.enum(["", "bookings_now_open", "need_help_partial_profile", "refresh_complete_profile"]).default(""),
  })
  .superRefine((b, ctx) => {
    if (b.whatsappTemplate) return;
    if (!b.subject) ctx.addIssue({ code: "custom", path: ["subject"], message: "Subject is required" });
    if (isBlankHtml(b.body)) ctx.addIssue({ code: "custom", path: ["body"], message: "Message is required" });
  });
export type SendEmailBody = z.infer<typeof SendEmailBody>;

export const ActivityRecord = z.object({
  id: z.number().int(),
  activity_timestamp: z.string(),
  activity_category: z.string(),
  details: z.string().nullable(),
});
export type ActivityRecord = z.infer<typeof ActivityRecord>;

export const BankAccount = z.object({
  id: z.number().int(),
  service_provider_username: z.string(),
  account_holder_name: z.string(),
  account_number: z.string(),
  ifsc_code: z.string(),
  bank_name: z.string(),
  branch: z.string(),
});
export type BankAccount = z.infer<typeof BankAccount>;

export const AcceptedAgreement = z.object({ version: z.string(), accepted_at: z.string(), accepted_ip: z.string() });
export type AcceptedAgreement = z.infer<typeof AcceptedAgreement>;

/* ---- additions for the API (service-provider area) ---- */

/** A user as GET /get-all-users answers it (the provider's user plus sign-in state). */
export const UserRecord = ProviderUser.extend({
  is_deleted: z.boolean(),
  can_sign_in: z.boolean(),
  created_at: z.string(),
});
export type UserRecord = z.infer<typeof UserRecord>;

/** PUT /update_service_provider_refresh_date body. */
export const RefreshDateBody = z.object({
  serviceProvider_id: z.coerce
    .number({ required_error: "serviceProvider_id is required", invalid_type_error: "serviceProvider_id must be a number" })
    .int("serviceProvider_id must be a positive whole number")
    .positive("serviceProvider_id must be a positive whole number"),
});

/**
 * PUT /update-booster-points body (provider details page; path chosen by us): the new total and
 * why. The difference is recorded as a history row (a grant, or a correction when it takes away).
 */
export const BoosterPointsBody = z.object({
  boosterPoints: z.coerce
    .number({ required_error: "Booster points are required", invalid_type_error: "Booster points must be a number" })
    .int("Booster points must be a whole number")
    .min(0, "Booster points cannot be negative")
    .max(1_000_000_000, "Booster points are out of range"),
  reason: boostingReason,
});

/** Paging shared by the documents review list and GET accounts/. */
const pageQuery = { ...keysetPaging(50), search: Search.optional().default("") };

export const DOCUMENT_SORT_FIELDS = ["username", "updated_at", "created_at", "category"] as const;

/** GET /get-all-serviceprovider-documents query (spec 3 §7). Dates filter updated_at (IST calendar days). */
export const ProviderDocumentsQuery = z.object({
  ...pageQuery,
  sortField: z
    .union([z.literal(""), z.enum(DOCUMENT_SORT_FIELDS)])
    .optional()
    .default(""),
  sortOrder: z.enum(["asc", "desc", ""]).optional().default(""),
  ...dateRange,
  review_status: allOr(DOCUMENT_REVIEW_STATUSES).describe(
    'Pending, Approved or Rejected (a provider without documents is Pending); "" or All: every one',
  ),
});
export type ProviderDocumentsQuery = z.infer<typeof ProviderDocumentsQuery>;

export const PanVerificationDetails = z.object({
  verified_pan: z.object({ pan_number: z.string(), name_on_pan: z.string(), verified_at: z.string().nullable() }).nullable(),
  face_match_verified: z.boolean(),
  face_match_score: z.number().nullable(),
  face_match_verified_at: z.string().nullable(),
});

/** One row of the provider documents review (spec 3 §3 "Provider document review record"). */
export const DocumentReviewRow = z.object({
  serviceProvider_id: z.number().int(),
  userId: z.object({
    id: z.number().int(),
    username: z.string(),
    phone: z.string(),
    agreements: z.array(AcceptedAgreement),
  }),
  category: z.object({ category_id: z.number().int(), categoryName: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  pan_verification_details: PanVerificationDetails.nullable(),
  /** file names from the profile documents (comma-separated fields split) */
  documents: z.array(z.string()),
  /** stored name → the name the file was chosen under ("resume.docx"), for the documents listed; a stored name not listed has none */
  file_names: z.record(z.string()),
  /** the admin's review of the documents (Pending while none, and for a provider without documents) */
  review_status: z.enum(DOCUMENT_REVIEW_STATUSES),
  /** why they were rejected (Rejected only) */
  review_reason: z.string().nullable(),
  /** the reviewing admin's id and username, and when (null while Pending) */
  reviewed_by: z.number().int().nullable(),
  reviewed_by_username: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type DocumentReviewRow = z.infer<typeof DocumentReviewRow>;

/** GET accounts/ query: all optional; the answer stays an array, the total is in x-total-count. */
export const AccountsQuery = z.object({
  page: Page.optional(),
  page_size: PageSize.optional(),
  search: pageQuery.search,
});
export const TOTAL_COUNT_HEADER = "x-total-count";
