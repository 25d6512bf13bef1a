CREATE TABLE "provider_sessions" (
	"session_id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"service_provider_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"idle_seconds" integer NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	CONSTRAINT "provider_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "registered_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "provider_sessions" ADD CONSTRAINT "provider_sessions_service_provider_id_service_providers_serviceProvider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("serviceProvider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_sessions_provider_idx" ON "provider_sessions" USING btree ("service_provider_id");--> statement-breakpoint
CREATE INDEX "provider_sessions_expires_idx" ON "provider_sessions" USING btree ("expires_at");--> statement-breakpoint
-- providers already on the marketplace subscribed before the wizard kept the time: count them registered since they joined
UPDATE "service_providers" SET "registered_at" = "created_at";