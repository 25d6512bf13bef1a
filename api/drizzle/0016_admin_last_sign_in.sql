ALTER TABLE "admin_users" ADD COLUMN "last_signed_in_at" timestamp (3) with time zone;--> statement-breakpoint
-- admins signed in now: their newest live session's sign-in
UPDATE "admin_users" AS a SET "last_signed_in_at" = s."newest" FROM (SELECT "admin_user_id", max("created_at") AS "newest" FROM "admin_sessions" GROUP BY "admin_user_id") AS s WHERE s."admin_user_id" = a."adminUserId";
