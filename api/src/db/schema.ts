import { sql, type SQL } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { BOOSTING_KINDS } from "~contract/booster-points";
import { ORDER_STATUSES, PARTIES, SERVICE_TYPES } from "~contract/orders";
import { PAYMENT_STATUSES } from "~contract/payment-labels";

/** Column names follow the spec's field names, so rows read like the API's answers. */
const createdAt = () => timestamp("created_at", { withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow();

export const adminUsers = pgTable("admin_users", {
  adminUserId: serial("adminUserId").primaryKey(),
  adminUsername: text("adminUsername").notNull().unique(),
  /** argon2id PHC string ("$argon2id$v=19$m=19456,t=2,p=1$…"); rows of older databases hold "scrypt$<salt b64>$<hash b64>" until their next sign-in */
  adminPassword: text("adminPassword").notNull(),
  adminEmail: text("adminEmail").notNull(),
  adminStatus: text("adminStatus", { enum: ["Active", "Inactive", "Block"] })
    .notNull()
    .default("Active"),
  adminRole: text("adminRole", { enum: ["Admin", "Support", "Technical"] })
    .notNull()
    .default("Support"),
  adminAccessRoleSettings: jsonb("adminAccessRoleSettings").$type<string[]>().notNull().default([]),
  /** Profile's appearance choice (Radix Themes): light, dark or follow the system */
  appearance: text("appearance", { enum: ["light", "dark", "system"] })
    .notNull()
    .default("system"),
  /** when a session was last opened for them (their last sign-in); null: never signed in since this column came */
  lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true, precision: 3, mode: "date" }),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/**
 * Signed-in admin sessions. The admin's cookie carries a random token; only its SHA-256 is kept
 * here, so a copy of this table cannot be used to sign in. A session ends when unused for
 * idle_seconds, at expires_at whatever happens, at sign-out, or (trigger in migration 0006) when
 * its admin's status, role, access or password changes.
 */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    sessionId: serial("session_id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    adminUserId: integer("admin_user_id")
      .notNull()
      .references(() => adminUsers.adminUserId, { onDelete: "cascade" }),
    created_at: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow(),
    idleSeconds: integer("idle_seconds").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3, mode: "date" }).notNull(),
    userAgent: text("user_agent").notNull().default(""),
    address: text("address").notNull().default(""),
  },
  (t) => [index("admin_sessions_admin_idx").on(t.adminUserId), index("admin_sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Answers kept for a repeated form submission (api/src/lib/idempotency.ts): the first request with
 * an Idempotency-Key claims its row (completed_at null while it runs); a successful answer is kept
 * with it for 24 hours so a repeat gets the same answer; a failed one frees the key.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    key: text("key").primaryKey(),
    /** who sent it: "admin:<id>", "provider:<id>" or "-" */
    actor: text("actor").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    status: integer("status"),
    contentType: text("content_type"),
    body: text("body"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true, precision: 3, mode: "date" }),
  },
  (t) => [index("idempotency_keys_created_idx").on(t.createdAt)],
);

/** rate-limiter-flexible's store (RateLimiterDrizzle): failed sign-in counts survive a restart. */
export const loginRateLimits = pgTable("login_rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true, precision: 3, mode: "date" }),
});

export const categories = pgTable(
  "categories",
  {
    category_id: serial("category_id").primaryKey(),
    categoryName: text("categoryName").notNull(),
    desc: text("desc").notNull(),
    status: text("status", { enum: ["Active", "Hold", "Inactive"] })
      .notNull()
      .default("Active"),
    superCategory: text("superCategory").notNull().default(""),
    pageTitle: text("pageTitle").notNull().default(""),
    metaDescription: text("metaDescription").notNull().default(""),
    mostPopular: boolean("mostPopular").notNull().default(false),
    hide_from_menu_bar: boolean("hide_from_menu_bar").notNull().default(false),
    parentCategoryId: integer("parentCategoryId").references((): AnyPgColumn => categories.category_id),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** admin username of the last change */
    updated_by: text("updated_by"),
  },
  (t) => [
    index("categories_list_idx").on(t.parentCategoryId, t.created_at.desc(), t.category_id.desc()),
    index("categories_created_at_idx").on(t.created_at),
    index("categories_name_lower_idx").on(sql`lower(${t.categoryName})`),
  ],
);

export const faqs = pgTable(
  "faqs",
  {
    id: serial("id").primaryKey(),
    category: integer("category")
      .notNull()
      .references(() => categories.category_id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    updated_by: text("updated_by"),
  },
  (t) => [index("faqs_category_idx").on(t.category, t.id)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    admin_user_id: integer("admin_user_id"),
    admin_username: text("admin_username"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entity_id: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    /** for action "revert": the entry whose change this one undid */
    reverts_id: integer("reverts_id"),
    created_at: createdAt(),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.created_at.desc()),
    // the audit screen: newest first (created_at, id), narrowed by admin, entity or action
    index("audit_log_list_idx").on(t.created_at, t.id),
    index("audit_log_admin_idx").on(t.admin_user_id, t.created_at, t.id),
    index("audit_log_entity_idx").on(t.entity, t.created_at, t.id),
    index("audit_log_action_idx").on(t.action, t.created_at, t.id),
    // one record's history (revert: who changed it since)
    index("audit_log_record_idx").on(t.entity, t.entity_id, t.id),
  ],
);

/**
 * Where each admin has read the header's "Recent changes" up to (issue 29): entries with a larger id
 * (made by someone else, in an area the admin may open) are unread. One row per admin, gone with them.
 */
export const auditSeen = pgTable("audit_seen", {
  admin_user_id: integer("admin_user_id")
    .primaryKey()
    .references(() => adminUsers.adminUserId, { onDelete: "cascade" }),
  seen_up_to: integer("seen_up_to").notNull().default(0),
  updated_at: updatedAt(),
});

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });

/** Marketplace users (providers sign in as users). */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull().unique(),
    firstName: text("firstName").notNull().default(""),
    lastName: text("lastName").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    status: text("status", { enum: ["Active", "Inactive", "Hold"] })
      .notNull()
      .default("Active"),
    verified: boolean("verified").notNull().default(false),
    rating: numeric("rating", { precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    online: boolean("online").notNull().default(false),
    lastSeen: ts("lastSeen"),
    is_deleted: boolean("is_deleted").notNull().default(false),
    can_sign_in: boolean("can_sign_in").notNull().default(true),
    /** spec 2 §3 User is_active: false = blocked by an admin (Users screen's Block / Activate) */
    is_active: boolean("is_active").notNull().default(true),
    /** a provider's sign-in password (argon2id PHC string); null: this user cannot sign in as a provider */
    password_hash: text("password_hash"),
    /** lower-cased username, names, email and phone: the list's search is one LIKE '%…%' on it */
    search_text: text("search_text").generatedAlwaysAs(
      (): SQL =>
        sql`lower(${users.username} || ' ' || ${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email} || ' ' || ${users.phone})`,
    ),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // the list's Status and Verification filters, with the id so a count joins from the index alone
    index("users_status_idx").on(t.status, t.verified, t.id),
    index("users_verified_idx").on(t.verified, t.id),
    // "Last Login" sort: forward = desc nulls last, backward = asc nulls first (ties by id)
    // (id DESC NULLS FIRST, as ORDER BY id DESC/ASC mean it: drizzle's .desc() alone says NULLS LAST,
    // which matched the first key only and left a sort of every row for deep pages)
    index("users_last_seen_idx").on(t.lastSeen.desc().nullsLast(), t.id.desc().nullsFirst()),
    // the lists' "contains" searches (LIKE '%…%' on search_text): trigrams, so 3+ characters use the
    // index; the pg_trgm extension is created by the same migration (0003_trigram_search.sql)
    index("users_search_trgm_idx").using("gin", t.search_text.op("gin_trgm_ops")),
    // the Users screen: newest first over live users, narrowed by is_active and the joined dates
    index("users_joined_idx")
      .on(t.created_at, t.id)
      .where(sql`NOT ${t.is_deleted}`),
    index("users_active_joined_idx")
      .on(t.is_active, t.created_at, t.id)
      .where(sql`NOT ${t.is_deleted}`),
    index("users_username_lower_idx").on(sql`lower(${t.username})`),
  ],
);

/** Subscription plans (spec 2 §3 Plan). charge is whole paise; service_fee a percentage with two decimals. */
export const plans = pgTable(
  "plans",
  {
    plan_id: serial("plan_id").primaryKey(),
    plan_name: text("plan_name").notNull().unique(),
    /** paise */
    charge: integer("charge").notNull().default(0),
    /** percent, 0–100, two decimals */
    service_fee: numeric("service_fee", { precision: 5, scale: 2, mode: "string" }).notNull().default("0"),
    /** booster points granted with the plan */
    profile_boost: integer("profile_boost").notNull().default(0),
    /** months: 1, 3, 6, 12 or 24 */
    plan_validity: integer("plan_validity").notNull().default(1),
    /** days, 1–30 */
    max_approval: integer("max_approval").notNull().default(7),
    status: text("status", { enum: ["Active", "Inactive"] })
      .notNull()
      .default("Active"),
    created_at: createdAt(),
    updated_at: updatedAt(),
    updated_by: text("updated_by"),
  },
  (t) => [
    check("plans_charge_check", sql`${t.charge} >= 0`),
    check("plans_service_fee_check", sql`${t.service_fee} >= 0 AND ${t.service_fee} <= 100`),
    check("plans_profile_boost_check", sql`${t.profile_boost} >= 0`),
    check("plans_plan_validity_check", sql`${t.plan_validity} IN (1, 3, 6, 12, 24)`),
    check("plans_max_approval_check", sql`${t.max_approval} BETWEEN 1 AND 30`),
  ],
);

/**
 * General Settings (spec 2 §3 Settings): one row per setting name, its values in setting1 and
 * setting2 (shapes: app/models/settings.ts, the contract the onboarding wizard reads).
 */
export const settings = pgTable("settings", {
  settingName: text("settingName").primaryKey(),
  setting1: jsonb("setting1"),
  setting2: jsonb("setting2"),
  created_at: createdAt(),
  updated_at: updatedAt(),
  updated_by: text("updated_by"),
});

/** Contact leads (spec 2 §3 Contact): what visitors sent from the marketplace's contact form. */
export const contacts = pgTable(
  "contacts",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().default(""),
    contactNo: text("contactNo").notNull().default(""),
    context: text("context").notNull().default(""),
    subject: text("subject").notNull().default(""),
    message: text("message").notNull().default(""),
    created_at: createdAt(),
    /** lower-cased name, email, contact number and subject: the list's search is one LIKE '%…%' on it */
    search_text: text("search_text").generatedAlwaysAs(
      (): SQL => sql`lower(${contacts.name} || ' ' || ${contacts.email} || ' ' || ${contacts.contactNo} || ' ' || ${contacts.subject})`,
    ),
  },
  (t) => [
    index("contacts_created_idx").on(t.created_at, t.id),
    index("contacts_search_trgm_idx").using("gin", t.search_text.op("gin_trgm_ops")),
  ],
);

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
    // refresh_at sorts put never-refreshed providers last in both directions
    index("service_providers_refresh_idx")
      .on(t.refresh_at.desc().nullsLast(), t.serviceProvider_id.desc().nullsFirst())
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

export const profileDocuments = pgTable("profile_documents", {
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
  created_at: createdAt(),
  updated_at: updatedAt(),
});

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
  (t) => [index("bank_accounts_provider_idx").on(t.service_provider_id)],
);

/**
 * Every message the admin sends, recorded before delivery. Delivery (api/src/outbox/delivery.ts)
 * claims rows in the database, so several API processes never send one row twice: a claimed row
 * carries its claimant and a lease (`claimed_until`); a process that dies mid-send leaves the lease
 * to run out and the row to be claimed again. A failed send is retried at `next_attempt_at` (backoff)
 * until `attempts` reaches the limit, then the row is `failed` with the last reason in `error`.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    channel: text("channel", { enum: ["email", "whatsapp"] }).notNull(),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body"),
    template: text("template"),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    error: text("error"),
    created_by: text("created_by"),
    created_at: createdAt(),
    sent_at: ts("sent_at"),
    /** sends begun (a claim counts one, so a row that kills its sender cannot loop for ever) */
    attempts: integer("attempts").notNull().default(0),
    /** not before this (a retry's backoff); null: at once */
    next_attempt_at: ts("next_attempt_at"),
    /** the process whose send is under way, and until when its claim holds */
    claimed_by: text("claimed_by"),
    claimed_until: ts("claimed_until"),
    /** when the row was last sent, failed or put back for a retry (the admin's "last try") */
    last_attempt_at: ts("last_attempt_at"),
    /** lower-cased recipient, subject and template: Sent Messages' search is one LIKE '%…%' on it */
    search_text: text("search_text").generatedAlwaysAs(
      (): SQL => sql`lower(${outbox.recipient} || ' ' || coalesce(${outbox.subject}, '') || ' ' || coalesce(${outbox.template}, ''))`,
    ),
  },
  (t) => [
    index("outbox_status_idx").on(t.status, t.created_at),
    // the delivery's claim: queued rows in id order, due ones first checked
    index("outbox_due_idx")
      .on(t.id)
      .where(sql`${t.status} = 'queued'`),
    // Sent Messages (GET /outbox): newest first
    index("outbox_created_idx").on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Sent Messages' "contains" search: trigrams (3+ characters use the index), as the users' search
    index("outbox_search_trgm_idx").using("gin", t.search_text.op("gin_trgm_ops")),
  ],
);

// ---- Orders, payments and their records (spec 2; spec 3 §2.12). Money is integer paise. ----

// the contract's lists (app/models), not copies
export const SERVICE_TYPE_VALUES = SERVICE_TYPES;
export const ORDER_STATUS_VALUES = ORDER_STATUSES;
export const PAYMENT_STATUS_VALUES = PAYMENT_STATUSES;
export const PARTY_VALUES = PARTIES;

export const orders = pgTable(
  "orders",
  {
    order_id: serial("order_id").primaryKey(),
    short_id: text("short_id").notNull(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id),
    service_provider_id: integer("service_provider_id")
      .notNull()
      .references(() => serviceProviders.serviceProvider_id),
    serviceType: text("serviceType", { enum: SERVICE_TYPE_VALUES }).notNull(),
    status: text("status", { enum: ORDER_STATUS_VALUES }).notNull().default("Pending"),
    /** paise */
    charges: integer("charges").notNull(),
    booked_service: jsonb("booked_service").$type<{ offerings: string; [key: string]: unknown }>().notNull(),
    statusComment: text("statusComment"),
    user_mark_as_done: boolean("user_mark_as_done").notNull().default(false),
    service_provider_mark_as_done: boolean("service_provider_mark_as_done").notNull().default(false),
    bookingTime: ts("bookingTime"),
    acceptedAt: ts("acceptedAt"),
    finalDraftSharedAt: ts("finalDraftSharedAt"),
    draftAcceptedAt: ts("draftAcceptedAt"),
    ticketRaisedAt: ts("ticketRaisedAt"),
    resolvedAt: ts("resolvedAt"),
    completedAt: ts("completedAt"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_short_id_idx").on(t.short_id),
    // the bookings list: newest first, all or one status (scanned backward for oldest first)
    index("orders_created_idx").on(t.created_at, t.order_id),
    index("orders_status_created_idx").on(t.status, t.created_at, t.order_id),
    index("orders_user_idx").on(t.user_id),
    index("orders_provider_idx").on(t.service_provider_id),
  ],
);

export const payments = pgTable(
  "payments",
  {
    payment_id: serial("payment_id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id, { onDelete: "cascade" }),
    transaction_id: text("transaction_id").notNull(),
    payment_gateway: text("payment_gateway").notNull().default("PhonePe"),
    payment_status: text("payment_status", { enum: PAYMENT_STATUS_VALUES }).notNull(),
    /** paise */
    total_amount: integer("total_amount").notNull(),
    payment_date: ts("payment_date").notNull(),
    release_date: ts("release_date"),
    phonepe_response: jsonb("phonepe_response"),
    invoice_number: text("invoice_number"),
    company_invoice_number: text("company_invoice_number"),
    sp_invoice_to_user_number: text("sp_invoice_to_user_number"),
    gst_no: text("gst_no"),
    /** the provider plan's service fee in force when paid, percent with 2 decimals */
    service_fee_percent: numeric("service_fee_percent", { precision: 5, scale: 2, mode: "string" }).notNull().default("0"),
    /** paise: service charge, 18% GST on it, and what the provider receives */
    platform_commission: integer("platform_commission").notNull().default(0),
    gst: integer("gst").notNull().default(0),
    service_provider_amount: integer("service_provider_amount").notNull().default(0),
    /** paise refunded to the client / released to the provider */
    paid_to_client: integer("paid_to_client").notNull().default(0),
    paid_to_provider: integer("paid_to_provider").notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("payments_order_idx").on(t.order_id, t.payment_id),
    index("payments_date_idx").on(t.payment_date, t.payment_id),
    index("payments_status_date_idx").on(t.payment_status, t.payment_date, t.payment_id),
  ],
);

export const cancelledOrders = pgTable(
  "cancelled_orders",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id, { onDelete: "cascade" }),
    cancelled_by: text("cancelled_by", { enum: PARTY_VALUES }).notNull(),
    reason: text("reason").notNull(),
    comment: text("comment").notNull(),
    created_by: text("created_by"),
    created_at: createdAt(),
  },
  (t) => [index("cancelled_orders_order_idx").on(t.order_id)],
);

export const cancellationReasons = pgTable(
  "cancellation_reasons",
  {
    reasons_id: serial("reasons_id").primaryKey(),
    status: text("status", { enum: ["PRE", "POST"] }).notNull(),
    service_type: text("service_type", { enum: SERVICE_TYPE_VALUES }).notNull(),
    reason: text("reason").notNull(),
    repercussion: text("repercussion").notNull().default(""),
    user_type: text("user_type", { enum: PARTY_VALUES }).notNull(),
    order: integer("order").notNull().default(0),
    created_at: createdAt(),
    /** the version an edit started from (409 when it moved on) and who saved it */
    updated_at: updatedAt(),
    updated_by: text("updated_by"),
  },
  (t) => [index("cancellation_reasons_set_idx").on(t.user_type, t.status, t.service_type, t.order)],
);

/** A customer's rating of a finished order (spec 2 Rating): one per order. */
export const RATING_TYPE_VALUES = ["Poor", "Fair", "Good", "Very Good", "Excellent"] as const;
export const ratings = pgTable(
  "ratings",
  {
    rating_id: serial("rating_id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id, { onDelete: "cascade" }),
    type: text("type", { enum: RATING_TYPE_VALUES }).notNull(),
    comment: text("comment").notNull().default(""),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("ratings_order_idx").on(t.order_id),
    index("ratings_created_idx").on(t.created_at, t.rating_id),
    index("ratings_type_idx").on(t.type, t.created_at, t.rating_id),
  ],
);

export const mainConsultations = pgTable("main_consultations", {
  id: serial("id").primaryKey(),
  order_id: integer("order_id")
    .notNull()
    .unique()
    .references(() => orders.order_id, { onDelete: "cascade" }),
  consultationDetails: jsonb("consultationDetails")
    .$type<{ selectedSlot: { startTime: string; endTime: string } | null; [key: string]: unknown }>()
    .notNull(),
  timeSlots: jsonb("timeSlots").$type<{ slot: number; startTime: string; endTime: string }[]>().notNull().default([]),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const orderChats = pgTable(
  "order_chats",
  {
    order_chat_id: serial("order_chat_id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id, { onDelete: "cascade" }),
    sender: integer("sender"),
    sender_name: text("sender_name"),
    data: jsonb("data").$type<{ text: string }>().notNull(),
    /** text, as the source system stores it: a bad value can exist */
    timestamp: text("timestamp").notNull(),
  },
  (t) => [index("order_chats_order_idx").on(t.order_id, t.order_chat_id)],
);

export const orderFiles = pgTable(
  "order_files",
  {
    file_id: serial("file_id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id, { onDelete: "cascade" }),
    sender: integer("sender"),
    sender_name: text("sender_name"),
    file: text("file").notNull(),
    final_status: text("final_status"),
    created_at: createdAt(),
  },
  (t) => [index("order_files_order_idx").on(t.order_id, t.file_id)],
);

export const orderActivities = pgTable(
  "order_activities",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id, { onDelete: "cascade" }),
    activity_type: text("activity_type").notNull(),
    activity_timestamp: ts("activity_timestamp").notNull().defaultNow(),
    user_id: integer("user_id"),
    details: text("details"),
  },
  (t) => [index("order_activities_order_idx").on(t.order_id, t.activity_timestamp)],
);

export const videoCallLogs = pgTable(
  "video_call_logs",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id, { onDelete: "cascade" }),
    event: text("event", { enum: ["join", "leave"] }).notNull(),
    timestamp: ts("timestamp").notNull(),
    user_id: integer("user_id").notNull(),
  },
  (t) => [index("video_call_logs_order_idx").on(t.order_id, t.timestamp)],
);

/** Blog posts (spec 3 §3 Blog post): status draft or published; slug unique, made from the title. */
export const blogArticles = pgTable(
  "blog_articles",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    /** the meta description (at most 160 characters) */
    description: text("description").notNull().default(""),
    author: text("author").notNull().default(""),
    /** trimmed and de-duplicated, in the order given */
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    /** sanitised HTML */
    content: text("content").notNull().default(""),
    published_at: ts("published_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
    updated_by: text("updated_by"),
  },
  (t) => [
    uniqueIndex("blog_articles_slug_idx").on(t.slug),
    index("blog_articles_created_idx").on(t.created_at, t.id),
    index("blog_articles_status_idx").on(t.status, t.created_at, t.id),
    check("blog_articles_status_check", sql`${t.status} in ('draft', 'published')`),
    check("blog_articles_description_check", sql`char_length(${t.description}) <= 160`),
  ],
);

/** Images uploaded for posts (spec 3 §3 Image: image_url, alt), stored through the file storage. */
export const blogImages = pgTable("blog_images", {
  id: serial("id").primaryKey(),
  /** the stored file's name */
  file_name: text("file_name").notNull().unique(),
  alt: text("alt").notNull().default(""),
  content_type: text("content_type").notNull(),
  size: integer("size").notNull(),
  width: integer("width"),
  height: integer("height"),
  created_at: createdAt(),
  created_by: text("created_by"),
});

/** Readers' comments on posts (spec 3 §3 Blog comment); a reply names its parent and goes with it. */
export const blogComments = pgTable(
  "blog_comments",
  {
    id: serial("id").primaryKey(),
    article_id: integer("article_id")
      .notNull()
      .references(() => blogArticles.id, { onDelete: "cascade" }),
    parent_id: integer("parent_id").references((): AnyPgColumn => blogComments.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email"),
    content: text("content").notNull(),
    is_approved: boolean("is_approved").notNull().default(false),
    created_at: createdAt(),
    /** lower-cased name, email and content: the list's search is one LIKE '%…%' on it */
    search_text: text("search_text").generatedAlwaysAs(
      (): SQL => sql`lower(${blogComments.name} || ' ' || coalesce(${blogComments.email}, '') || ' ' || ${blogComments.content})`,
    ),
  },
  (t) => [
    index("blog_comments_created_idx").on(t.created_at, t.id),
    index("blog_comments_approved_idx").on(t.is_approved, t.created_at, t.id),
    index("blog_comments_article_idx").on(t.article_id, t.created_at),
    index("blog_comments_parent_idx").on(t.parent_id),
    index("blog_comments_search_trgm_idx").using("gin", t.search_text.op("gin_trgm_ops")),
  ],
);

/** Terms and conditions versions (spec 3 §3 Terms version): a published version's text is fixed. */
export const clickwraps = pgTable(
  "clickwraps",
  {
    id: serial("id").primaryKey(),
    version: text("version").notNull(),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    /** sanitised HTML */
    text: text("text").notNull().default(""),
    published_at: ts("published_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
    updated_by: text("updated_by"),
  },
  (t) => [
    uniqueIndex("clickwraps_version_idx").on(sql`lower(${t.version})`),
    index("clickwraps_created_idx").on(t.created_at, t.id),
    check("clickwraps_status_check", sql`${t.status} in ('draft', 'published')`),
  ],
);

/** Notification templates (spec 3 §3 NotificationTemplate): one per user type and notification type. */
export const notificationTemplates = pgTable(
  "notification_templates",
  {
    id: serial("id").primaryKey(),
    user_type: text("user_type", { enum: ["User", "ServiceProvider"] }).notNull(),
    notification_type: text("notification_type").notNull(),
    web_notification: text("web_notification").notNull().default(""),
    whatsapp_template: text("whatsapp_template").notNull().default(""),
    /** sanitised HTML */
    email_template: text("email_template").notNull().default(""),
    created_at: createdAt(),
    updated_at: updatedAt(),
    updated_by: text("updated_by"),
  },
  (t) => [
    uniqueIndex("notification_templates_type_idx").on(t.user_type, t.notification_type),
    check("notification_templates_user_type_check", sql`${t.user_type} in ('User', 'ServiceProvider')`),
  ],
);

/**
 * Customer queries (spec 3 §3 Query chat group): one row per customer and provider pair who
 * chatted before any order, with the count and the last message's time kept as messages come
 * and go, so the grouped list reads this table alone (no GROUP BY over the chats).
 */
export const queryChatGroups = pgTable(
  "query_chat_groups",
  {
    id: serial("id").primaryKey(),
    /** the customer (users.id) */
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    service_provider_id: integer("service_provider_id")
      .notNull()
      .references(() => serviceProviders.serviceProvider_id, { onDelete: "cascade" }),
    chat_count: integer("chat_count").notNull().default(0),
    first_chat_at: ts("first_chat_at").notNull().defaultNow(),
    /** the spec's "date": the last message's time */
    last_chat_at: ts("last_chat_at").notNull().defaultNow(),
    /**
     * lower-cased username, names and phone of both the customer and the provider, written with the
     * group (and rewritten when either renames): the list's search is one LIKE '%…%' on it
     */
    search_text: text("search_text").notNull().default(""),
  },
  (t) => [
    uniqueIndex("query_chat_groups_pair_idx").on(t.user_id, t.service_provider_id),
    index("query_chat_groups_provider_idx").on(t.service_provider_id),
    // newest first, all or within a date range (scanned backward for the other direction)
    index("query_chat_groups_last_idx").on(t.last_chat_at, t.id),
    index("query_chat_groups_search_trgm_idx").using("gin", t.search_text.op("gin_trgm_ops")),
    check("query_chat_groups_count_check", sql`${t.chat_count} >= 0`),
  ],
);

/** What a query message carries when the customer asked about a service (spec 3 §3 Chat message). */
export type ServiceQueryData = {
  requirements?: string;
  query?: string;
  /** the limits price variation the customer chose; absent or null = the base price */
  lpv_index?: number | null;
  service?: {
    inclusions?: { i?: number; value: string; subCategory?: string }[];
    offerings?: string;
    serviceType?: string;
    specialty?: string[];
    indiaPrice?: number | null;
    deliveryTime?: string;
    limits?: { value: string }[];
    limitsPriceVariation?: { indiaPrice?: number | null; deliveryTime?: string; limits?: { value: string }[]; description?: string }[];
  };
};

/** Query messages between a customer and a provider (spec 3 §3 Chat message). */
export const queryChats = pgTable(
  "query_chats",
  {
    query_chat_id: serial("query_chat_id").primaryKey(),
    group_id: integer("group_id")
      .notNull()
      .references(() => queryChatGroups.id, { onDelete: "cascade" }),
    /** the sender's users.id (the customer, or the provider's user) */
    sender_id: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the spec's data.text; null when the message is a service query alone */
    text: text("text"),
    service_query_data: jsonb("service_query_data").$type<ServiceQueryData>(),
    created_at: createdAt(),
  },
  (t) => [
    // one chat, oldest first, paged by (created_at, id)
    index("query_chats_group_idx").on(t.group_id, t.created_at, t.query_chat_id),
    index("query_chats_sender_idx").on(t.sender_id),
  ],
);

/** A phone number, email or link caught in a query message (spec 3 §3 Contact share attempt). */
export const contactShareAttempts = pgTable(
  "contact_share_attempts",
  {
    id: serial("id").primaryKey(),
    /** who tried to share (users.id: a customer or a provider's user) */
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the chat it happened in */
    group_id: integer("group_id").references(() => queryChatGroups.id, { onDelete: "cascade" }),
    query_chat_id: integer("query_chat_id").references(() => queryChats.query_chat_id, { onDelete: "set null" }),
    /** what was caught; null shows as Unknown */
    content: text("content"),
    kind: text("kind", { enum: ["phone", "email", "link"] }),
    notes: text("notes").notNull().default(""),
    created_at: createdAt(),
  },
  (t) => [
    index("contact_share_attempts_user_idx").on(t.user_id, t.created_at, t.id),
    index("contact_share_attempts_group_idx").on(t.group_id),
  ],
);

/**
 * Booking journeys (spec 3 §3 Booking journey): a customer's way from Book Now to payment. A step
 * is complete when its timestamp exists; active_step is the first incomplete one (6 = all five
 * done). order_id is set when the journey became an order: the screen lists the others.
 */
export const bookingJourneys = pgTable(
  "booking_journeys",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    service_provider_id: integer("service_provider_id")
      .notNull()
      .references(() => serviceProviders.serviceProvider_id, { onDelete: "cascade" }),
    service_name: text("service_name").notNull(),
    journey_started_at: ts("journey_started_at").notNull().defaultNow(),
    last_updated_at: ts("last_updated_at").notNull().defaultNow(),
    dialogue_opened_at: ts("dialogue_opened_at"),
    basic_info_completed_at: ts("basic_info_completed_at"),
    order_summary_completed_at: ts("order_summary_completed_at"),
    address_completed_at: ts("address_completed_at"),
    payment_completed_at: ts("payment_completed_at"),
    basic_info_data: jsonb("basic_info_data").$type<Record<string, unknown>>(),
    order_summary_data: jsonb("order_summary_data").$type<Record<string, unknown>>(),
    address_data: jsonb("address_data").$type<Record<string, unknown>>(),
    payment_data: jsonb("payment_data").$type<Record<string, unknown>>(),
    order_id: integer("order_id").references(() => orders.order_id, { onDelete: "set null" }),
    active_step: integer("active_step").generatedAlwaysAs(
      (): SQL => sql`CASE
        WHEN ${bookingJourneys.dialogue_opened_at} IS NULL THEN 1
        WHEN ${bookingJourneys.basic_info_completed_at} IS NULL THEN 2
        WHEN ${bookingJourneys.order_summary_completed_at} IS NULL THEN 3
        WHEN ${bookingJourneys.address_completed_at} IS NULL THEN 4
        WHEN ${bookingJourneys.payment_completed_at} IS NULL THEN 5
        ELSE 6 END`,
    ),
  },
  (t) => [
    // the list (not converted), newest started first, all steps or one; the funnel counts per step
    // over a started-at range from the second (index-only)
    index("booking_journeys_started_idx")
      .on(t.journey_started_at, t.id)
      .where(sql`${t.order_id} IS NULL`),
    index("booking_journeys_step_idx")
      .on(t.active_step, t.journey_started_at, t.id)
      .where(sql`${t.order_id} IS NULL`),
    index("booking_journeys_user_idx").on(t.user_id),
    index("booking_journeys_provider_idx").on(t.service_provider_id),
  ],
);

/**
 * The catalogue of stored files (spec 3 §3 Stored file: id, file_name, uploaded_at): every write
 * through the API's storage records its file here and every delete removes it, so the bucket
 * manager searches and pages this table instead of listing the bucket; a sync from the bucket
 * adds what was put there by other means.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: serial("id").primaryKey(),
    /** the storage key: one plain name */
    file_name: text("file_name").notNull(),
    size: integer("size").notNull().default(0),
    content_type: text("content_type").notNull().default("application/octet-stream"),
    uploaded_at: ts("uploaded_at").notNull().defaultNow(),
    uploaded_by: text("uploaded_by"),
    search_text: text("search_text").generatedAlwaysAs((): SQL => sql`lower(${storedFiles.file_name})`),
  },
  (t) => [
    uniqueIndex("stored_files_name_idx").on(t.file_name),
    index("stored_files_uploaded_idx").on(t.uploaded_at, t.id),
    index("stored_files_search_trgm_idx").using("gin", t.search_text.op("gin_trgm_ops")),
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
    sessionId: serial("session_id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    serviceProviderId: integer("service_provider_id")
      .notNull()
      .references(() => serviceProviders.serviceProvider_id, { onDelete: "cascade" }),
    created_at: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow(),
    idleSeconds: integer("idle_seconds").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3, mode: "date" }).notNull(),
    userAgent: text("user_agent").notNull().default(""),
    address: text("address").notNull().default(""),
  },
  (t) => [index("provider_sessions_provider_idx").on(t.serviceProviderId), index("provider_sessions_expires_idx").on(t.expiresAt)],
);

/**
 * One-time fixes of stored data that SQL alone cannot make (api/src/db/data-fixes.ts): the migration
 * that needs one inserts its row; the API runs it at start-up, under the start-up lock, and sets
 * done_at. A fix already done is never run again.
 */
export const dataFixes = pgTable("data_fixes", {
  name: text("name").primaryKey(),
  done_at: timestamp("done_at", { withTimezone: true, precision: 3, mode: "date" }),
});

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export type CategoryRow = typeof categories.$inferSelect;
export type FaqRow = typeof faqs.$inferSelect;
export type AdminUserRow = typeof adminUsers.$inferSelect;
export type AdminSessionRow = typeof adminSessions.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type ServiceProviderRow = typeof serviceProviders.$inferSelect;
export type ProviderProfileRow = typeof providerProfiles.$inferSelect;
export type ProfileDocumentRow = typeof profileDocuments.$inferSelect;
export type BoostingPointRow = typeof boostingPoints.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type SettingRow = typeof settings.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type RatingRow = typeof ratings.$inferSelect;
export type BlogArticleRow = typeof blogArticles.$inferSelect;
export type BlogImageRow = typeof blogImages.$inferSelect;
export type BlogCommentRow = typeof blogComments.$inferSelect;
export type ClickwrapRow = typeof clickwraps.$inferSelect;
export type NotificationTemplateRow = typeof notificationTemplates.$inferSelect;
export type QueryChatGroupRow = typeof queryChatGroups.$inferSelect;
export type QueryChatRow = typeof queryChats.$inferSelect;
export type ContactShareAttemptRow = typeof contactShareAttempts.$inferSelect;
export type BookingJourneyRow = typeof bookingJourneys.$inferSelect;
export type StoredFileRow = typeof storedFiles.$inferSelect;
export type ProviderFormSectionRow = typeof providerFormSections.$inferSelect;
export type ProviderServiceRow = typeof providerServices.$inferSelect;
