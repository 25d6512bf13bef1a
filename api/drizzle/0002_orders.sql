CREATE TABLE "cancellation_reasons" (
	"reasons_id" serial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"service_type" text NOT NULL,
	"reason" text NOT NULL,
	"repercussion" text DEFAULT '' NOT NULL,
	"user_type" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancelled_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"cancelled_by" text NOT NULL,
	"reason" text NOT NULL,
	"comment" text NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "main_consultations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"consultationDetails" jsonb NOT NULL,
	"timeSlots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "main_consultations_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "order_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"activity_type" text NOT NULL,
	"activity_timestamp" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"details" text
);
--> statement-breakpoint
CREATE TABLE "order_chats" (
	"order_chat_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sender" integer,
	"sender_name" text,
	"data" jsonb NOT NULL,
	"timestamp" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_files" (
	"file_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sender" integer,
	"sender_name" text,
	"file" text NOT NULL,
	"final_status" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"order_id" serial PRIMARY KEY NOT NULL,
	"short_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"service_provider_id" integer NOT NULL,
	"serviceType" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"charges" integer NOT NULL,
	"booked_service" jsonb NOT NULL,
	"statusComment" text,
	"user_mark_as_done" boolean DEFAULT false NOT NULL,
	"service_provider_mark_as_done" boolean DEFAULT false NOT NULL,
	"bookingTime" timestamp (3) with time zone,
	"acceptedAt" timestamp (3) with time zone,
	"finalDraftSharedAt" timestamp (3) with time zone,
	"draftAcceptedAt" timestamp (3) with time zone,
	"ticketRaisedAt" timestamp (3) with time zone,
	"resolvedAt" timestamp (3) with time zone,
	"completedAt" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"payment_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"payment_gateway" text DEFAULT 'PhonePe' NOT NULL,
	"payment_status" text NOT NULL,
	"total_amount" integer NOT NULL,
	"payment_date" timestamp (3) with time zone NOT NULL,
	"release_date" timestamp (3) with time zone,
	"phonepe_response" jsonb,
	"invoice_number" text,
	"company_invoice_number" text,
	"sp_invoice_to_user_number" text,
	"gst_no" text,
	"service_fee_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"platform_commission" integer DEFAULT 0 NOT NULL,
	"gst" integer DEFAULT 0 NOT NULL,
	"service_provider_amount" integer DEFAULT 0 NOT NULL,
	"paid_to_client" integer DEFAULT 0 NOT NULL,
	"paid_to_provider" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_call_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"event" text NOT NULL,
	"timestamp" timestamp (3) with time zone NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cancelled_orders" ADD CONSTRAINT "cancelled_orders_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "main_consultations" ADD CONSTRAINT "main_consultations_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_activities" ADD CONSTRAINT "order_activities_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_chats" ADD CONSTRAINT "order_chats_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_service_provider_id_service_providers_serviceProvider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("serviceProvider_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_call_logs" ADD CONSTRAINT "video_call_logs_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancellation_reasons_set_idx" ON "cancellation_reasons" USING btree ("user_type","status","service_type","order");--> statement-breakpoint
CREATE INDEX "cancelled_orders_order_idx" ON "cancelled_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_activities_order_idx" ON "order_activities" USING btree ("order_id","activity_timestamp");--> statement-breakpoint
CREATE INDEX "order_chats_order_idx" ON "order_chats" USING btree ("order_id","order_chat_id");--> statement-breakpoint
CREATE INDEX "order_files_order_idx" ON "order_files" USING btree ("order_id","file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_short_id_idx" ON "orders" USING btree ("short_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","order_id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_provider_idx" ON "orders" USING btree ("service_provider_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","payment_id");--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("payment_date","payment_id");--> statement-breakpoint
CREATE INDEX "payments_status_date_idx" ON "payments" USING btree ("payment_status","payment_date","payment_id");--> statement-breakpoint
CREATE INDEX "video_call_logs_order_idx" ON "video_call_logs" USING btree ("order_id","timestamp");