CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"activity_timestamp" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"activity_category" text NOT NULL,
	"details" text
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_provider_id" integer NOT NULL,
	"account_holder_name" text NOT NULL,
	"account_number" text NOT NULL,
	"ifsc_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"branch" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boosting_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_provider" integer NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"user_id" integer,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text,
	"template" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "pan_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_provider_id" integer NOT NULL,
	"pan_number" text,
	"name_on_pan" text,
	"pan_verified" boolean DEFAULT false NOT NULL,
	"pan_verified_at" timestamp (3) with time zone,
	"face_match_verified" boolean DEFAULT false NOT NULL,
	"face_match_score" numeric(5, 2),
	"face_match_verified_at" timestamp (3) with time zone,
	CONSTRAINT "pan_verifications_service_provider_id_unique" UNIQUE("service_provider_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"plan_id" serial PRIMARY KEY NOT NULL,
	"plan_name" text NOT NULL,
	CONSTRAINT "plans_plan_name_unique" UNIQUE("plan_name")
);
--> statement-breakpoint
CREATE TABLE "profile_documents" (
	"ProfileDocument_id" serial PRIMARY KEY NOT NULL,
	"service_provider_id" integer NOT NULL,
	"profilePhoto" text,
	"portfolio" text,
	"companyProfile" text,
	"websiteLink" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_documents_service_provider_id_unique" UNIQUE("service_provider_id")
);
--> statement-breakpoint
CREATE TABLE "provider_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_provider_id" integer NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp (3) with time zone NOT NULL,
	"accepted_ip" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_providers" (
	"serviceProvider_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer,
	"plan_id" integer,
	"stage" text DEFAULT 'Free' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"refresh_at" timestamp (3) with time zone,
	"last_accepted_agreement" text,
	"is_pro" boolean DEFAULT false NOT NULL,
	"admin_rating" numeric(4, 1) DEFAULT 10 NOT NULL,
	"boosterPoints" integer DEFAULT 0 NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'India' NOT NULL,
	"locality" text DEFAULT '' NOT NULL,
	"pincode" text DEFAULT '' NOT NULL,
	"catchyLine" text DEFAULT '' NOT NULL,
	"languageProficiency" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specialization" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"firstName" text DEFAULT '' NOT NULL,
	"lastName" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"rating" numeric(3, 2) DEFAULT 0 NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"lastSeen" timestamp (3) with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"can_sign_in" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("users"."username" || ' ' || "users"."firstName" || ' ' || "users"."lastName" || ' ' || "users"."email" || ' ' || "users"."phone")) STORED,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_service_provider_id_service_providers_serviceProvider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("serviceProvider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boosting_points" ADD CONSTRAINT "boosting_points_service_provider_service_providers_serviceProvider_id_fk" FOREIGN KEY ("service_provider") REFERENCES "public"."service_providers"("serviceProvider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pan_verifications" ADD CONSTRAINT "pan_verifications_service_provider_id_service_providers_serviceProvider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("serviceProvider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_documents" ADD CONSTRAINT "profile_documents_service_provider_id_service_providers_serviceProvider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("serviceProvider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_agreements" ADD CONSTRAINT "provider_agreements_service_provider_id_service_providers_serviceProvider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("serviceProvider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_category_id_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("category_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_plan_id_plans_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("plan_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_user_idx" ON "activities" USING btree ("user_id","activity_timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bank_accounts_provider_idx" ON "bank_accounts" USING btree ("service_provider_id");--> statement-breakpoint
CREATE INDEX "boosting_points_provider_idx" ON "boosting_points" USING btree ("service_provider","created_at");--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "provider_agreements_provider_idx" ON "provider_agreements" USING btree ("service_provider_id","accepted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_providers_user_idx" ON "service_providers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "service_providers_created_idx" ON "service_providers" USING btree ("created_at","serviceProvider_id") WHERE "service_providers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "service_providers_updated_idx" ON "service_providers" USING btree ("updated_at","serviceProvider_id") WHERE "service_providers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "service_providers_refresh_idx" ON "service_providers" USING btree ("refresh_at" DESC NULLS LAST,"serviceProvider_id" DESC NULLS LAST) WHERE "service_providers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "service_providers_plan_idx" ON "service_providers" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "service_providers_stage_idx" ON "service_providers" USING btree ("stage");--> statement-breakpoint
CREATE INDEX "service_providers_category_idx" ON "service_providers" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status");--> statement-breakpoint
CREATE INDEX "users_verified_idx" ON "users" USING btree ("verified");--> statement-breakpoint
CREATE INDEX "users_last_seen_idx" ON "users" USING btree ("lastSeen" DESC NULLS LAST,"id" DESC NULLS LAST);