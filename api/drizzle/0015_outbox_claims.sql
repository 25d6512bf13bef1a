ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_attempt_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("outbox"."recipient" || ' ' || coalesce("outbox"."subject", '') || ' ' || coalesce("outbox"."template", ''))) STORED;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("id") WHERE "outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_search_trgm_idx" ON "outbox" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
UPDATE "outbox" SET "attempts" = 1, "last_attempt_at" = coalesce("sent_at", "created_at") WHERE "status" <> 'queued';
