CREATE TABLE "blog_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"published_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "blog_articles_status_check" CHECK ("blog_articles"."status" in ('draft', 'published')),
	CONSTRAINT "blog_articles_description_check" CHECK (char_length("blog_articles"."description") <= 160)
);
--> statement-breakpoint
CREATE TABLE "blog_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"email" text,
	"content" text NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("blog_comments"."name" || ' ' || coalesce("blog_comments"."email", '') || ' ' || "blog_comments"."content")) STORED
);
--> statement-breakpoint
CREATE TABLE "blog_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "blog_images_file_name_unique" UNIQUE("file_name")
);
--> statement-breakpoint
CREATE TABLE "clickwraps" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"published_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "clickwraps_status_check" CHECK ("clickwraps"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "notification_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_type" text NOT NULL,
	"notification_type" text NOT NULL,
	"web_notification" text DEFAULT '' NOT NULL,
	"whatsapp_template" text DEFAULT '' NOT NULL,
	"email_template" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "notification_templates_user_type_check" CHECK ("notification_templates"."user_type" in ('User', 'ServiceProvider'))
);
--> statement-breakpoint
ALTER TABLE "blog_comments" ADD CONSTRAINT "blog_comments_article_id_blog_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."blog_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_comments" ADD CONSTRAINT "blog_comments_parent_id_blog_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."blog_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_articles_slug_idx" ON "blog_articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_articles_created_idx" ON "blog_articles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "blog_articles_status_idx" ON "blog_articles" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "blog_comments_created_idx" ON "blog_comments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "blog_comments_approved_idx" ON "blog_comments" USING btree ("is_approved","created_at","id");--> statement-breakpoint
CREATE INDEX "blog_comments_article_idx" ON "blog_comments" USING btree ("article_id","created_at");--> statement-breakpoint
CREATE INDEX "blog_comments_parent_idx" ON "blog_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "blog_comments_search_trgm_idx" ON "blog_comments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "clickwraps_version_idx" ON "clickwraps" USING btree (lower("version"));--> statement-breakpoint
CREATE INDEX "clickwraps_created_idx" ON "clickwraps" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_templates_type_idx" ON "notification_templates" USING btree ("user_type","notification_type");