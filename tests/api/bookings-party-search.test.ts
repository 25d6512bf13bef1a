/**
 * The Bookings search by a party's name (issue 31 §6): a name many users share is answered by reading
 * the orders newest first with their parties (DENSE_PARTY_MATCHES), a rare one from the matching
 * users' orders. Either way the page is what a user expects: every order whose customer or provider
 * matches, newest first, and Next/Previous pages follow on.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DENSE_PARTY_MATCHES } from "../../api/src/routes/bookings/bookings.handlers";
import { SEED_BASE_DATE, seedExtraUsers } from "../../api/src/seed/seed";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { get } from "./helpers";

type Row = { short_id: string; userUsername: string; serviceProviderUsername: string; created_at: string };

describeEachDriver("Bookings party search", (driver) => {
  let api: TestApi;
  let all: Row[];
  beforeAll(async () => {
    api = await startTestApi({ driver });
    // more users named "…zqcommon…" than DENSE_PARTY_MATCHES (the planner sees them after ANALYZE),
    // among them every fourth provider's user, so some orders' customer or provider matches
    await seedExtraUsers(api.db, { seed: 11, count: DENSE_PARTY_MATCHES + 200, base: SEED_BASE_DATE });
    await api.db.execute(
      sql`UPDATE users SET username = 'zqcommon_' || id WHERE id IN (SELECT id FROM users WHERE id NOT IN (SELECT user_id FROM service_providers) ORDER BY id DESC LIMIT ${DENSE_PARTY_MATCHES + 100})`,
    );
    await api.db.execute(
      sql`UPDATE users SET username = 'zqcommon_' || id WHERE id IN (SELECT user_id FROM service_providers WHERE "serviceProvider_id" % 4 = 0)`,
    );
    await api.db.execute(
      sql`UPDATE users SET username = 'zqrare_' || id WHERE id IN (SELECT user_id FROM service_providers WHERE "serviceProvider_id" % 4 = 1)`,
    );
    await api.db.execute(sql`ANALYZE users`);
    all = (await get(api, "/get-bookings", { query: { page_size: 200 } })).body.data;
  }, 120_000);
  afterAll(() => api?.close());

  async function expectSearch(text: string) {
    const expected = all.filter((r) => `${r.userUsername} ${r.serviceProviderUsername}`.includes(text));
    expect(expected.length).toBeGreaterThan(10);
    const first = await get(api, "/get-bookings", { query: { search: text.toUpperCase(), page_size: 10 } });
    expect(first.status).toBe(200);
    expect((first.body.data as Row[]).map((r) => r.short_id)).toEqual(expected.slice(0, 10).map((r) => r.short_id));
    const second = await get(api, "/get-bookings", { query: { search: text, page_size: 10, page: 2, cursor: first.body.cursors.next } });
    expect((second.body.data as Row[]).map((r) => r.short_id)).toEqual(expected.slice(10, 20).map((r) => r.short_id));
    const back = await get(api, "/get-bookings", { query: { search: text, page_size: 10, page: 1, cursor: second.body.cursors.previous } });
    expect((back.body.data as Row[]).map((r) => r.short_id)).toEqual(expected.slice(0, 10).map((r) => r.short_id));
    return first.body as { total_results: number; total_kind: string };
  }

  it("a name many users share: the newest matching orders, the total an estimate said so", async () => {
    const answer = await expectSearch("zqcommon");
    expect(answer.total_kind).toBe("about");
    expect(answer.total_results).toBeGreaterThan(0);
  });

  it("a rare name: the newest matching orders, counted exactly", async () => {
    const expected = all.filter((r) => `${r.userUsername} ${r.serviceProviderUsername}`.includes("zqrare"));
    const answer = await expectSearch("zqrare");
    expect(answer).toMatchObject({ total_results: expected.length, total_kind: "exact" });
  });
});
