import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as addCategoryRoute from "~/routes/admin.add-categories";
import * as addFaqRoute from "~/routes/admin.edit-categories.$categoryid_.add-faq";
import * as addPlanRoute from "~/routes/admin.add-subscriptions";
import type { CategoryRecord } from "~contract/categories";
import type { FaqRecord } from "~contract/faqs";
import { SUBMISSION_FIELD } from "../../app/models/form-result";
import type { PlanRecord } from "~contract/subscriptions";
import { apiCall, callRoute, expectRedirect, readToast, requestAs } from "../support/routes";

/**
 * Issue 29 item 12: a create form posted twice (a double click; JS off, the browser sends both)
 * carries the same one-time key both times: one record, and the same success for both posts.
 */
const suffix = () => Math.random().toString(36).slice(2, 10);
const key = () => `${randomUUID()}.default:R1:`;

async function newCategory() {
  return (
    await apiCall<{ data: CategoryRecord }>("/create-category", {
      method: "POST",
      actingAdmin: "admin",
      body: { categoryName: `Double ${suffix()}`, desc: "Double submits", status: "Active" },
    })
  ).data;
}
const faqsOf = async (categoryId: number) => (await apiCall<{ data: FaqRecord[] }>(`/get-faq-by-category-id/${categoryId}`)).data;
const allPlans = async () => (await apiCall<{ data: PlanRecord[] }>("/get-all-plan")).data;
const allCategories = async () => (await apiCall<{ data: CategoryRecord[] }>("/get-all-category")).data;

describe("a create form posted twice with its one-time key", () => {
  it("Add FAQ: one FAQ, and both posts go back to the category with the same toast (one after the other, and at once)", async () => {
    const category = await newCategory();
    const path = `/admin/edit-categories/${category.category_id}/add-faq`;
    const params = { categoryid: String(category.category_id) };
    const form = { intent: "save", content: "<h3>Posted twice?</h3><p>Once.</p>", [SUBMISSION_FIELD]: key() };
    const post = async () => callRoute(addFaqRoute, await requestAs("admin", path, { form }), params);

    const first = expectRedirect(await post(), `/admin/edit-categories/${category.category_id}`);
    const second = expectRedirect(await post(), `/admin/edit-categories/${category.category_id}`);
    expect(await readToast(second)).toEqual(await readToast(first));
    expect(await faqsOf(category.category_id)).toHaveLength(1);

    const together = { ...form, content: "<h3>Posted together?</h3><p>Once.</p>", [SUBMISSION_FIELD]: key() };
    const answers = await Promise.all(
      [1, 2].map(async () => callRoute(addFaqRoute, await requestAs("admin", path, { form: together }), params)),
    );
    for (const answer of answers) expectRedirect(answer, `/admin/edit-categories/${category.category_id}`);
    expect((await faqsOf(category.category_id)).map((f) => f.content).filter((c) => c.includes("together"))).toHaveLength(1);
  });

  it("Add FAQ again from a new page (a new key) is a second FAQ: only the repeat of one post is held back", async () => {
    const category = await newCategory();
    const path = `/admin/edit-categories/${category.category_id}/add-faq`;
    const params = { categoryid: String(category.category_id) };
    for (let i = 0; i < 2; i++) {
      const form = { intent: "save", content: "<h3>Asked twice on purpose?</h3><p>Yes.</p>", [SUBMISSION_FIELD]: key() };
      expectRedirect(
        await callRoute(addFaqRoute, await requestAs("admin", path, { form }), params),
        `/admin/edit-categories/${category.category_id}`,
      );
    }
    expect(await faqsOf(category.category_id)).toHaveLength(2);
  });

  it("Add Category: the second post says New Category Added too, and there is one category", async () => {
    const name = `Twice ${suffix()}`;
    const form = { intent: "create", categoryName: name, desc: "Posted twice", status: "Active", [SUBMISSION_FIELD]: key() };
    for (let i = 0; i < 2; i++) {
      const response = expectRedirect(
        await callRoute(addCategoryRoute, await requestAs("admin", "/admin/add-categories", { form })),
        "/admin/category",
      );
      expect(await readToast(response)).toEqual({ type: "success", message: "New Category Added" });
    }
    expect((await allCategories()).filter((c) => c.categoryName === name)).toHaveLength(1);
  });

  it("Add Subscription: the second post says New Plan Added Successfully too, and there is one plan", async () => {
    const name = `Twice ${suffix()}`;
    const form = {
      intent: "create",
      plan_name: name,
      charge: "99",
      service_fee: "5",
      profile_boost: "1",
      plan_validity: "1",
      max_approval: "2",
      status: "Active",
      [SUBMISSION_FIELD]: key(),
    };
    for (let i = 0; i < 2; i++) {
      const response = expectRedirect(
        await callRoute(addPlanRoute, await requestAs("admin", "/admin/add-subscriptions", { form })),
        "/admin/subscriptions",
      );
      expect(await readToast(response)).toEqual({ type: "success", message: "New Plan Added Successfully" });
    }
    expect((await allPlans()).filter((p) => p.plan_name === name)).toHaveLength(1);
  });
});
