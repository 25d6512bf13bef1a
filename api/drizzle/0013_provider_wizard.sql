CREATE TABLE "provider_form_sections" (
	"service_provider_id" integer NOT NULL,
	"section" text NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "provider_form_sections_service_provider_id_section_pk" PRIMARY KEY("service_provider_id","section"),
	CONSTRAINT "provider_form_sections_section_check" CHECK ("provider_form_sections"."section" in ('categories', 'services', 'service_details', 'documents', 'plan'))
);
--> statement-breakpoint
CREATE TABLE "provider_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_provider_id" integer NOT NULL,
	"category_id" integer,
	"serviceType" text NOT NULL,
	"position" integer NOT NULL,
	"offerings" text DEFAULT '' NOT NULL,
	"specialty" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inclusions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"limits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"limitsPriceVariation" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"indiaPrice" integer,
	"outsidePrice" integer,
	"deliveryTime" text DEFAULT '' NOT NULL,
	"askBeforeOrder" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_services_prices_check" CHECK (coalesce("provider_services"."indiaPrice", 0) >= 0 AND coalesce("provider_services"."outsidePrice", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "profile_documents" ADD COLUMN "identityProof" text;--> statement-breakpoint
ALTER TABLE "profile_documents" ADD COLUMN "selfie" text;--> statement-breakpoint
ALTER TABLE "profile_documents" ADD COLUMN "certificate" text;--> statement-breakpoint
ALTER TABLE "profile_documents" ADD COLUMN "companyResume" text;--> statement-breakpoint
ALTER TABLE "profile_documents" ADD COLUMN "gstCertificate" text;--> statement-breakpoint
ALTER TABLE "profile_documents" ADD COLUMN "panNumber" text;--> statement-breakpoint
ALTER TABLE "profile_documents" ADD COLUMN "gstNo" text;--> statement-breakpoint
ALTER TABLE "profile_documents" ADD COLUMN "documentComment" text;--> statement-breakpoint
ALTER TABLE "profile_documents" ADD COLUMN "certificationId" text;--> statement-breakpoint
ALTER TABLE "profile_documents" ADD COLUMN "yearOfPassing" text;--> statement-breakpoint
ALTER TABLE "provider_form_sections" ADD CONSTRAINT "provider_form_sections_service_provider_id_service_providers_serviceProvider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("serviceProvider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_services" ADD CONSTRAINT "provider_services_service_provider_id_service_providers_serviceProvider_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("serviceProvider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_services" ADD CONSTRAINT "provider_services_category_id_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("category_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_services_provider_idx" ON "provider_services" USING btree ("service_provider_id","category_id","serviceType","position");