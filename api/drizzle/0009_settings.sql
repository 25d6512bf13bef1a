CREATE TABLE "settings" (
	"settingName" text PRIMARY KEY NOT NULL,
	"setting1" jsonb,
	"setting2" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "cancellation_reasons" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "cancellation_reasons" ADD COLUMN "updated_by" text;