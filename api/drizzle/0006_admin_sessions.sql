CREATE TABLE "admin_sessions" (
	"session_id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"admin_user_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"idle_seconds" integer NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	CONSTRAINT "admin_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "login_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_admin_user_id_admin_users_adminUserId_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("adminUserId") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_sessions_admin_idx" ON "admin_sessions" USING btree ("admin_user_id");--> statement-breakpoint
CREATE INDEX "admin_sessions_expires_idx" ON "admin_sessions" USING btree ("expires_at");--> statement-breakpoint
-- Blocking an admin, changing their role, access or password ends their sessions at once, whoever
-- makes the change (an API call or SQL by hand).
CREATE FUNCTION "admin_users_end_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."adminStatus" IS DISTINCT FROM OLD."adminStatus"
    OR NEW."adminRole" IS DISTINCT FROM OLD."adminRole"
    OR NEW."adminAccessRoleSettings" IS DISTINCT FROM OLD."adminAccessRoleSettings"
    OR NEW."adminPassword" IS DISTINCT FROM OLD."adminPassword" THEN
    DELETE FROM "admin_sessions" WHERE "admin_user_id" = NEW."adminUserId";
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "admin_users_end_sessions" AFTER UPDATE ON "admin_users" FOR EACH ROW EXECUTE FUNCTION "admin_users_end_sessions"();
