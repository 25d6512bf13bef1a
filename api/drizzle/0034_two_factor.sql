CREATE TABLE "security_policy" (
	"id" integer PRIMARY KEY NOT NULL,
	"require_two_factor" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp (3) with time zone,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "sign_in_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"portal" text NOT NULL,
	"account_id" integer NOT NULL,
	"username" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"step" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"passed_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_challenges_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "two_factor_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal" text NOT NULL,
	"account_id" integer NOT NULL,
	"secret" text,
	"enabled_at" timestamp (3) with time zone,
	"pending_secret" text,
	"pending_created_at" timestamp (3) with time zone,
	"last_step" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"credential_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "two_factor_recovery_codes" ADD CONSTRAINT "two_factor_recovery_codes_credential_id_two_factor_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."two_factor_credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_challenges_expires_idx" ON "sign_in_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_credentials_account_idx" ON "two_factor_credentials" USING btree ("portal","account_id");--> statement-breakpoint
CREATE INDEX "two_factor_recovery_codes_credential_idx" ON "two_factor_recovery_codes" USING btree ("credential_id");