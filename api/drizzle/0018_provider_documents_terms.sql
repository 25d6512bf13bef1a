CREATE TABLE "provider_document_uploads" (
	"token" text PRIMARY KEY NOT NULL,
	"service_provider_id" integer NOT NULL,
	"field" text NOT NULL,
	"stored_name" text NOT NULL,
	"original_name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_documents" ADD COLUMN "file_names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_document_uploads" ADD CONSTRAINT "provider_document_uploads_service_provider_id_service_providers_serviceProvider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("serviceProvider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_document_uploads_provider_idx" ON "provider_document_uploads" USING btree ("service_provider_id","created_at");--> statement-breakpoint
-- Certification Id and Year of Passing are asked once, in Documents & Terms (spec 3 §3 Documents):
-- the values saved with Service Details move there. A saved documents section keeps its own value
-- and takes the service details' one where it has none …
UPDATE "provider_form_sections" AS d SET "data" = d."data" || jsonb_build_object(
  'certificationId', coalesce(nullif(d."data"->>'certificationId', ''), s."data"->>'certificationId', ''),
  'yearOfPassing', coalesce(nullif(d."data"->>'yearOfPassing', ''), s."data"->>'yearOfPassing', ''))
FROM "provider_form_sections" AS s
WHERE d."section" = 'documents' AND s."section" = 'service_details' AND s."service_provider_id" = d."service_provider_id";--> statement-breakpoint
-- … so does the documents row …
UPDATE "profile_documents" AS p SET
  "certificationId" = coalesce(nullif(p."certificationId", ''), nullif(s."data"->>'certificationId', '')),
  "yearOfPassing" = coalesce(nullif(p."yearOfPassing", ''), nullif(s."data"->>'yearOfPassing', ''))
FROM "provider_form_sections" AS s
WHERE s."section" = 'service_details' AND s."service_provider_id" = p."service_provider_id";--> statement-breakpoint
-- … a provider without one gets a row holding them (the files are still asked for) …
INSERT INTO "profile_documents" ("service_provider_id", "certificationId", "yearOfPassing")
SELECT s."service_provider_id", nullif(s."data"->>'certificationId', ''), nullif(s."data"->>'yearOfPassing', '')
FROM "provider_form_sections" AS s
WHERE s."section" = 'service_details'
  AND (coalesce(s."data"->>'certificationId', '') <> '' OR coalesce(s."data"->>'yearOfPassing', '') <> '')
  AND NOT EXISTS (SELECT 1 FROM "profile_documents" AS p WHERE p."service_provider_id" = s."service_provider_id");--> statement-breakpoint
-- … and Service Details no longer holds them.
UPDATE "provider_form_sections" SET "data" = "data" - 'certificationId' - 'yearOfPassing' WHERE "section" = 'service_details';
