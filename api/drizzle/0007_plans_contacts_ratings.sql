CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"contactNo" text DEFAULT '' NOT NULL,
	"context" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("contacts"."name" || ' ' || "contacts"."email" || ' ' || "contacts"."contactNo" || ' ' || "contacts"."subject")) STORED
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"rating_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"type" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "appearance" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "charge" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "service_fee" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "profile_boost" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "plan_validity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "max_approval" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "status" text DEFAULT 'Active' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_created_idx" ON "contacts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_order_idx" ON "ratings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ratings_created_idx" ON "ratings" USING btree ("created_at","rating_id");--> statement-breakpoint
CREATE INDEX "ratings_type_idx" ON "ratings" USING btree ("type","created_at","rating_id");--> statement-breakpoint
CREATE INDEX "audit_log_list_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_admin_idx" ON "audit_log" USING btree ("admin_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "users_joined_idx" ON "users" USING btree ("created_at","id") WHERE NOT "users"."is_deleted";--> statement-breakpoint
CREATE INDEX "users_active_joined_idx" ON "users" USING btree ("is_active","created_at","id") WHERE NOT "users"."is_deleted";--> statement-breakpoint
CREATE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_charge_check" CHECK ("plans"."charge" >= 0);--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_service_fee_check" CHECK ("plans"."service_fee" >= 0 AND "plans"."service_fee" <= 100);--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_profile_boost_check" CHECK ("plans"."profile_boost" >= 0);--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_plan_validity_check" CHECK ("plans"."plan_validity" IN (1, 3, 6, 12, 24));--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_max_approval_check" CHECK ("plans"."max_approval" BETWEEN 1 AND 30);