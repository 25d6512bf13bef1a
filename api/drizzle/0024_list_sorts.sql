-- dropping search_text drops contacts_search_trgm_idx with it: made again on the new column (last statement)
ALTER TABLE "contacts" drop column "search_text";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("contacts"."name" || ' ' || "contacts"."email" || ' ' || "contacts"."contactNo" || ' ' || "contacts"."context" || ' ' || "contacts"."subject" || ' ' || "contacts"."message")) STORED;--> statement-breakpoint
CREATE INDEX "users_rating_idx" ON "users" USING btree ("rating","id") WHERE NOT "users"."is_deleted";--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("firstName","lastName","id") WHERE NOT "users"."is_deleted";--> statement-breakpoint
CREATE INDEX "contacts_name_idx" ON "contacts" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);