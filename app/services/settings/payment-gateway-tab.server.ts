import { z } from "zod";
import type { AdminUser } from "~contract/admin-users";
import { CategoryPrices, type SettingRecord } from "~contract/settings";
import { settingsTabUrl, type PaymentGatewayDraft, type PaymentGatewayPanel } from "~/models/settings-tabs";
import { throwLoaderError } from "~/services/errors.server";
import { callerOf } from "~/services/marketplace/client.server";
import { listPlans } from "~/services/marketplace/subscriptions.server";
import { formTree, textAt } from "~/utils/form-paths";
import { formatInr } from "~shared/money";
import { settingPartIdOf } from "~/models/setting-parts";
import { categoryRequired, partFrameOf, loadSetting, readCategoryChoice, saveSetting } from "./setting-tab.server";

type Prices = Record<string, Record<string, string>>;
const pricesOf = (setting1: unknown): Prices => (setting1 && typeof setting1 === "object" ? (setting1 as Prices) : {});
/** The part this tab edits: one category's prices. */
const categoryPrices = (record: SettingRecord, category: string) => pricesOf(record.setting1)[category] ?? null;

/**
 * Payment Gateway (spec 2 §2: "really per-category plan pricing", PricingSetting): after "Please
 * select a category", every Active plan with this category's price for it; blank means the plan's
 * own price.
 */
export async function paymentGatewayTabLoader(request: Request, admin: AdminUser, url: URL): Promise<PaymentGatewayPanel> {
  const choice = await readCategoryChoice(url, admin, request);
  if (!choice.category) return { ...choice, frame: { version: "", lastSaved: null, part: "" }, plans: [], draft: { price: {} } };
  const caller = callerOf(admin, request);
  const [record, plans] = await Promise.all([loadSetting("PricingSetting", admin, request), listPlans(caller).catch(throwLoaderError)]);
  const category = String(choice.category.id);
  const stored = pricesOf(record.setting1)[category] ?? {};
  const active = plans.filter((p) => p.status === "Active").sort((a, b) => a.plan_id - b.plan_id);
  return {
    ...choice,
    frame: await partFrameOf(
      record,
      (stored) => categoryPrices(stored, category),
      settingPartIdOf("PricingSetting", category),
      admin,
      request,
    ),
    plans: active.map((p) => ({ planId: p.plan_id, planName: p.plan_name, listPrice: formatInr(p.charge) })),
    draft: { price: Object.fromEntries(active.map((p) => [String(p.plan_id), stored[String(p.plan_id)] ?? ""])) },
  };
}

const PriceForm = z.object({ price: CategoryPrices });

export async function paymentGatewayTabAction(request: Request, admin: AdminUser, url: URL) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "save-prices") throw new Response(`Unknown intent: ${intent}`, { status: 400, statusText: "Bad Request" });
  const choice = await readCategoryChoice(url, admin, request);
  const tree = formTree(formData, "price.");
  const draft: PaymentGatewayDraft = { price: Object.fromEntries(Object.keys(tree).map((planId) => [planId, textAt(tree, planId)])) };
  const version = String(formData.get("version") ?? "");
  if (!choice.category) {
    // nothing to save into: the form says why, beside the category picker
    return categoryRequired({ ...draft, version, part: String(formData.get("part") ?? "") }, intent, choice);
  }
  const category = String(choice.category.id);
  // blank: no price of its own in this category
  const entered = Object.fromEntries(Object.entries(draft.price).filter(([, v]) => v.trim() !== ""));
  return saveSetting(request, admin, {
    name: "PricingSetting",
    intent,
    draft,
    version,
    part: String(formData.get("part") ?? ""),
    partOf: (stored) => categoryPrices(stored, category),
    partId: settingPartIdOf("PricingSetting", category),
    check: { schema: PriceForm, value: { price: entered } },
    parts: (stored, checked) => {
      const all = pricesOf(stored.setting1);
      // prices of plans this form does not list (Inactive now) are kept
      const listed = new Set(Object.keys(draft.price));
      const kept = Object.fromEntries(Object.entries(all[category] ?? {}).filter(([planId]) => !listed.has(planId)));
      return { setting1: { ...all, [category]: { ...kept, ...checked.price } } };
    },
    rename: { [`setting1.${category}.`]: "price." },
    redirectTo: settingsTabUrl("payment-gateway", { category }),
  });
}
