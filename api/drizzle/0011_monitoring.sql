CREATE TABLE "booking_journeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"service_provider_id" integer NOT NULL,
	"service_name" text NOT NULL,
	"journey_started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"dialogue_opened_at" timestamp (3) with time zone,
	"basic_info_completed_at" timestamp (3) with time zone,
	"order_summary_completed_at" timestamp (3) with time zone,
	"address_completed_at" timestamp (3) with time zone,
	"payment_completed_at" timestamp (3) with time zone,
	"basic_info_data" jsonb,
	"order_summary_data" jsonb,
	"address_data" jsonb,
	"payment_data" jsonb,
	"order_id" integer,
	"active_step" integer GENERATED ALWAYS AS (CASE
        WHEN "booking_journeys"."dialogue_opened_at" IS NULL THEN 1
        WHEN "booking_journeys"."basic_info_completed_at" IS NULL THEN 2
        WHEN "booking_journeys"."order_summary_completed_at" IS NULL THEN 3
        WHEN "booking_journeys"."address_completed_at" IS NULL THEN 4
        WHEN "booking_journeys"."payment_completed_at" IS NULL THEN 5
        ELSE 6 END) STORED
);
--> statement-breakpoint
CREATE TABLE "contact_share_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer,
	"query_chat_id" integer,
	"content" text,
	"kind" text,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "query_chat_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"service_provider_id" integer NOT NULL,
	"chat_count" integer DEFAULT 0 NOT NULL,
	"first_chat_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_chat_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "query_chat_groups_count_check" CHECK ("query_chat_groups"."chat_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "query_chats" (
	"query_chat_id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"text" text,
	"service_query_data" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"content_type" text DEFAULT 'application/octet-stream' NOT NULL,
	"uploaded_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"uploaded_by" text,
	"search_text" text GENERATED ALWAYS AS (lower("stored_files"."file_name")) STORED
);
--> statement-breakpoint
ALTER TABLE "booking_journeys" ADD CONSTRAINT "booking_journeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_journeys" ADD CONSTRAINT "booking_journeys_service_provider_id_service_providers_serviceProvider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("serviceProvider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_journeys" ADD CONSTRAINT "booking_journeys_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_share_attempts" ADD CONSTRAINT "contact_share_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_share_attempts" ADD CONSTRAINT "contact_share_attempts_group_id_query_chat_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."query_chat_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_share_attempts" ADD CONSTRAINT "contact_share_attempts_query_chat_id_query_chats_query_chat_id_fk" FOREIGN KEY ("query_chat_id") REFERENCES "public"."query_chats"("query_chat_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_chat_groups" ADD CONSTRAINT "query_chat_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_chat_groups" ADD CONSTRAINT "query_chat_groups_service_provider_id_service_providers_serviceProvider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("serviceProvider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_chats" ADD CONSTRAINT "query_chats_group_id_query_chat_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."query_chat_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_chats" ADD CONSTRAINT "query_chats_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_journeys_started_idx" ON "booking_journeys" USING btree ("journey_started_at","id") WHERE "booking_journeys"."order_id" IS NULL;--> statement-breakpoint
CREATE INDEX "booking_journeys_step_idx" ON "booking_journeys" USING btree ("active_step","journey_started_at","id") WHERE "booking_journeys"."order_id" IS NULL;--> statement-breakpoint
CREATE INDEX "booking_journeys_user_idx" ON "booking_journeys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "booking_journeys_provider_idx" ON "booking_journeys" USING btree ("service_provider_id");--> statement-breakpoint
CREATE INDEX "contact_share_attempts_user_idx" ON "contact_share_attempts" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_share_attempts_group_idx" ON "contact_share_attempts" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "query_chat_groups_pair_idx" ON "query_chat_groups" USING btree ("user_id","service_provider_id");--> statement-breakpoint
CREATE INDEX "query_chat_groups_provider_idx" ON "query_chat_groups" USING btree ("service_provider_id");--> statement-breakpoint
CREATE INDEX "query_chat_groups_last_idx" ON "query_chat_groups" USING btree ("last_chat_at","id");--> statement-breakpoint
CREATE INDEX "query_chat_groups_search_trgm_idx" ON "query_chat_groups" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "query_chats_group_idx" ON "query_chats" USING btree ("group_id","created_at","query_chat_id");--> statement-breakpoint
CREATE INDEX "query_chats_sender_idx" ON "query_chats" USING btree ("sender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_name_idx" ON "stored_files" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "stored_files_uploaded_idx" ON "stored_files" USING btree ("uploaded_at","id");--> statement-breakpoint
CREATE INDEX "stored_files_search_trgm_idx" ON "stored_files" USING gin ("search_text" gin_trgm_ops);