CREATE TABLE "audit_seen" (
	"admin_user_id" integer PRIMARY KEY NOT NULL,
	"seen_up_to" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_seen" ADD CONSTRAINT "audit_seen_admin_user_id_admin_users_adminUserId_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("adminUserId") ON DELETE cascade ON UPDATE no action;