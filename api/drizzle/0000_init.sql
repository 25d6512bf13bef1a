CREATE TABLE "admin_users" (
	"adminUserId" serial PRIMARY KEY NOT NULL,
	"adminUsername" text NOT NULL,
	"adminPassword" text NOT NULL,
	"adminEmail" text NOT NULL,
	"adminStatus" text DEFAULT 'Active' NOT NULL,
	"adminRole" text DEFAULT 'Support' NOT NULL,
	"adminAccessRoleSettings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_adminUsername_unique" UNIQUE("adminUsername")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_user_id" integer,
	"admin_username" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"category_id" serial PRIMARY KEY NOT NULL,
	"categoryName" text NOT NULL,
	"desc" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"superCategory" text DEFAULT '' NOT NULL,
	"pageTitle" text DEFAULT '' NOT NULL,
	"metaDescription" text DEFAULT '' NOT NULL,
	"mostPopular" boolean DEFAULT false NOT NULL,
	"hide_from_menu_bar" boolean DEFAULT false NOT NULL,
	"parentCategoryId" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parentCategoryId_categories_category_id_fk" FOREIGN KEY ("parentCategoryId") REFERENCES "public"."categories"("category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_category_categories_category_id_fk" FOREIGN KEY ("category") REFERENCES "public"."categories"("category_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "categories_list_idx" ON "categories" USING btree ("parentCategoryId","created_at" DESC NULLS LAST,"category_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "categories_created_at_idx" ON "categories" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "categories_name_lower_idx" ON "categories" USING btree (lower("categoryName"));--> statement-breakpoint
CREATE INDEX "faqs_category_idx" ON "faqs" USING btree ("category","id");