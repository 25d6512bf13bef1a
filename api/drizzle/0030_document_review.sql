ALTER TABLE "profile_documents" ADD COLUMN "review_status" text DEFAULT 'Pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_documents" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "profile_documents" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "profile_documents" ADD COLUMN "reviewed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "profile_documents" ADD CONSTRAINT "profile_documents_review_status_check" CHECK ("profile_documents"."review_status" in ('Pending', 'Approved', 'Rejected'));