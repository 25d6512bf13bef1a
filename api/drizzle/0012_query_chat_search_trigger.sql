-- Customer queries: a pair's search_text holds both sides' usernames, names and phones
-- (api/src/lib/query-chats.ts searchTextSql). When a user's username, name or phone changes, by
-- whichever call or script, the groups they are in (as the customer or as the provider's user) are
-- rewritten with the same formula, so the list's search never finds a stale name.
CREATE OR REPLACE FUNCTION query_chat_groups_refresh_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "query_chat_groups" AS g
  SET "search_text" = lower(concat_ws(' ',
    c."username", c."firstName", c."lastName", c."phone", regexp_replace(c."phone", '\D', '', 'g'),
    p."username", p."firstName", p."lastName", p."phone", regexp_replace(p."phone", '\D', '', 'g')))
  FROM "users" AS c, "service_providers" AS sp, "users" AS p
  WHERE c."id" = g."user_id"
    AND sp."serviceProvider_id" = g."service_provider_id"
    AND p."id" = sp."user_id"
    AND (g."user_id" = NEW."id"
      OR g."service_provider_id" IN (SELECT "serviceProvider_id" FROM "service_providers" WHERE "user_id" = NEW."id"));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_query_chat_search_text"
AFTER UPDATE OF "username", "firstName", "lastName", "phone" ON "users"
FOR EACH ROW
WHEN (OLD."username" IS DISTINCT FROM NEW."username"
  OR OLD."firstName" IS DISTINCT FROM NEW."firstName"
  OR OLD."lastName" IS DISTINCT FROM NEW."lastName"
  OR OLD."phone" IS DISTINCT FROM NEW."phone")
EXECUTE FUNCTION query_chat_groups_refresh_search_text();
