import { describe, expect, it } from "vitest";
import * as route from "~/routes/admin.settings";
import { SETTING_MESSAGES } from "~contract/setting-labels";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";
import { newCategory, newPlan, readSetting } from "../support/records";

type Prices = Record<string, Record<string, string>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loader/action payloads read by property
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

const tabUrl = (category?: number) => `/admin/settings?tab=payment-gateway${category ? `&category=${category}` : ""}`;
const load = async (category?: number) => payload(await callRoute(route, await requestAs("admin", tabUrl(category)))).panel.data;
const post = async (category: number | undefined, form: Record<string, string>) =>
  callRoute(route, await requestAs("admin", tabUrl(category), { form: { intent: "save-prices", ...form } }));

/** The form as the page would post it: every price input, the version and the part fingerprint. */
function formOf(
  panel: { frame: { version: string; part: string }; draft: { price: Record<string, string> } },
  prices: Record<string, string>,
) {
  const form: Record<string, string> = { version: panel.frame.version, part: panel.frame.part };
  for (const [planId, price] of Object.entries({ ...panel.draft.price, ...prices })) form[`price.${planId}`] = price;
  return form;
}

/** Another admin saves one category's prices through the API. */
async function saveThroughApi(category: number, prices: Record<string, string>) {
  for (let attempt = 0; ; attempt++) {
    const now = await readSetting<Prices>(apiCall, "PricingSetting");
    try {
      await apiCall("/upsert-setting?setting_name=PricingSetting", {
        method: "PUT",
        actingAdmin: "catalog",
        body: { settingName: "PricingSetting", setting1: { ...(now.setting1 ?? {}), [category]: prices }, updated_at: now.updated_at },
      });
      return;
    } catch (error) {
      if (attempt > 3) throw error;
    }
  }
}
const storedPrices = async (category: number) => ((await readSetting<Prices>(apiCall, "PricingSetting")).setting1 ?? {})[category];

describe("Payment Gateway tab", () => {
  it("asks for a category first; an unknown one is told", async () => {
    const none = await load();
    expect(none.categoryMessage).toBe(SETTING_MESSAGES.selectCategory);
    expect(none.category).toBeNull();
    expect(none.plans).toEqual([]);
    const category = await newCategory(apiCall);
    expect(none.categories.map((c: { id: number }) => c.id)).not.toContain(category.category_id); // loaded before it existed
    expect((await load()).categories).toContainEqual({ id: category.category_id, name: category.categoryName });
    const unknown = payload(await callRoute(route, await requestAs("admin", "/admin/settings?tab=payment-gateway&category=2147483000")))
      .panel.data;
    expect(unknown.categoryMessage).toBe(SETTING_MESSAGES.unknownCategory);
    const refused = payload(await post(undefined, { "price.1": "10" }));
    expect(refused.fieldErrors.category).toBe(SETTING_MESSAGES.selectCategory);
  });

  it("lists every Active plan with the category's price; saves exact rupees and reads them back", async () => {
    const [category, plan, inactive] = await Promise.all([
      newCategory(apiCall),
      newPlan(apiCall, { charge: "2500.00" }),
      newPlan(apiCall, { status: "Inactive" }),
    ]);
    const panel = await load(category.category_id);
    expect(panel.category).toEqual({ id: category.category_id, name: category.categoryName });
    const row = panel.plans.find((p: { planId: number }) => p.planId === plan.plan_id);
    expect(row).toEqual({ planId: plan.plan_id, planName: plan.plan_name, listPrice: "₹2,500.00" });
    expect(panel.plans.map((p: { planId: number }) => p.planId)).not.toContain(inactive.plan_id);
    expect(panel.draft.price[plan.plan_id]).toBe("");

    const saved = expectRedirect(
      await post(category.category_id, formOf(panel, { [plan.plan_id]: "1999.5" })),
      tabUrl(category.category_id),
    );
    expect(await readToast(saved)).toMatchObject({ type: "success", message: "Settings Saved Successfully" });
    const stored = await storedPrices(category.category_id);
    expect(stored[plan.plan_id]).toBe("1999.50");
    // a blank price is no price of the category's own
    expect(Object.keys(stored)).toEqual([String(plan.plan_id)]);
    const again = await load(category.category_id);
    expect(again.draft.price[plan.plan_id]).toBe("1999.50");
    expect(again.frame.lastSaved).toMatch(/ by admin$/);
  });

  it("refuses a price that is not rupees with at most 2 decimals, keeping what was typed and saving nothing", async () => {
    const [category, plan, other] = await Promise.all([newCategory(apiCall), newPlan(apiCall), newPlan(apiCall)]);
    const panel = await load(category.category_id);
    const refused = await post(category.category_id, formOf(panel, { [plan.plan_id]: "12.345", [other.plan_id]: "300" }));
    expect(statusOf(refused)).toBe(400);
    const body = payload(refused);
    expect(body.fieldErrors[`price.${plan.plan_id}`]).toBe(SETTING_MESSAGES.priceFormat);
    expect(body.fieldErrors[`price.${other.plan_id}`]).toBeUndefined();
    expect(body.repopulateFields.price[plan.plan_id]).toBe("12.345");
    expect(body.repopulateFields.price[other.plan_id]).toBe("300");
    expect(await storedPrices(category.category_id)).toBeUndefined();

    const tooLarge = payload(await post(category.category_id, formOf(panel, { [plan.plan_id]: "10000001" })));
    expect(tooLarge.fieldErrors[`price.${plan.plan_id}`]).toBe(SETTING_MESSAGES.priceTooLarge);
  });

  it("answers a stale save of the same category with who saved it, keeps the values, and Save again replaces theirs", async () => {
    const [category, plan] = await Promise.all([newCategory(apiCall), newPlan(apiCall)]);
    const panel = await load(category.category_id);
    await saveThroughApi(category.category_id, { [plan.plan_id]: "700.00" });

    const stale = await post(category.category_id, formOf(panel, { [plan.plan_id]: "800" }));
    expect(statusOf(stale)).toBe(409);
    const body = payload(stale);
    expect(body.formError).toContain("catalog saved these settings at");
    expect(body.conflict.updatedBy).toBe("catalog");
    expect(body.repopulateFields.price[plan.plan_id]).toBe("800");
    expect((await storedPrices(category.category_id))[plan.plan_id]).toBe("700.00");

    // the refilled form carries the newer version: saving it again is on purpose
    const form = formOf({ frame: body.repopulateFields, draft: body.repopulateFields }, {});
    expectRedirect(await post(category.category_id, form), tabUrl(category.category_id));
    expect((await storedPrices(category.category_id))[plan.plan_id]).toBe("800.00");
  });

  it("merges a save made meanwhile to another category without a conflict, and keeps prices of plans it does not list", async () => {
    const [mine, theirs, plan, retired] = await Promise.all([
      newCategory(apiCall),
      newCategory(apiCall),
      newPlan(apiCall),
      newPlan(apiCall),
    ]);
    await saveThroughApi(mine.category_id, { [retired.plan_id]: "50.00" });
    await apiCall(`/update-plan?plan_id=${retired.plan_id}`, {
      method: "PUT",
      actingAdmin: "admin",
      body: { status: "Inactive", updated_at: retired.updated_at },
    });
    const panel = await load(mine.category_id);
    expect(panel.plans.map((p: { planId: number }) => p.planId)).not.toContain(retired.plan_id);
    await saveThroughApi(theirs.category_id, { [plan.plan_id]: "111.00" });

    expectRedirect(await post(mine.category_id, formOf(panel, { [plan.plan_id]: "222" })), tabUrl(mine.category_id));
    expect(await storedPrices(mine.category_id)).toEqual({ [plan.plan_id]: "222.00", [retired.plan_id]: "50.00" });
    expect(await storedPrices(theirs.category_id)).toEqual({ [plan.plan_id]: "111.00" });
  });

  it("says when this category's prices were saved last and by whom, not another category's", async () => {
    const [mine, theirs, never, plan] = await Promise.all([
      newCategory(apiCall),
      newCategory(apiCall),
      newCategory(apiCall),
      newPlan(apiCall),
    ]);
    const panel = await load(mine.category_id);
    expectRedirect(await post(mine.category_id, formOf(panel, { [plan.plan_id]: "10" })), tabUrl(mine.category_id));
    await saveThroughApi(theirs.category_id, { [plan.plan_id]: "20.00" });
    expect((await load(mine.category_id)).frame.lastSaved).toMatch(/ by admin$/);
    expect((await load(theirs.category_id)).frame.lastSaved).toMatch(/ by catalog$/);
    expect((await load(never.category_id)).frame.lastSaved).toBeNull();
  });

  it("refuses an unknown intent, saving nothing", async () => {
    const category = await newCategory(apiCall);
    const result = await callRoute(
      route,
      await requestAs("admin", tabUrl(category.category_id), { form: { intent: "explode", "price.1": "10" } }),
    );
    expect(statusOf(result)).toBe(400);
    expect(await storedPrices(category.category_id)).toBeUndefined();
  });
});
