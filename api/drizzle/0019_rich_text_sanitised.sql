-- Issue 29: FAQ content and providers' Professional Profiles were stored as sent (unsanitised).
-- New writes are sanitised by the API; the rows already stored are sanitised once by the API at
-- start-up (api/src/db/data-fixes.ts, "sanitise-rich-text"), as SQL cannot run the sanitiser.
CREATE TABLE "data_fixes" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp (3) with time zone
);
--> statement-breakpoint
INSERT INTO "data_fixes" ("name") VALUES ('sanitise-rich-text') ON CONFLICT DO NOTHING;
