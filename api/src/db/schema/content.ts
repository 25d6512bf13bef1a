/** Blog posts with their images and comments, terms versions and notification templates. */
import { sql, type SQL } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns";

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

export type BlogArticleRow = typeof blogArticles.$inferSelect;

export type BlogImageRow = typeof blogImages.$inferSelect;

export type BlogCommentRow = typeof blogComments.$inferSelect;

export type ClickwrapRow = typeof clickwraps.$inferSelect;

export type NotificationTemplateRow = typeof notificationTemplates.$inferSelect;
