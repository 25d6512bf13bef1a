CREATE TABLE "bank_file_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"bank_file_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"service_provider_id" integer NOT NULL,
	"bank_account_id" integer,
	"beneficiary_name" text NOT NULL,
	"account_number" text NOT NULL,
	"ifsc_code" text NOT NULL,
	"amount" integer NOT NULL,
	"narration" text NOT NULL,
	"payout_ids" integer[] NOT NULL,
	"state" text DEFAULT 'Included' NOT NULL,
	"failure_reason" text,
	"failed_by" integer,
	"failed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_files" (
	"bank_file_id" serial PRIMARY KEY NOT NULL,
	"file_date" date NOT NULL,
	"batch_number" integer NOT NULL,
	"state" text DEFAULT 'Generated' NOT NULL,
	"total" integer NOT NULL,
	"line_count" integer NOT NULL,
	"created_by" integer NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp (3) with time zone,
	"paid_by" integer,
	"paid_at" timestamp (3) with time zone,
	"bank_reference" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"payout_id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"service_provider_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"state" text NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp (3) with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp (3) with time zone,
	"reason" text,
	"bank_file_id" integer,
	"paid_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_file_lines" ADD CONSTRAINT "bank_file_lines_bank_file_id_bank_files_bank_file_id_fk" FOREIGN KEY ("bank_file_id") REFERENCES "public"."bank_files"("bank_file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_file_lines" ADD CONSTRAINT "bank_file_lines_service_provider_id_service_providers_serviceProvider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("serviceProvider_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_file_lines" ADD CONSTRAINT "bank_file_lines_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_file_lines" ADD CONSTRAINT "bank_file_lines_failed_by_admin_users_adminUserId_fk" FOREIGN KEY ("failed_by") REFERENCES "public"."admin_users"("adminUserId") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_files" ADD CONSTRAINT "bank_files_created_by_admin_users_adminUserId_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("adminUserId") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_files" ADD CONSTRAINT "bank_files_sent_by_admin_users_adminUserId_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."admin_users"("adminUserId") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_files" ADD CONSTRAINT "bank_files_paid_by_admin_users_adminUserId_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."admin_users"("adminUserId") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payment_id_payments_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("payment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_service_provider_id_service_providers_serviceProvider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("serviceProvider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_requested_by_admin_users_adminUserId_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."admin_users"("adminUserId") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_decided_by_admin_users_adminUserId_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admin_users"("adminUserId") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_bank_file_id_bank_files_bank_file_id_fk" FOREIGN KEY ("bank_file_id") REFERENCES "public"."bank_files"("bank_file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_file_lines_number_idx" ON "bank_file_lines" USING btree ("bank_file_id","line_number");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_files_date_number_idx" ON "bank_files" USING btree ("file_date","batch_number");--> statement-breakpoint
CREATE INDEX "bank_files_created_idx" ON "bank_files" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_payment_live_idx" ON "payouts" USING btree ("payment_id") WHERE "payouts"."state" <> 'Rejected';--> statement-breakpoint
CREATE INDEX "payouts_payment_idx" ON "payouts" USING btree ("payment_id","payout_id");--> statement-breakpoint
CREATE INDEX "payouts_state_idx" ON "payouts" USING btree ("state","decided_at","payout_id");--> statement-breakpoint
CREATE INDEX "payouts_provider_idx" ON "payouts" USING btree ("service_provider_id","decided_at","payout_id");--> statement-breakpoint
CREATE INDEX "payouts_bank_file_idx" ON "payouts" USING btree ("bank_file_id");