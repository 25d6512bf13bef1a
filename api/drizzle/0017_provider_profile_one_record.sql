CREATE TABLE "provider_profiles" (
	"service_provider_id" integer PRIMARY KEY NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"professionalProfile" text DEFAULT '' NOT NULL,
	"occupation" text DEFAULT '' NOT NULL,
	"qualification" text DEFAULT '' NOT NULL,
	"expYears" integer,
	"expMonths" integer,
	"preferred_days_time" jsonb,
	"coreExpertise" text DEFAULT '' NOT NULL,
	"globalExpertise" text DEFAULT '' NOT NULL,
	"portfolioLink" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_form_sections" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_service_provider_id_service_providers_serviceProvider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("serviceProvider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One record (issue 28): the wizard's sections were a copy of the profile kept apart; their data moves into the profile.
-- Providers not yet registered: their sections are their only data, so the sections win.
UPDATE "service_providers" sp SET
  "category_id" = (c."data"->>'category_id')::int,
  "specialization" = (SELECT coalesce(jsonb_agg(jsonb_build_object('categoryName', e->>'specialization', 'experience', e->'experience', 'subSpecialization', coalesce(e->'subSpecialization', '[]'::jsonb), 'subSpecializationExp', coalesce(e->'subSpecializationExp', '[]'::jsonb)) ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements(c."data"->'specializations') WITH ORDINALITY AS x(e, n))
FROM "provider_form_sections" c
WHERE c."service_provider_id" = sp."serviceProvider_id" AND c."section" = 'categories' AND c."data" IS NOT NULL AND sp."registered_at" IS NULL
  AND EXISTS (SELECT 1 FROM "categories" k WHERE k."category_id" = (c."data"->>'category_id')::int);
--> statement-breakpoint
-- every specialization gets its sub-specializations' years (the specialization's own where none were kept)
UPDATE "service_providers" SET "specialization" = (
  SELECT jsonb_agg(CASE WHEN e ? 'subSpecializationExp' THEN e ELSE e || jsonb_build_object('subSpecializationExp', (SELECT coalesce(jsonb_agg(CASE WHEN y.s IS NULL THEN NULL ELSE e->'experience' END), '[]'::jsonb) FROM jsonb_array_elements(coalesce(e->'subSpecialization', '[]'::jsonb)) AS y(s))) END ORDER BY n)
  FROM jsonb_array_elements("specialization") WITH ORDINALITY AS x(e, n))
WHERE jsonb_typeof("specialization") = 'array' AND jsonb_array_length("specialization") > 0;
--> statement-breakpoint
-- Service Details: the sections' fields the profile had no place for; the tagline, where none was saved, is the line the details page showed
INSERT INTO "provider_profiles" ("service_provider_id", "tagline", "countries", "skills", "professionalProfile", "occupation", "qualification", "expYears", "expMonths", "preferred_days_time", "created_at", "updated_at")
SELECT sp."serviceProvider_id", coalesce(d."data"->>'tagline', sp."catchyLine"), coalesce(d."data"->'countries', '[]'::jsonb), coalesce(d."data"->'skills', '[]'::jsonb),
  coalesce(d."data"->>'professionalProfile', ''), coalesce(d."data"->>'occupation', ''), coalesce(d."data"->>'qualification', ''),
  (d."data"->>'expYears')::int, (d."data"->>'expMonths')::int, d."data"->'preferred_days_time', sp."created_at", coalesce(d."updated_at", sp."updated_at")
FROM "service_providers" sp
LEFT JOIN "provider_form_sections" d ON d."service_provider_id" = sp."serviceProvider_id" AND d."section" = 'service_details' AND d."data" IS NOT NULL
WHERE d."data" IS NOT NULL OR sp."catchyLine" <> '';
--> statement-breakpoint
-- languages: the section's rows (with spoken / written) where the provider is not registered or they are the profile's languages
UPDATE "service_providers" sp SET "languageProficiency" = (SELECT coalesce(jsonb_agg(jsonb_build_object('language', l->>'language', 'rating', (l->>'rating')::int, 'spoken', coalesce((l->>'spoken')::boolean, false), 'written', coalesce((l->>'written')::boolean, false)) ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements(d."data"->'languageProficiency') WITH ORDINALITY AS x(l, n))
FROM "provider_form_sections" d
WHERE d."service_provider_id" = sp."serviceProvider_id" AND d."section" = 'service_details' AND d."data" IS NOT NULL AND jsonb_typeof(d."data"->'languageProficiency') = 'array'
  AND (sp."registered_at" IS NULL OR (SELECT coalesce(jsonb_agg(jsonb_build_object('language', l->>'language', 'rating', (l->>'rating')::int) ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements(d."data"->'languageProficiency') WITH ORDINALITY AS x(l, n)) = sp."languageProficiency");
--> statement-breakpoint
-- document fields: the sections fill what the profile's documents row lacks (and win before registration)
INSERT INTO "profile_documents" ("service_provider_id", "panNumber", "gstNo", "websiteLink", "documentComment", "certificationId", "yearOfPassing")
SELECT sp."serviceProvider_id", nullif(doc."data"->>'panNumber', ''), nullif(doc."data"->>'gstNo', ''), nullif(doc."data"->>'websiteLink', ''), nullif(doc."data"->>'documentComment', ''),
  coalesce(nullif(doc."data"->>'certificationId', ''), nullif(det."data"->>'certificationId', '')), nullif(det."data"->>'yearOfPassing', '')
FROM "service_providers" sp
LEFT JOIN "provider_form_sections" doc ON doc."service_provider_id" = sp."serviceProvider_id" AND doc."section" = 'documents' AND doc."data" IS NOT NULL
LEFT JOIN "provider_form_sections" det ON det."service_provider_id" = sp."serviceProvider_id" AND det."section" = 'service_details' AND det."data" IS NOT NULL
WHERE doc."data" IS NOT NULL OR det."data" IS NOT NULL
ON CONFLICT ("service_provider_id") DO UPDATE SET
  "panNumber" = CASE WHEN (SELECT s."registered_at" FROM "service_providers" s WHERE s."serviceProvider_id" = "profile_documents"."service_provider_id") IS NULL THEN coalesce(excluded."panNumber", "profile_documents"."panNumber") ELSE coalesce("profile_documents"."panNumber", excluded."panNumber") END,
  "gstNo" = CASE WHEN (SELECT s."registered_at" FROM "service_providers" s WHERE s."serviceProvider_id" = "profile_documents"."service_provider_id") IS NULL THEN coalesce(excluded."gstNo", "profile_documents"."gstNo") ELSE coalesce("profile_documents"."gstNo", excluded."gstNo") END,
  "websiteLink" = CASE WHEN (SELECT s."registered_at" FROM "service_providers" s WHERE s."serviceProvider_id" = "profile_documents"."service_provider_id") IS NULL THEN coalesce(excluded."websiteLink", "profile_documents"."websiteLink") ELSE coalesce("profile_documents"."websiteLink", excluded."websiteLink") END,
  "documentComment" = coalesce("profile_documents"."documentComment", excluded."documentComment"),
  "certificationId" = coalesce("profile_documents"."certificationId", excluded."certificationId"),
  "yearOfPassing" = coalesce("profile_documents"."yearOfPassing", excluded."yearOfPassing");
--> statement-breakpoint
-- services of providers not yet registered: the section's rows, where the provider has none of that category
INSERT INTO "provider_services" ("service_provider_id", "category_id", "serviceType", "position", "offerings", "specialty", "inclusions", "limits", "limitsPriceVariation", "description", "indiaPrice", "outsidePrice", "deliveryTime", "askBeforeOrder")
SELECT s."service_provider_id", (s."data"->>'category_id')::int, t."type", r.n - 1, coalesce(r.x->>'offerings', ''), coalesce(r.x->'specialty', '[]'::jsonb), coalesce(r.x->'inclusions', '[]'::jsonb), coalesce(r.x->'limits', '[]'::jsonb),
  (SELECT coalesce(jsonb_agg(v || jsonb_build_object('indiaPrice', CASE WHEN coalesce(v->>'indiaPrice', '') = '' THEN NULL ELSE round((v->>'indiaPrice')::numeric * 100)::int END) ORDER BY m), '[]'::jsonb) FROM jsonb_array_elements(coalesce(r.x->'limitsPriceVariation', '[]'::jsonb)) WITH ORDINALITY AS w(v, m)),
  coalesce(r.x->>'description', ''),
  CASE WHEN coalesce(r.x->>'indiaPrice', '') = '' THEN NULL ELSE round((r.x->>'indiaPrice')::numeric * 100)::int END,
  CASE WHEN coalesce(r.x->>'outsidePrice', '') = '' THEN NULL ELSE round((r.x->>'outsidePrice')::numeric * 100)::int END,
  coalesce(r.x->>'deliveryTime', ''), coalesce((r.x->>'askBeforeOrder')::boolean, false)
FROM "provider_form_sections" s
JOIN "service_providers" sp ON sp."serviceProvider_id" = s."service_provider_id" AND sp."registered_at" IS NULL AND sp."category_id" = (s."data"->>'category_id')::int
CROSS JOIN (VALUES ('Consultation'), ('Service'), ('Retainership'), ('AddOnService')) AS t("type")
CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(s."data"->t."type") = 'array' THEN s."data"->t."type" ELSE '[]'::jsonb END) WITH ORDINALITY AS r(x, n)
WHERE s."section" = 'services' AND s."data" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "provider_services" ps WHERE ps."service_provider_id" = s."service_provider_id" AND ps."category_id" = (s."data"->>'category_id')::int);
--> statement-breakpoint
-- the spec's delivery times (1–10 days, 2 and 3 weeks, 1, 1.5, 2, 3, 6 and 12 months): the old list's nearest
UPDATE "provider_services" SET "deliveryTime" = CASE "deliveryTime" WHEN 'Same Day' THEN '1 Day' WHEN '15 Days' THEN '2 Weeks' WHEN '21 Days' THEN '3 Weeks' WHEN '30 Days' THEN '1 Month' WHEN '45 Days' THEN '1.5 Months' WHEN '60 Days' THEN '2 Months' ELSE "deliveryTime" END
WHERE "deliveryTime" IN ('Same Day', '15 Days', '21 Days', '30 Days', '45 Days', '60 Days');
--> statement-breakpoint
UPDATE "provider_services" SET "limitsPriceVariation" = (
  SELECT jsonb_agg(CASE WHEN v ? 'deliveryTime' THEN jsonb_set(v, '{deliveryTime}', to_jsonb(CASE v->>'deliveryTime' WHEN 'Same Day' THEN '1 Day' WHEN '15 Days' THEN '2 Weeks' WHEN '21 Days' THEN '3 Weeks' WHEN '30 Days' THEN '1 Month' WHEN '45 Days' THEN '1.5 Months' WHEN '60 Days' THEN '2 Months' ELSE v->>'deliveryTime' END)) ELSE v END ORDER BY m)
  FROM jsonb_array_elements("limitsPriceVariation") WITH ORDINALITY AS w(v, m))
WHERE jsonb_typeof("limitsPriceVariation") = 'array' AND jsonb_array_length("limitsPriceVariation") > 0;
--> statement-breakpoint
-- the sections now only say when each step was saved (the plan chosen before subscribing stays)
UPDATE "provider_form_sections" SET "data" = NULL WHERE "section" <> 'plan';
