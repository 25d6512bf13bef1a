import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { ConflictBody } from "~contract/api";
import { FAQ_H3_MESSAGE, FaqRecord, faqQuestion } from "~contract/faqs";
import { CategoryRecord } from "~contract/categories";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed, snapshot } from "./helpers";

const DataFaq = z.object({ data: FaqRecord });
const DataFaqs = z.object({ data: z.array(FaqRecord) });

describeEachDriver("FAQs", (driver) => {
  let api: TestApi;
  let categoryId: number;
  beforeAll(async () => {
    api = await startTestApi({ driver });
    const created = await call(api, "POST", "/create-category", {
      body: { categoryName: "Photography", desc: "Photographers", status: "Active" },
    });
    categoryId = parsed(z.object({ data: CategoryRecord }), created.body).data.category_id;
  });
  afterAll(() => api?.close());

  const createFaq = (body: unknown, actingAdmin?: number) => call(api, "POST", "/create-faq", { body, actingAdmin });
  const listFaqs = async (id: number) => parsed(DataFaqs, (await get(api, `/get-faq-by-category-id/${id}`)).body).data;

  it("creates FAQs (201) and lists them by id", async () => {
    const first = await createFaq({ category: categoryId, content: "<h3>Do you travel for shoots?</h3><p>Yes, across India.</p>" });
    expect(first.status).toBe(201);
    const second = await createFaq({
      category: String(categoryId),
      content: "<p>Intro</p><h3 class='q'>Is <em>editing</em> included?</h3><p>Yes.</p>",
    });
    expect(second.status).toBe(201);
    const a = parsed(DataFaq, first.body).data;
    const b = parsed(DataFaq, second.body).data;
    expect(a).toMatchObject({ category: categoryId, updated_by: "admin" });
    const list = await listFaqs(categoryId);
    expect(list.map((f) => f.id)).toEqual([a.id, b.id]);
    expect(list.map((f) => faqQuestion(f.content))).toEqual(["Do you travel for shoots?", "Is editing included?"]);
  });

  it("lists the seeded FAQs of a category, including one whose question is not in an h3", async () => {
    const all = parsed(z.object({ data: z.array(CategoryRecord) }), (await get(api, "/get-all-category")).body).data;
    const interior = all.find((c) => c.categoryName === "Interior Design")!;
    const faqs = await listFaqs(interior.category_id);
    expect(faqs.length).toBeGreaterThan(0);
    expect(faqs.some((f) => faqQuestion(f.content) === null)).toBe(true);
    const legal = all.find((c) => c.categoryName === "Legal & Compliance")!;
    const legalFaqs = await listFaqs(legal.category_id);
    expect(legalFaqs.length).toBeGreaterThanOrEqual(2);
    expect(legalFaqs.every((f) => faqQuestion(f.content))).toBe(true);
  });

  it("stores and serves the content sanitised: no scripts, event handlers, images or javascript: links (issue 29)", async () => {
    const raw =
      `<h3 onclick="steal()">Is it safe?<script>alert(1)</script></h3><p>Yes<img src=x onerror="alert(2)"></p>` +
      `<p><a href="javascript:alert(3)">click</a> <a href="https://example.com">site</a></p><iframe src="https://evil.example"></iframe>`;
    const created = await createFaq({ category: categoryId, content: raw });
    expect(created.status).toBe(201);
    const faq = parsed(DataFaq, created.body).data;
    const served = (await listFaqs(categoryId)).find((f) => f.id === faq.id)!;
    for (const content of [faq.content, served.content]) {
      expect(content).toBe(
        `<h3>Is it safe?</h3><p>Yes</p><p><a rel="noopener noreferrer">click</a> <a href="https://example.com" rel="noopener noreferrer">site</a></p>`,
      );
      expect(faqQuestion(content)).toBe("Is it safe?");
    }
    const put = await call(api, "PUT", `/faq-detail/${faq.id}`, {
      body: { content: `<h3>Still safe?</h3><p><img src=x onerror=alert(4)>Yes</p><script>x()</script>`, updated_at: faq.updated_at },
    });
    expect(put.status).toBe(200);
    expect(parsed(DataFaq, (await get(api, `/faq-detail/${faq.id}`)).body).data.content).toBe("<h3>Still safe?</h3><p>Yes</p>");
    // a question that was only markup is no question once cleaned; nothing is stored
    const before = await snapshot(api);
    const onlyScript = await createFaq({ category: categoryId, content: "<h3><script>alert(1)</script></h3><p>Answer</p>" });
    expect(onlyScript.status).toBe(400);
    expect(onlyScript.body.errors.content).toBe(FAQ_H3_MESSAGE);
    const inAttribute = await createFaq({ category: categoryId, content: `<h3 title="<h3>Q</h3>"><img src=x onerror=alert(1)></h3>` });
    expect(inAttribute.status).toBe(400);
    expect(inAttribute.body.errors.content).toBe(FAQ_H3_MESSAGE);
    expect(await snapshot(api)).toEqual(before);
  });

  it("requires the question in an h3 and validates the body", async () => {
    const before = await snapshot(api);
    const cases: [unknown, string, RegExp][] = [
      [{ category: categoryId, content: "<p><strong>Question?</strong></p><p>Answer</p>" }, "content", new RegExp(FAQ_H3_MESSAGE)],
      [{ category: categoryId, content: "<h3>   </h3><p>Empty question</p>" }, "content", new RegExp(FAQ_H3_MESSAGE)],
      [{ category: categoryId, content: "" }, "content", /required/],
      [{ category: categoryId }, "content", /required/],
      [{ category: categoryId, content: `<h3>Q</h3><p>${"x".repeat(20_001)}</p>` }, "content", /20000/],
      [{ content: "<h3>Q</h3>" }, "category", /./],
      [{ category: "abc", content: "<h3>Q</h3>" }, "category", /./],
      [{ category: 999999, content: "<h3>Q</h3>" }, "category", /Unknown category/],
      [{ category: 99999999999, content: "<h3>Q</h3>" }, "category", /range/],
    ];
    for (const [body, field, message] of cases) {
      const answer = await createFaq(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.errors[field], field).toMatch(message);
    }
    expect(await snapshot(api)).toEqual(before);
  });

  it("reads, updates (200) and deletes (204) one FAQ", async () => {
    const created = parsed(DataFaq, (await createFaq({ category: categoryId, content: "<h3>Old question?</h3><p>Old</p>" })).body).data;
    const read = await get(api, `/faq-detail/${created.id}`);
    expect(parsed(DataFaq, read.body).data).toEqual(created);

    const put = await call(api, "PUT", `/faq-detail/${created.id}`, {
      body: { content: "<h3>New question?</h3><p>New</p>", updated_at: created.updated_at },
      actingAdmin: 3,
    });
    expect(put.status).toBe(200);
    const updated = parsed(DataFaq, put.body).data;
    expect(updated).toMatchObject({
      id: created.id,
      category: categoryId,
      content: "<h3>New question?</h3><p>New</p>",
      updated_by: "catalog",
    });

    // without updated_at the edit is refused (it could overwrite a newer save unseen), and nothing changes
    const blind = await call(api, "PUT", `/faq-detail/${created.id}`, { body: { content: "<h3>Blind?</h3><p>x</p>" } });
    expect(blind.status).toBe(400);
    expect(blind.body.errors.updated_at).toBe("updated_at is required");
    expect(parsed(DataFaq, (await get(api, `/faq-detail/${created.id}`)).body).data.content).toBe("<h3>New question?</h3><p>New</p>");

    const refused = await call(api, "PUT", `/faq-detail/${created.id}`, {
      body: { content: "<p>no heading</p>", updated_at: updated.updated_at },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.content).toBe(FAQ_H3_MESSAGE);

    const deleted = await call(api, "DELETE", `/faq-detail/${created.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect((await get(api, `/faq-detail/${created.id}`)).status).toBe(404);
    expect((await call(api, "DELETE", `/faq-detail/${created.id}`)).status).toBe(404);
    expect((await listFaqs(categoryId)).map((f) => f.id)).not.toContain(created.id);
  });

  it("answers 409 to a stale PUT and keeps the other admin's text", async () => {
    const created = parsed(DataFaq, (await createFaq({ category: categoryId, content: "<h3>Shared?</h3><p>v1</p>" })).body).data;
    const first = await call(api, "PUT", `/faq-detail/${created.id}`, {
      body: { content: "<h3>Shared?</h3><p>support's v2</p>", updated_at: created.updated_at },
      actingAdmin: 2,
    });
    expect(first.status).toBe(200);
    const stale = await call(api, "PUT", `/faq-detail/${created.id}`, {
      body: { content: "<h3>Shared?</h3><p>admin's v2</p>", updated_at: created.updated_at },
    });
    expect(stale.status).toBe(409);
    const conflict = parsed(ConflictBody, stale.body);
    expect(conflict.updated_by).toBe("support");
    expect(conflict.message).toMatch(/changed by support on .+ after you opened it\./);
    expect(parsed(DataFaq, (await get(api, `/faq-detail/${created.id}`)).body).data.content).toBe("<h3>Shared?</h3><p>support's v2</p>");
  });

  it("is 404 for unknown ids and 400 for bad ones", async () => {
    expect((await get(api, "/get-faq-by-category-id/999999")).status).toBe(404);
    expect((await get(api, "/get-faq-by-category-id/abc")).status).toBe(400);
    expect((await get(api, "/faq-detail/999999")).status).toBe(404);
    const bad = await get(api, "/faq-detail/abc");
    expect(bad.status).toBe(400);
    expect(bad.body.errors.id).toBeTruthy();
    const version = new Date().toISOString();
    expect((await call(api, "PUT", "/faq-detail/999999", { body: { content: "<h3>Q</h3>", updated_at: version } })).status).toBe(404);
    expect((await call(api, "PUT", "/faq-detail/0", { body: { content: "<h3>Q</h3>", updated_at: version } })).status).toBe(400);
  });
});
