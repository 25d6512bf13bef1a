CREATE TABLE "bulk_job_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"target_label" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_by_username" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"until_id" integer DEFAULT 0 NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"claim_until" timestamp (3) with time zone,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "bulk_job_failures" ADD CONSTRAINT "bulk_job_failures_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_job_failures_target_idx" ON "bulk_job_failures" USING btree ("job_id","target_id");--> statement-breakpoint
CREATE INDEX "bulk_jobs_created_idx" ON "bulk_jobs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bulk_jobs_admin_idx" ON "bulk_jobs" USING btree ("created_by","created_at","id");--> statement-breakpoint
CREATE INDEX "bulk_jobs_open_idx" ON "bulk_jobs" USING btree ("id") WHERE "bulk_jobs"."state" IN ('queued', 'running', 'cancelling');--> statement-breakpoint
CREATE INDEX "audit_log_job_idx" ON "audit_log" USING btree ("job_id","id") WHERE "audit_log"."job_id" IS NOT NULL;