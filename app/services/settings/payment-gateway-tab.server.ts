import { z } from "zod";
import { CategoryPrices, PayoutSetting1, type SettingRecord } from "~contract/settings";
import { PaymentGatewayForm, PayoutSettingForm } from "~/models/settings-forms";
import { settingsTabUrl, type PaymentGatewayPanel } from "~/models/settings-tabs";
import { handleForm } from "~/services/form-action.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { formatInr } from "~shared/money";
import { settingPartIdOf } from "~/models/setting-parts";
import {
  categoryRequired,
  frameOf,
  partFrameOf,
  loadSetting,
  readCategoryChoice,
  refillOf,
  saveSetting,
  settingIntent,
} from "./setting-tab.server";

/** The stored release threshold in rupees ("300000.00"), or '' when off. */
function thresholdOf(record: SettingRecord): string {
  const parsed = PayoutSetting1.safeParse(record.setting1 ?? {});
  return parsed.success ? (parsed.data.release_approval_threshold ?? "") : "";
}

/** The release threshold's form (PayoutSetting, issue 34): shown whichever category is chosen. */
async function payoutPanel(api: Marketplace): Promise<PaymentGatewayPanel["payout"]> {
  const record = await loadSetting("PayoutSetting", api);
  return { frame: frameOf(record, record.setting1, "PayoutSetting"), draft: { threshold: thresholdOf(record) } };
}

type Prices = Record<string, Record<string, string>>;
const pricesOf = (setting1: unknown): Prices => (setting1 && typeof setting1 === "object" ? (setting1 as Prices) : {});
/** The part this tab edits: one category's prices. */
const categoryPrices = (record: SettingRecord, category: string) => pricesOf(record.setting1)[category] ?? null;

/**
 * Payment Gateway (spec 2 §2: "really per-category plan pricing", PricingSetting): after "Please
 * select a category", every Active plan with this category's price for it; blank means the plan's
 * own price.
 */
export async function paymentGatewayTabLoader(api: Marketplace, url: URL): Promise<PaymentGatewayPanel> {
  const [choice, payout] = await Promise.all([readCategoryChoice(url, api), payoutPanel(api)]);
  if (!choice.category) return { ...choice, frame: { version: "", lastSaved: null, part: "" }, plans: [], draft: { price: {} }, payout };
  const [record, plans] = await Promise.all([loadSetting("PricingSetting", api), api.listPlans()]);
  const category = String(choice.category.id);
  const stored = pricesOf(record.setting1)[category] ?? {};
  const active = plans.filter((p) => p.status === "Active").sort((a, b) => a.plan_id - b.plan_id);
  return {
    ...choice,
    frame: await partFrameOf(record, (stored) => categoryPrices(stored, category), settingPartIdOf("PricingSetting", category), api),
    plans: active.map((p) => ({ planId: p.plan_id, planName: p.plan_name, listPrice: formatInr(p.charge) })),
    draft: { price: Object.fromEntries(active.map((p) => [String(p.plan_id), stored[String(p.plan_id)] ?? ""])) },
    payout,
  };
}

const PriceForm = z.object({ price: CategoryPrices });
const ThresholdForm = z.object({ threshold: PayoutSetting1.shape.release_approval_threshold });

/** Save of one category's prices (intent save-prices), or of the release threshold (intent save-release-threshold). */
export function paymentGatewayTabAction(request: Request, api: Marketplace, url: URL) {
  return handleForm(request, api, {
    "save-prices": settingIntent(PaymentGatewayForm, async (posted, { intent }) => {
      const { draft, version, part } = posted;
      const choice = await readCategoryChoice(url, api);
      // nothing to save into: the form says why, beside the category picker
      if (!choice.category) return categoryRequired(refillOf(posted), intent, choice);
      const category = String(choice.category.id);
      // blank: no price of its own in this category
      const entered = Object.fromEntries(Object.entries(draft.price).filter(([, v]) => v.trim() !== ""));
      return saveSetting(request, api, {
        name: "PricingSetting",
        intent,
        draft,
        version,
        part,
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
    }),
    "save-release-threshold": settingIntent(PayoutSettingForm, async (posted, { intent }) => {
      const { draft, version, part } = posted;
      const category = url.searchParams.get("category") ?? undefined;
      return saveSetting(request, api, {
        name: "PayoutSetting",
        intent,
        draft,
        version,
        part,
        partOf: (stored) => stored.setting1,
        partId: "PayoutSetting",
        // blank: off (every release is one admin's)
        check: { schema: ThresholdForm, value: { threshold: draft.threshold.trim() || null } },
        parts: (_stored, checked) => ({ setting1: { release_approval_threshold: checked.threshold } }),
        rename: { "setting1.release_approval_threshold": "threshold" },
        redirectTo: settingsTabUrl("payment-gateway", category ? { category } : {}),
      });
    }),
  });
}
