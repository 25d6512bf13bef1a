/** Categories with their FAQs, subscription plans and General Settings. */
import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, jsonb, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

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
    // the categories list sorted by name or status (each then by date, the same way), read forward or backward
    index("categories_list_name_idx").on(t.parentCategoryId, t.categoryName, t.created_at, t.category_id),
    index("categories_list_status_idx").on(t.parentCategoryId, t.status, t.created_at, t.category_id),
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
 * setting2 (shapes: contract/settings.ts, the contract the onboarding wizard reads).
 */
export const settings = pgTable("settings", {
  settingName: text("settingName").primaryKey(),
  setting1: jsonb("setting1"),
  setting2: jsonb("setting2"),
  created_at: createdAt(),
  updated_at: updatedAt(),
  updated_by: text("updated_by"),
});

export type CategoryRow = typeof categories.$inferSelect;

export type FaqRow = typeof faqs.$inferSelect;

export type PlanRow = typeof plans.$inferSelect;

export type SettingRow = typeof settings.$inferSelect;
