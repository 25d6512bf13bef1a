ALTER TABLE "boosting_points" ADD COLUMN "kind" text DEFAULT 'grant' NOT NULL;--> statement-breakpoint
-- rows that took points away were corrections
UPDATE "boosting_points" SET "kind" = 'correction' WHERE "points" <= 0;--> statement-breakpoint
-- where a provider's stored total differs from its history's sum (the details page used to set the
-- total without a row), record the difference as an opening balance, so the total is the sum again
INSERT INTO "boosting_points" ("service_provider", "points", "reason", "kind", "created_by", "created_at")
SELECT sp."serviceProvider_id", sp."boosterPoints" - COALESCE(h."total", 0), 'Balance carried over: the total set before every change was recorded', 'opening', NULL, now()
FROM "service_providers" sp
LEFT JOIN (SELECT "service_provider", SUM("points") AS "total" FROM "boosting_points" GROUP BY "service_provider") h ON h."service_provider" = sp."serviceProvider_id"
WHERE sp."boosterPoints" <> COALESCE(h."total", 0);--> statement-breakpoint
ALTER TABLE "boosting_points" ADD CONSTRAINT "boosting_points_kind_check" CHECK ("boosting_points"."kind" IN ('grant', 'correction', 'opening'));--> statement-breakpoint
ALTER TABLE "boosting_points" ADD CONSTRAINT "boosting_points_grant_positive_check" CHECK ("boosting_points"."kind" <> 'grant' OR "boosting_points"."points" > 0);--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_booster_points_check" CHECK ("service_providers"."boosterPoints" >= 0);
