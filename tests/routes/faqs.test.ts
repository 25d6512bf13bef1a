import { describe, expect, it } from "vitest";
import * as editCategoryRoute from "~/routes/admin.edit-categories.$categoryid";
import * as addFaqRoute from "~/routes/admin.edit-categories.$categoryid_.add-faq";
import * as editFaqRoute from "~/routes/admin.edit-categories.$categoryid_.edit-faq.$faqid";
import type { CategoryRecord } from "~contract/categories";
import { FAQ_H3_MESSAGE, type FaqRecord } from "~contract/faqs";
import { apiCall, ApiCallError, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";

const suffix = () => Math.random().toString(36).slice(2, 10);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

async function createCategory() {
  const answer = await apiCall<{ data: CategoryRecord }>("/create-category", {
    method: "POST",
    actingAdmin: "admin",
    body: { categoryName: `Faq Cat ${suffix()}`, desc: "Has FAQs", status: "Active" },
  });
  return answer.data;
}

async function createFaq(category: number, content: string) {
  return (await apiCall<{ data: FaqRecord }>("/create-faq", { method: "POST", actingAdmin: "admin", body: { category, content } })).data;
}

async function faqsOf(categoryId: number) {
  return (await apiCall<{ data: FaqRecord[] }>(`/get-faq-by-category-id/${categoryId}`)).data;
}

describe("FAQs of a category", () => {
  it("lists the questions under Edit Category, numbered by the page", async () => {
    const category = await createCategory();
    await createFaq(category.category_id, "<h3>First <b>question</b>?</h3><p>Answer</p>");
    await createFaq(category.category_id, "<h3>Second question?</h3><p>Answer</p>");
    const loaded = payload(
      await callRoute(editCategoryRoute, await requestAs("admin", `/admin/edit-categories/${category.category_id}`), {
        categoryid: String(category.category_id),
      }),
    );
    expect(loaded.faqError).toBeNull();
    expect(loaded.faqs.map((f: { question: string }) => f.question).sort()).toEqual(["First question?", "Second question?"]);
  });

  it("adds an FAQ only when the question is an H3", async () => {
    const category = await createCategory();
    const path = `/admin/edit-categories/${category.category_id}/add-faq`;
    const params = { categoryid: String(category.category_id) };

    const loaded = payload(await callRoute(addFaqRoute, await requestAs("admin", path), params));
    expect(loaded.category.name).toBe(category.categoryName);

    const noH3 = await callRoute(
      addFaqRoute,
      await requestAs("admin", path, { form: { intent: "save", content: "<p>Is this a question?</p>" } }),
      params,
    );
    expect(statusOf(noH3)).toBe(400);
    expect(payload(noH3).fieldErrors.content).toBe(FAQ_H3_MESSAGE);
    expect(payload(noH3).repopulateFields.content).toBe("<p>Is this a question?</p>");

    const empty = await callRoute(addFaqRoute, await requestAs("admin", path, { form: { intent: "save", content: "  " } }), params);
    expect(payload(empty).fieldErrors.content).toBe("FAQ content is required");
    expect(await faqsOf(category.category_id)).toEqual([]);

    const saved = await callRoute(
      addFaqRoute,
      await requestAs("catalog", path, { form: { intent: "save", content: "<h3>How do I pay?</h3><p>In INR.</p>" } }),
      params,
    );
    const response = expectRedirect(saved, `/admin/edit-categories/${category.category_id}`);
    expect(response.headers.get("Location")).toBe(`/admin/edit-categories/${category.category_id}`);
    expect(await readToast(response)).toMatchObject({ type: "success", message: "Faq saved successfully" });
    expect((await faqsOf(category.category_id)).map((f) => f.content)).toEqual(["<h3>How do I pay?</h3><p>In INR.</p>"]);
  });

  it("edits an FAQ, shows a sanitized preview and refuses a stale save", async () => {
    const category = await createCategory();
    const faq = await createFaq(
      category.category_id,
      '<h3>Old question</h3><p onclick="evil()">Old answer</p><a href="javascript:evil()">x</a>',
    );
    const path = `/admin/edit-categories/${category.category_id}/edit-faq/${faq.id}`;
    const params = { categoryid: String(category.category_id), faqid: String(faq.id) };

    const loaded = payload(await callRoute(editFaqRoute, await requestAs("admin", path), params));
    expect(loaded.faq.question).toBe("Old question");
    expect(loaded.faq.preview).not.toMatch(/onclick|javascript:/);
    expect(loaded.defaults.updated_at).toBe(faq.updated_at);

    const noH3 = await callRoute(
      editFaqRoute,
      await requestAs("admin", path, { form: { intent: "save", content: "<p>No heading</p>", updated_at: faq.updated_at } }),
      params,
    );
    expect(payload(noH3).fieldErrors.content).toBe(FAQ_H3_MESSAGE);

    const updated = await callRoute(
      editFaqRoute,
      await requestAs("admin", path, {
        form: { intent: "save", content: "<h3>New question</h3><p>New answer</p>", updated_at: faq.updated_at },
      }),
      params,
    );
    expect(await readToast(expectRedirect(updated, `/admin/edit-categories/${category.category_id}`))).toMatchObject({
      type: "success",
      message: "Faq updated successfully",
    });
    const [after] = await faqsOf(category.category_id);
    expect(after.content).toBe("<h3>New question</h3><p>New answer</p>");

    // the first version again: someone saved in between
    const stale = await callRoute(
      editFaqRoute,
      await requestAs("admin", path, { form: { intent: "save", content: "<h3>Late question</h3>", updated_at: faq.updated_at } }),
      params,
    );
    expect(statusOf(stale)).toBe(409);
    expect(payload(stale).formError).toMatch(/changed this FAQ at .+ after you opened it/);
    expect((await faqsOf(category.category_id))[0].content).toBe("<h3>New question</h3><p>New answer</p>");
  });

  it("deletes an FAQ after confirmation", async () => {
    const category = await createCategory();
    const faq = await createFaq(category.category_id, "<h3>Delete me?</h3>");
    const path = `/admin/edit-categories/${category.category_id}/edit-faq/${faq.id}`;
    const params = { categoryid: String(category.category_id), faqid: String(faq.id) };
    expect(payload(await callRoute(editFaqRoute, await requestAs("admin", `${path}?dialog=delete`), params)).deleting).toBe(true);

    const deleted = await callRoute(
      editFaqRoute,
      await requestAs("admin", `${path}?dialog=delete`, { form: { intent: "delete" } }),
      params,
    );
    const response = expectRedirect(deleted, `/admin/edit-categories/${category.category_id}`);
    expect(await readToast(response)).toMatchObject({ type: "success", message: "Faq deleted successfully" });
    await expect(apiCall(`/faq-detail/${faq.id}`)).rejects.toBeInstanceOf(ApiCallError);
  });

  it("keeps FAQs inside their category and guards access", async () => {
    const one = await createCategory();
    const other = await createCategory();
    const faq = await createFaq(one.category_id, "<h3>Whose?</h3>");
    const wrong = await callRoute(
      editFaqRoute,
      await requestAs("admin", `/admin/edit-categories/${other.category_id}/edit-faq/${faq.id}`),
      { categoryid: String(other.category_id), faqid: String(faq.id) },
    );
    expect(statusOf(wrong)).toBe(404);

    const viewer = await callRoute(
      addFaqRoute,
      await requestAs("viewer", `/admin/edit-categories/${one.category_id}/add-faq`, { form: { intent: "save", content: "<h3>x</h3>" } }),
      { categoryid: String(one.category_id) },
    );
    expect(statusOf(viewer)).toBe(403);
    expect((await faqsOf(one.category_id)).length).toBe(1);

    const unknown = await callRoute(
      editFaqRoute,
      await requestAs("admin", `/admin/edit-categories/${one.category_id}/edit-faq/${faq.id}`, { form: { intent: "nope" } }),
      { categoryid: String(one.category_id), faqid: String(faq.id) },
    );
    expect(statusOf(unknown)).toBe(400);
  });
});
