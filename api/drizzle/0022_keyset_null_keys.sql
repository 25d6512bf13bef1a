DROP INDEX "service_providers_refresh_idx";--> statement-breakpoint
DROP INDEX "users_last_seen_idx";--> statement-breakpoint
CREATE INDEX "service_providers_refresh_idx" ON "service_providers" USING btree (coalesce("refresh_at", '-infinity'::timestamptz),"serviceProvider_id") WHERE "service_providers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "users_last_seen_idx" ON "users" USING btree (coalesce("lastSeen", '-infinity'::timestamptz),"id");