import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** Column names follow the spec's field names, so rows read like the API's answers. */
const createdAt = () =>
  timestamp("created_at", { withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow();

export const adminUsers = pgTable("admin_users", {
  adminUserId: serial("adminUserId").primaryKey(),
  adminUsername: text("adminUsername").notNull().unique(),
  /** "scrypt$<salt b64>$<hash b64>" */
  adminPassword: text("adminPassword").notNull(),
  adminEmail: text("adminEmail").notNull(),
  adminStatus: text("adminStatus", { enum: ["Active", "Inactive", "Block"] }).notNull().default("Active"),
  adminRole: text("adminRole", { enum: ["Admin", "Support", "Technical"] }).notNull().default("Support"),
  adminAccessRoleSettings: jsonb("adminAccessRoleSettings").$type<string[]>().notNull().default([]),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const categories = pgTable(
  "categories",
  {
    category_id: serial("category_id").primaryKey(),
    categoryName: text("categoryName").notNull(),
    desc: text("desc").notNull(),
    status: text("status", { enum: ["Active", "Hold", "Inactive"] }).notNull().default("Active"),
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
    created_at: createdAt(),
  },
  (t) => [index("audit_log_created_at_idx").on(t.created_at.desc())],
);

export type CategoryRow = typeof categories.$inferSelect;
export type FaqRow = typeof faqs.$inferSelect;
export type AdminUserRow = typeof adminUsers.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
