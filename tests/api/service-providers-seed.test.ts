import { afterAll, beforeAll, expect, it } from "vitest";
import { asc, count } from "drizzle-orm";
import { activities, bankAccounts, panVerifications, plans, providerAgreements, serviceProviders, users } from "../../api/src/db/schema";
import { seedDemo, seedExtraProviders, SEED_BASE_DATE } from "../../api/src/seed/seed";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";

describeEachDriver("provider seed", (driver) => {
  let a: TestApi;
  let b: TestApi;
  beforeAll(async () => {
    [a, b] = await Promise.all([startTestApi({ driver, seed: false }), startTestApi({ driver, seed: false })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it("seeds the same 60 demo providers for the same seed, covering every filter value", async () => {
    const [sa, sb] = await Promise.all([seedDemo(a.db, { seed: 7 }), seedDemo(b.db, { seed: 7 })]);
    expect(sa.providers).toBe(60);
    expect(sb).toEqual(sa);
    const dump = async (api: TestApi) => ({
      users: await api.db.select().from(users).orderBy(asc(users.id)),
      providers: await api.db.select().from(serviceProviders).orderBy(asc(serviceProviders.serviceProvider_id)),
      activities: await api.db.select().from(activities).orderBy(asc(activities.id)),
      banks: await api.db.select().from(bankAccounts).orderBy(asc(bankAccounts.id)),
    });
    const [da, db] = await Promise.all([dump(a), dump(b)]);
    expect(db).toEqual(da);
    expect(new Set(da.users.map((u) => u.status))).toEqual(new Set(["Active", "Inactive", "Hold"]));
    expect(new Set(da.users.map((u) => u.verified))).toEqual(new Set([true, false]));
    expect(new Set(da.providers.map((p) => p.stage)).size).toBe(5);
    expect(da.providers.some((p) => p.plan_id === null) && da.providers.some((p) => p.category_id === null)).toBe(true);
    expect(da.users.every((u) => /^\+91 \d{10}$/.test(u.phone))).toBe(true);
    expect((await a.db.select().from(plans)).map((p) => p.plan_name)).toEqual(["Free", "Basic", "Elite", "Pro"]);
    expect((await a.db.select({ n: count() }).from(providerAgreements))[0].n).toBeGreaterThan(0);
    expect((await a.db.select({ n: count() }).from(panVerifications))[0].n).toBeGreaterThan(0);
    expect(da.activities.some((x) => x.details !== null && !x.details.startsWith("{\""))).toBe(true);
  });

  it("adds generated providers in bulk", async () => {
    const started = performance.now();
    await seedExtraProviders(a.db, { seed: 7, count: 5_000, base: SEED_BASE_DATE });
    expect(performance.now() - started).toBeLessThan(20_000);
    const [{ n }] = await a.db.select({ n: count() }).from(serviceProviders);
    expect(Number(n)).toBe(5_060);
  });
});
