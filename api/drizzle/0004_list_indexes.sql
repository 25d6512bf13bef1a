DROP INDEX "service_providers_refresh_idx";--> statement-breakpoint
DROP INDEX "service_providers_plan_idx";--> statement-breakpoint
DROP INDEX "service_providers_stage_idx";--> statement-breakpoint
DROP INDEX "users_status_idx";--> statement-breakpoint
DROP INDEX "users_verified_idx";--> statement-breakpoint
DROP INDEX "users_last_seen_idx";--> statement-breakpoint
CREATE INDEX "service_providers_live_user_idx" ON "service_providers" USING btree ("user_id","serviceProvider_id") WHERE "service_providers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "service_providers_refresh_idx" ON "service_providers" USING btree ("refresh_at" DESC NULLS LAST,"serviceProvider_id" DESC NULLS FIRST) WHERE "service_providers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "service_providers_plan_idx" ON "service_providers" USING btree ("plan_id","user_id") WHERE "service_providers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "service_providers_stage_idx" ON "service_providers" USING btree ("stage","user_id") WHERE "service_providers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status","verified","id");--> statement-breakpoint
CREATE INDEX "users_verified_idx" ON "users" USING btree ("verified","id");--> statement-breakpoint
CREATE INDEX "users_last_seen_idx" ON "users" USING btree ("lastSeen" DESC NULLS LAST,"id" DESC NULLS FIRST);