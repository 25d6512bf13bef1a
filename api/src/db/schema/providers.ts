/** Service providers: the profile, its documents, the wizard's sections, booster points, activity, bank accounts and sessions. */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { BOOSTING_KINDS } from "~contract/booster-points";
import { users } from "./users";
import { categories, plans } from "./catalogue";
import { createdAt, ts, updatedAt, sessionKey, sessionLife } from "./columns";
import { SERVICE_TYPE_VALUES } from "./orders";
import type { DocumentReviewStatus } from "~contract/document-labels";

export const serviceProviders = pgTable(
  "service_providers",
  {
    serviceProvider_id: serial("serviceProvider_id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id),
    category_id: integer("category_id").references(() => categories.category_id, { onDelete: "set null" }),
    plan_id: integer("plan_id").references(() => plans.plan_id),
    stage: text("stage").notNull().default("Free"),
    created_at: createdAt(),
    updated_at: updatedAt(),
    refresh_at: ts("refresh_at"),
    last_accepted_agreement: text("last_accepted_agreement"),
    is_pro: boolean("is_pro").notNull().default(false),
    admin_rating: numeric("admin_rating", { precision: 4, scale: 1, mode: "number" }).notNull().default(10),
    boosterPoints: integer("boosterPoints").notNull().default(0),
    city: text("city").notNull().default(""),
    state: text("state").notNull().default(""),
    country: text("country").notNull().default("India"),
    locality: text("locality").notNull().default(""),
    pincode: text("pincode").notNull().default(""),
    catchyLine: text("catchyLine").notNull().default(""),
    /** the wizard's language rows (spoken / written: absent on rows written before the wizard kept them) */
    languageProficiency: jsonb("languageProficiency")
      .$type<{ language: string; rating: number; spoken?: boolean; written?: boolean }[]>()
      .notNull()
      .default([]),
    /**
     * the wizard's specializations: experience null when the category's settings switch
     * specialization experience off; subSpecializationExp gives each sub-specialization its years
     */
    specialization: jsonb("specialization")
      .$type<{ categoryName: string; experience: number | null; subSpecialization: string[]; subSpecializationExp?: (number | null)[] }[]>()
      .notNull()
      .default([]),
    deleted_at: ts("deleted_at"),
    /** when the provider subscribed (the wizard's create mode); null while they have not: the wizard opens in create mode */
    registered_at: ts("registered_at"),
  },
  (t) => [
    uniqueIndex("service_providers_user_idx").on(t.user_id),
    // the list's orders, live providers only; scanned backward for the other direction
    // (ORDER BY x DESC is NULLS FIRST, the backward scan of an ascending index)
    index("service_providers_created_idx")
      .on(t.created_at, t.serviceProvider_id)
      .where(sql`${t.deleted_at} IS NULL`),
    index("service_providers_updated_idx")
      .on(t.updated_at, t.serviceProvider_id)
      .where(sql`${t.deleted_at} IS NULL`),
    // the refresh_at sort: never refreshed is the lowest value (last descending, first ascending); one
    // non-null key, so a keyset page is a range of this index (api/src/lib/keyset.ts)
    index("service_providers_refresh_idx")
      .on(sql`coalesce(${t.refresh_at}, '-infinity'::timestamptz)`, t.serviceProvider_id)
      .where(sql`${t.deleted_at} IS NULL`),
    // live providers by user: joins and counts with a users filter (search, status, verification)
    // read this narrow index instead of the wide table (index-only once vacuumed)
    index("service_providers_live_user_idx")
      .on(t.user_id, t.serviceProvider_id)
      .where(sql`${t.deleted_at} IS NULL`),
    // the list's Plan and Stage filters over live providers, with the user for the join
    index("service_providers_plan_idx")
      .on(t.plan_id, t.user_id)
      .where(sql`${t.deleted_at} IS NULL`),
    index("service_providers_stage_idx")
      .on(t.stage, t.user_id)
      .where(sql`${t.deleted_at} IS NULL`),
    index("service_providers_category_idx").on(t.category_id),
    check("service_providers_booster_points_check", sql`${t.boosterPoints} >= 0`),
  ],
);

export const profileDocuments = pgTable(
  "profile_documents",
  {
    ProfileDocument_id: serial("ProfileDocument_id").primaryKey(),
    service_provider_id: integer("service_provider_id")
      .notNull()
      .unique()
      .references(() => serviceProviders.serviceProvider_id, { onDelete: "cascade" }),
    profilePhoto: text("profilePhoto"),
    portfolio: text("portfolio"),
    companyProfile: text("companyProfile"),
    websiteLink: text("websiteLink"),
    /** the wizard's Documents & Terms step (spec 3 §3 Documents): stored file names, comma-separated where several */
    identityProof: text("identityProof"),
    selfie: text("selfie"),
    /** the address proof (at most 2 files) */
    certificate: text("certificate"),
    companyResume: text("companyResume"),
    gstCertificate: text("gstCertificate"),
    panNumber: text("panNumber"),
    gstNo: text("gstNo"),
    documentComment: text("documentComment"),
    certificationId: text("certificationId"),
    yearOfPassing: text("yearOfPassing"),
    /** each stored file's name as the provider chose it (stored name → "resume.docx"); a file not listed shows its stored name */
    file_names: jsonb("file_names").$type<Record<string, string>>().notNull().default({}),
    /** the admin's review of these documents (contract/document-labels.ts): Pending until an admin approves or rejects them */
    review_status: text("review_status").$type<DocumentReviewStatus>().notNull().default("Pending"),
    /** why they were rejected (null unless Rejected) */
    review_reason: text("review_reason"),
    /** the admin who reviewed them (admin_users.adminUserId; kept when that admin is deleted, as the audit log keeps it) */
    reviewed_by: integer("reviewed_by"),
    reviewed_at: ts("reviewed_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [check("profile_documents_review_status_check", sql`${t.review_status} in ('Pending', 'Approved', 'Rejected')`)],
);

/**
 * Files of a refused documents form that passed their own checks, held for the provider's next try
 * (the form shows them as kept and sends their tokens back): the next accepted form takes them, or
 * they are removed a day later.
 */
export const providerDocumentUploads = pgTable(
  "provider_document_uploads",
  {
    token: text("token").primaryKey(),
    service_provider_id: integer("service_provider_id")
      .notNull()
      .references(() => serviceProviders.serviceProvider_id, { onDelete: "cascade" }),
    field: text("field").notNull(),
    stored_name: text("stored_name").notNull(),
    original_name: text("original_name").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("provider_document_uploads_provider_idx").on(t.service_provider_id, t.created_at)],
);

export const providerAgreements = pgTable(
  "provider_agreements",
  {
    id: serial("id").primaryKey(),
    service_provider_id: integer("service_provider_id")
      .notNull()
      .references(() => serviceProviders.serviceProvider_id, { onDelete: "cascade" }),
    version: text("version").notNull(),
    accepted_at: ts("accepted_at").notNull(),
    accepted_ip: text("accepted_ip").notNull(),
  },
  (t) => [index("provider_agreements_provider_idx").on(t.service_provider_id, t.accepted_at)],
);

export const panVerifications = pgTable("pan_verifications", {
  id: serial("id").primaryKey(),
  service_provider_id: integer("service_provider_id")
    .notNull()
    .unique()
    .references(() => serviceProviders.serviceProvider_id, { onDelete: "cascade" }),
  pan_number: text("pan_number"),
  name_on_pan: text("name_on_pan"),
  pan_verified: boolean("pan_verified").notNull().default(false),
  pan_verified_at: ts("pan_verified_at"),
  face_match_verified: boolean("face_match_verified").notNull().default(false),
  face_match_score: numeric("face_match_score", { precision: 5, scale: 2, mode: "number" }),
  face_match_verified_at: ts("face_match_verified_at"),
});

/**
 * The booster points history: every change of a provider's total is a row (who, when, why, what
 * kind), and service_providers."boosterPoints" is always the sum of its rows (kept in the same
 * transaction; migration 0005 recorded an opening balance where they differed).
 */
export const boostingPoints = pgTable(
  "boosting_points",
  {
    id: serial("id").primaryKey(),
    service_provider: integer("service_provider")
      .notNull()
      .references(() => serviceProviders.serviceProvider_id, { onDelete: "cascade" }),
    points: integer("points").notNull(),
    reason: text("reason").notNull(),
    /** grant (adds), correction (fixes an earlier change; the only kind that may take points away), opening (balance carried over) */
    kind: text("kind", { enum: BOOSTING_KINDS }).notNull().default("grant"),
    created_at: createdAt(),
    created_by: text("created_by"),
  },
  (t) => [
    index("boosting_points_provider_idx").on(t.service_provider, t.created_at),
    check("boosting_points_kind_check", sql`${t.kind} IN ('grant', 'correction', 'opening')`),
    check("boosting_points_grant_positive_check", sql`${t.kind} <> 'grant' OR ${t.points} > 0`),
  ],
);

export const activities = pgTable(
  "activities",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    activity_timestamp: ts("activity_timestamp").notNull().defaultNow(),
    activity_category: text("activity_category").notNull(),
    details: text("details"),
  },
  (t) => [index("activities_user_idx").on(t.user_id, t.activity_timestamp.desc())],
);

export const bankAccounts = pgTable(
  "bank_accounts",
  {
    id: serial("id").primaryKey(),
    service_provider_id: integer("service_provider_id")
      .notNull()
      .references(() => serviceProviders.serviceProvider_id, { onDelete: "cascade" }),
    account_holder_name: text("account_holder_name").notNull(),
    account_number: text("account_number").notNull(),
    ifsc_code: text("ifsc_code").notNull(),
    bank_name: text("bank_name").notNull(),
    branch: text("branch").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index("bank_accounts_provider_idx").on(t.service_provider_id),
    // the bank details list sorted by Account Holder or Bank Name (read forward or backward)
    index("bank_accounts_holder_idx").on(t.account_holder_name, t.id),
    index("bank_accounts_bank_idx").on(t.bank_name, t.id),
  ],
);

/** The provider wizard's sections (spec 3 §2.1, §4), each saved on its own: a failed save leaves the last good one. */
export const PROVIDER_FORM_SECTIONS = ["categories", "services", "service_details", "documents", "plan"] as const;

export const providerFormSections = pgTable(
  "provider_form_sections",
  {
    service_provider_id: integer("service_provider_id")
      .notNull()
      .references(() => serviceProviders.serviceProvider_id, { onDelete: "cascade" }),
    section: text("section", { enum: PROVIDER_FORM_SECTIONS }).notNull(),
    /**
     * only the plan chosen before subscribing (PlanSection); null for the other sections, whose
     * data is the provider's profile itself (service_providers, provider_profiles,
     * profile_documents, provider_services): this row only says when the step was last saved
     */
    data: jsonb("data").$type<Record<string, unknown>>(),
    updated_at: updatedAt(),
    /** who saved it: an admin's username, or the provider's own */
    updated_by: text("updated_by"),
  },
  (t) => [
    primaryKey({ columns: [t.service_provider_id, t.section] }),
    check("provider_form_sections_section_check", sql`${t.section} in ('categories', 'services', 'service_details', 'documents', 'plan')`),
  ],
);

/**
 * The rest of a provider's profile (spec 3 §3 Provider profile payload) that service_providers does
 * not hold: the wizard's Service Details. One row per provider, written by the wizard's save of
 * that step; the provider details page reads it too (one record: the wizard's saved data is built
 * from these tables, never kept apart).
 */
export const providerProfiles = pgTable("provider_profiles", {
  service_provider_id: integer("service_provider_id")
    .primaryKey()
    .references(() => serviceProviders.serviceProvider_id, { onDelete: "cascade" }),
  tagline: text("tagline").notNull().default(""),
  countries: jsonb("countries").$type<string[]>().notNull().default([]),
  skills: jsonb("skills").$type<string[]>().notNull().default([]),
  /** sanitised rich text */
  professionalProfile: text("professionalProfile").notNull().default(""),
  occupation: text("occupation").notNull().default(""),
  qualification: text("qualification").notNull().default(""),
  expYears: integer("expYears"),
  expMonths: integer("expMonths"),
  preferred_days_time: jsonb("preferred_days_time").$type<Record<string, { startTime: string; endTime: string }>>(),
  coreExpertise: text("coreExpertise").notNull().default(""),
  globalExpertise: text("globalExpertise").notNull().default(""),
  portfolioLink: text("portfolioLink").notNull().default(""),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/**
 * A provider's service options (spec 3 §3 Service option row), per category and service type, in
 * the wizard's order; written in bulk (POST /upsert-service-bulk). Prices are whole paise.
 */
export const providerServices = pgTable(
  "provider_services",
  {
    id: serial("id").primaryKey(),
    service_provider_id: integer("service_provider_id")
      .notNull()
      .references(() => serviceProviders.serviceProvider_id, { onDelete: "cascade" }),
    category_id: integer("category_id").references(() => categories.category_id, { onDelete: "set null" }),
    serviceType: text("serviceType", { enum: SERVICE_TYPE_VALUES }).notNull(),
    position: integer("position").notNull(),
    offerings: text("offerings").notNull().default(""),
    specialty: jsonb("specialty").$type<string[]>().notNull().default([]),
    inclusions: jsonb("inclusions").$type<string[]>().notNull().default([]),
    limits: jsonb("limits").$type<string[]>().notNull().default([]),
    limitsPriceVariation: jsonb("limitsPriceVariation")
      .$type<{ indiaPrice: number | null; limits: string[]; deliveryTime: string; description: string }[]>()
      .notNull()
      .default([]),
    description: text("description").notNull().default(""),
    /** paise */
    indiaPrice: integer("indiaPrice"),
    /** paise (the price outside India, shown in INR as the spec gives no other currency) */
    outsidePrice: integer("outsidePrice"),
    deliveryTime: text("deliveryTime").notNull().default(""),
    askBeforeOrder: boolean("askBeforeOrder").notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("provider_services_provider_idx").on(t.service_provider_id, t.category_id, t.serviceType, t.position),
    check("provider_services_prices_check", sql`coalesce(${t.indiaPrice}, 0) >= 0 AND coalesce(${t.outsidePrice}, 0) >= 0`),
  ],
);

/**
 * Signed-in provider sessions (the provider wizard's sign-in), like admin_sessions: the cookie
 * carries a random token, only its SHA-256 is kept. A session ends when unused for idle_seconds,
 * at expires_at, at sign-out, or when its user can no longer sign in (checked on every read).
 */
export const providerSessions = pgTable(
  "provider_sessions",
  {
    ...sessionKey(),
    serviceProviderId: integer("service_provider_id")
      .notNull()
      .references(() => serviceProviders.serviceProvider_id, { onDelete: "cascade" }),
    ...sessionLife(),
  },
  (t) => [index("provider_sessions_provider_idx").on(t.serviceProviderId), index("provider_sessions_expires_idx").on(t.expiresAt)],
);

export type ServiceProviderRow = typeof serviceProviders.$inferSelect;

export type ProviderProfileRow = typeof providerProfiles.$inferSelect;

export type ProfileDocumentRow = typeof profileDocuments.$inferSelect;

export type BoostingPointRow = typeof boostingPoints.$inferSelect;

export type ActivityRow = typeof activities.$inferSelect;

export type ProviderFormSectionRow = typeof providerFormSections.$inferSelect;

export type ProviderServiceRow = typeof providerServices.$inferSelect;
