-- Trigram search (pg_trgm): the lists' "contains" search is LIKE '%…%' on users.search_text, which a
-- GIN trigram index answers for 3+ characters. PGlite loads the extension from its contrib build
-- (api/src/db/client.ts passes it to PGlite.create); PostgreSQL ships it as a contrib module.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);
