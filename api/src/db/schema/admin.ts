/** Admin users, their sessions, sign-in limits and the audit log. */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, sessionKey, sessionLife } from "./columns";

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
    ...sessionKey(),
    adminUserId: integer("admin_user_id")
      .notNull()
      .references(() => adminUsers.adminUserId, { onDelete: "cascade" }),
    ...sessionLife(),
  },
  (t) => [index("admin_sessions_admin_idx").on(t.adminUserId), index("admin_sessions_expires_idx").on(t.expiresAt)],
);

/** rate-limiter-flexible's store (RateLimiterDrizzle): failed sign-in counts survive a restart. */
export const loginRateLimits = pgTable("login_rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true, precision: 3, mode: "date" }),
});

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
    /** the bulk job (bulk_jobs.id) that made this change, if one did */
    job_id: integer("job_id"),
    /** the request that made this change (x-request-id): the same id is on both servers' log lines */
    request_id: text("request_id"),
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
    // the changes one bulk job made
    index("audit_log_job_idx")
      .on(t.job_id, t.id)
      .where(sql`${t.job_id} IS NOT NULL`),
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

export type AdminUserRow = typeof adminUsers.$inferSelect;

export type AdminSessionRow = typeof adminSessions.$inferSelect;

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * Saved views (issue 32 §4, contract/saved-views.ts): a list's query kept under a name by one
 * admin, private or shared with every admin. One name per admin per list (case aside): saving
 * the same name again replaces the view's query.
 */
export const savedViews = pgTable(
  "saved_views",
  {
    id: serial("id").primaryKey(),
    adminUserId: integer("admin_user_id")
      .notNull()
      .references(() => adminUsers.adminUserId, { onDelete: "cascade" }),
    list: text("list").notNull(),
    name: text("name").notNull(),
    query: text("query").notNull(),
    shared: boolean("shared").notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("saved_views_owner_name_idx").on(t.adminUserId, t.list, sql`lower(${t.name})`),
    index("saved_views_shared_idx")
      .on(t.list)
      .where(sql`${t.shared}`),
  ],
);

/** Each admin's default view of a list: the view the list opens with when its URL asks for nothing. */
export const savedViewDefaults = pgTable(
  "saved_view_defaults",
  {
    adminUserId: integer("admin_user_id")
      .notNull()
      .references(() => adminUsers.adminUserId, { onDelete: "cascade" }),
    list: text("list").notNull(),
    viewId: integer("view_id")
      .notNull()
      .references(() => savedViews.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.adminUserId, t.list] }), index("saved_view_defaults_view_idx").on(t.viewId)],
);

/**
 * Two-factor sign-in (issue 36) of an admin (portal "admin", account_id = adminUserId) or a provider
 * ("provider", serviceProvider_id). The TOTP secret is AES-256-GCM encrypted with TWO_FACTOR_KEY
 * (api/src/lib/two-factor.ts); pending_secret is a setup shown but not yet confirmed. last_step is
 * the last time step a code was accepted at: no code of that step or before is accepted again.
 */
export const twoFactorCredentials = pgTable(
  "two_factor_credentials",
  {
    id: serial("id").primaryKey(),
    portal: text("portal", { enum: ["admin", "provider"] }).notNull(),
    accountId: integer("account_id").notNull(),
    secret: text("secret"),
    enabledAt: timestamp("enabled_at", { withTimezone: true, precision: 3, mode: "date" }),
    pendingSecret: text("pending_secret"),
    pendingCreatedAt: timestamp("pending_created_at", { withTimezone: true, precision: 3, mode: "date" }),
    lastStep: integer("last_step"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("two_factor_credentials_account_idx").on(t.portal, t.accountId)],
);

/** Single-use recovery codes: HMAC-SHA-256 (TWO_FACTOR_KEY) of the code, never the code itself. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: serial("id").primaryKey(),
    credentialId: integer("credential_id")
      .notNull()
      .references(() => twoFactorCredentials.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, precision: 3, mode: "date" }),
  },
  (t) => [index("two_factor_recovery_codes_credential_idx").on(t.credentialId)],
);

/**
 * The step between the right password and the session: its token's SHA-256, whose sign-in it is,
 * what it asks for (the code, or setting it up), how many wrong codes it has seen; passed_at once
 * the code was right. Opening the session consumes it.
 */
export const signInChallenges = pgTable(
  "sign_in_challenges",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    portal: text("portal", { enum: ["admin", "provider"] }).notNull(),
    accountId: integer("account_id").notNull(),
    /** the username as typed: the sign-in limits count per username + address */
    username: text("username").notNull(),
    address: text("address").notNull().default(""),
    step: text("step", { enum: ["code", "enrol"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    passedAt: timestamp("passed_at", { withTimezone: true, precision: 3, mode: "date" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3, mode: "date" }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index("sign_in_challenges_expires_idx").on(t.expiresAt)],
);

/** Security settings of the whole admin (one row, id 1): whether the two-factor policy is on. */
export const securityPolicy = pgTable("security_policy", {
  id: integer("id").primaryKey(),
  requireTwoFactor: boolean("require_two_factor").notNull().default(false),
  updated_at: timestamp("updated_at", { withTimezone: true, precision: 3, mode: "date" }),
  updatedBy: text("updated_by"),
});
