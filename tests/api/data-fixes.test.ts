/**
 * Issue 29 item 10, rows stored before the API sanitised FAQ content and Professional Profiles:
 * the one-time "sanitise-rich-text" fix (migration 0019 asks for it, the API runs it at start-up)
 * cleans them as a write now would, leaves clean rows and versions alone, and runs once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runDataFixes } from "../../api/src/db/data-fixes";
import { categories, dataFixes, faqs, providerProfiles, serviceProviders, users } from "../../api/src/db/schema";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";

describeEachDriver("data fixes", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  it("sanitise-rich-text cleans FAQs and Professional Profiles stored raw, once", async () => {
    const db = api.db;
    const [category] = await db.select({ id: categories.category_id }).from(categories).limit(1);
    const dirty = `<h3>Safe?<script>alert(1)</script></h3><p>Yes<img src=x onerror="alert(2)"></p>`;
    const [faq] = await db.insert(faqs).values({ category: category.id, content: dirty }).returning();
    const [clean] = await db.insert(faqs).values({ category: category.id, content: "<h3>Clean?</h3><p>Yes</p>" }).returning();
    const [user] = await db
      .insert(users)
      .values({ username: `fix${Date.now().toString(36)}`, firstName: "Fix", lastName: "Me" })
      .returning({ id: users.id });
    const [sp] = await db.insert(serviceProviders).values({ user_id: user.id }).returning({ id: serviceProviders.serviceProvider_id });
    await db.insert(providerProfiles).values({
      service_provider_id: sp.id,
      professionalProfile: `<p onclick="x()">Ten years<iframe src="https://evil.example"></iframe></p>`,
    });
    // as migration 0019 leaves it (the seeded test database may have had it run or not)
    await db
      .insert(dataFixes)
      .values({ name: "sanitise-rich-text" })
      .onConflictDoUpdate({ target: dataFixes.name, set: { done_at: null } });

    const said = await runDataFixes(db);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^sanitise-rich-text: sanitised \d+ FAQ\(s\) and \d+ Professional Profile\(s\)/);
    const [fixedFaq] = await db.select().from(faqs).where(eq(faqs.id, faq.id));
    expect(fixedFaq.content).toBe("<h3>Safe?</h3><p>Yes</p>");
    expect(fixedFaq.updated_at).toEqual(faq.updated_at);
    expect((await db.select().from(faqs).where(eq(faqs.id, clean.id)))[0].content).toBe("<h3>Clean?</h3><p>Yes</p>");
    const [profile] = await db.select().from(providerProfiles).where(eq(providerProfiles.service_provider_id, sp.id));
    expect(profile.professionalProfile).toBe("<p>Ten years</p>");
    const [row] = await db.select().from(dataFixes).where(eq(dataFixes.name, "sanitise-rich-text"));
    expect(row.done_at).toBeInstanceOf(Date);

    // done: never again
    await db.update(faqs).set({ content: dirty }).where(eq(faqs.id, faq.id));
    expect(await runDataFixes(db)).toEqual([]);
    expect((await db.select().from(faqs).where(eq(faqs.id, faq.id)))[0].content).toBe(dirty);
  });
});
