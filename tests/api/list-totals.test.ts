/**
 * Lists past 10,000 matches (issue 31 §6, docs/decisions/0017-list-totals-past-10000.md): up to
 * 10,000 the total is exact; past it the API estimates it and says so (x-total-kind / total_kind),
 * and a page that ends the list makes it exact again.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { LIST_TOTAL_EXACT_CAP } from "~contract/list-total";
import { SEED_BASE_DATE, seedExtraUsers } from "../../api/src/seed/seed";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";

async function usersPage(api: TestApi, query: Record<string, string | number>) {
  const url = new URL("/users", api.url);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const response = await fetch(url, { headers: { [api.apiKeyHeader]: api.apiKey } });
  const body = (await response.json()) as { data: unknown[] };
  return {
    status: response.status,
    rows: body.data.length,
    total: Number(response.headers.get("x-total-count")),
    kind: response.headers.get("x-total-kind"),
  };
}

describeEachDriver("list totals past 10,000 matches", (driver) => {
  let api: TestApi;
  let live = 0;
  beforeAll(async () => {
    api = await startTestApi({ driver });
    await seedExtraUsers(api.db, { seed: 7, count: LIST_TOTAL_EXACT_CAP + 500, base: SEED_BASE_DATE });
    await api.db.execute(sql`ANALYZE users`);
    const result = (await api.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE NOT is_deleted`)) as unknown as {
      rows: { n: number }[];
    };
    live = result.rows[0].n;
  }, 120_000);
  afterAll(async () => api?.close());

  it("a filter of fewer than 10,000 matches is counted exactly", async () => {
    const page = await usersPage(api, { is_active: "false" });
    expect(page.status).toBe(200);
    expect(page.kind).toBe("exact");
    expect(page.total).toBeLessThanOrEqual(LIST_TOTAL_EXACT_CAP);
  });

  it("past 10,000 the total is an estimate, said so; the last page makes it exact", async () => {
    const first = await usersPage(api, { page_size: 100 });
    expect(first.rows).toBe(100);
    expect(["about", "more_than"]).toContain(first.kind);
    expect(first.total).toBeGreaterThan(LIST_TOTAL_EXACT_CAP - 1);
    // within a fifth of the real count (the planner's statistics after ANALYZE)
    if (first.kind === "about") expect(Math.abs(first.total - live) / live).toBeLessThan(0.2);
    const lastPage = Math.ceil(live / 100);
    const last = await usersPage(api, { page_size: 100, page: lastPage });
    expect(last.rows).toBe(live - (lastPage - 1) * 100);
    expect(last).toMatchObject({ kind: "exact", total: live });
  });
});
