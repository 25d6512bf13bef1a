ALTER TABLE "audit_log" ADD COLUMN "reverts_id" integer;--> statement-breakpoint
-- A password changed on the Profile page ends the admin's other sessions but not the one making the
-- change: that call sets app.keep_admin_session (the kept session's token hash) for its transaction.
-- Any other change of status, role, access or password still ends every session of the admin.
CREATE OR REPLACE FUNCTION "admin_users_end_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."adminStatus" IS DISTINCT FROM OLD."adminStatus"
    OR NEW."adminRole" IS DISTINCT FROM OLD."adminRole"
    OR NEW."adminAccessRoleSettings" IS DISTINCT FROM OLD."adminAccessRoleSettings"
    OR NEW."adminPassword" IS DISTINCT FROM OLD."adminPassword" THEN
    DELETE FROM "admin_sessions"
    WHERE "admin_user_id" = NEW."adminUserId"
      AND "token_hash" IS DISTINCT FROM nullif(current_setting('app.keep_admin_session', true), '');
  END IF;
  RETURN NEW;
END
$$;
