import { afterAll, beforeAll, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { adminUsers, categories, faqs } from "../../api/src/db/schema";
import { verifyPassword } from "../../api/src/lib/password";
import { DEMO_ADMINS } from "../../api/src/seed/demo-admins";
import { mulberry32, seedDemo, SEED_BASE_DATE } from "../../api/src/seed/seed";
import { faqQuestion } from "~contract/faqs";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";

const dump = async (api: TestApi) => ({
  admins: await api.db.select().from(adminUsers).orderBy(asc(adminUsers.adminUserId)),
  categories: await api.db.select().from(categories).orderBy(asc(categories.category_id)),
  faqs: await api.db.select().from(faqs).orderBy(asc(faqs.id)),
});

describeEachDriver("demo seed", (driver) => {
  const apis: TestApi[] = [];
  const fresh = async () => {
    const api = await startTestApi({ driver, seed: false });
    apis.push(api);
    return api;
  };
  let first: TestApi;
  beforeAll(async () => {
    first = await fresh();
    await seedDemo(first.db, { seed: 42 });
  });
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.close()));
  });

  it("gives the same rows for the same seed, and different ones for another", async () => {
    const again = await fresh();
    await seedDemo(again.db, { seed: 42, scale: 50 });
    const other = await fresh();
    await seedDemo(other.db, { seed: 7, scale: 50 });
    const third = await fresh();
    await seedDemo(third.db, { seed: 42, scale: 50 });

    expect(await dump(third)).toEqual(await dump(again));
    const a = await dump(again);
    const b = await dump(other);
    expect(b.categories.map((c) => c.categoryName).slice(0, 20)).toEqual(a.categories.map((c) => c.categoryName).slice(0, 20));
    expect(b.categories.map((c) => c.created_at.getTime())).not.toEqual(a.categories.map((c) => c.created_at.getTime()));
    expect(b.admins.map((x) => x.adminPassword)).not.toEqual(a.admins.map((x) => x.adminPassword));
  });

  it("creates the demo admin accounts in order, with working passwords", async () => {
    const { admins } = await dump(first);
    expect(admins.map((a) => a.adminUsername)).toEqual(Object.keys(DEMO_ADMINS));
    for (const admin of admins) {
      const demo = DEMO_ADMINS[admin.adminUsername as keyof typeof DEMO_ADMINS];
      expect(admin).toMatchObject({
        adminEmail: demo.email,
        adminStatus: demo.status,
        adminRole: demo.role,
        adminAccessRoleSettings: [...demo.access],
      });
      expect(admin.adminPassword).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[^$]+\$[^$]+$/);
      expect(await verifyPassword(demo.password, admin.adminPassword)).toBe(true);
      expect(await verifyPassword(demo.password + "!", admin.adminPassword)).toBe(false);
    }
  });

  it("builds a three-level catalogue with mixed statuses, super categories and FAQs", async () => {
    const { categories: rows, faqs: faqRows } = await dump(first);
    const byId = new Map(rows.map((r) => [r.category_id, r]));
    const depth = (id: number): number => {
      const parent = byId.get(id)!.parentCategoryId;
      return parent === null ? 1 : 1 + depth(parent);
    };
    expect(Math.max(...rows.map((r) => depth(r.category_id)))).toBe(3);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["Active", "Hold", "Inactive"]));
    expect(new Set(rows.filter((r) => r.parentCategoryId === null).map((r) => r.superCategory))).toEqual(
      new Set(["", "business", "web-it"]),
    );
    for (const row of rows) {
      if (row.parentCategoryId !== null) expect(row.superCategory).toBe(byId.get(row.parentCategoryId)!.superCategory);
      expect(row.pageTitle).not.toBe("");
      expect(row.metaDescription).not.toBe("");
      expect(row.created_at.getTime()).toBeGreaterThanOrEqual(SEED_BASE_DATE.getTime());
    }
    expect(rows.some((r) => r.mostPopular)).toBe(true);
    const names = rows.map((r) => r.categoryName);
    expect(names).toEqual(
      expect.arrayContaining(["Legal & Compliance", "Private Limited Registration", "GST Filing", "E-commerce Websites"]),
    );

    const perCategory = new Map<number, number>();
    for (const faq of faqRows) perCategory.set(faq.category, (perCategory.get(faq.category) ?? 0) + 1);
    expect([...perCategory.values()].filter((n) => n >= 2).length).toBeGreaterThanOrEqual(3);
    expect(faqRows.filter((f) => faqQuestion(f.content) === null)).toHaveLength(1);
    for (const faq of faqRows.filter((f) => faqQuestion(f.content) !== null)) expect(faq.content).toMatch(/^<h3>.+<\/h3><p>/);
  });

  it("mulberry32 is a deterministic sequence in [0, 1)", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(990);
  });
});
