/**
 * Demo General Settings: all five settings, built from the demo categories and plans, so every tab
 * of /admin/settings has content. Deterministic (no random numbers); each value is parsed with its
 * schema (contract/settings.ts) so the demo data is the contract's shape.
 */
import { asc } from "drizzle-orm";
import { ALL_SUB_CATEGORIES, SETTING_SCHEMAS, type ProviderFormCategory, type SettingName } from "~contract/settings";
import { paiseToInr } from "~shared/money";
import type { Tx } from "../lib/audit";
import { categories, plans, settings } from "../db/schema";

const MINUTE = 60_000;

/** Offerings and specializations of the demo categories, by name (others get the generic ones). */
const CATEGORY_DETAILS: Record<string, Pick<ProviderFormCategory, "offerings" | "specializations">> = {
  "Legal & Compliance": {
    offerings: {
      Consultation: ["15 Minutes Call", "30 Minutes Call", "60 Minutes Call"],
      Service: ["Company Incorporation", "Trademark Filing", "Contract Review"],
      Retainership: ["Monthly Legal Retainer", "Quarterly Compliance Retainer"],
      AddOnService: ["Urgent Delivery", "Notarisation"],
    },
    specializations: [
      { name: "Corporate Law", subSpecializations: ["Mergers", "Startups", "Shareholder Agreements"] },
      { name: "Intellectual Property", subSpecializations: ["Trademarks", "Copyright", "Patents"] },
    ],
  },
  "Accounting & Taxation": {
    offerings: {
      Consultation: ["30 Minutes Call", "45 Minutes Call"],
      Service: ["GST Registration", "ITR Filing", "Bookkeeping"],
      Retainership: ["Monthly Accounting Retainer"],
      AddOnService: ["Tax Notice Reply"],
    },
    specializations: [
      { name: "GST", subSpecializations: ["Registration", "Returns", "Audit"] },
      { name: "Income Tax", subSpecializations: ["Salaried", "Business", "Capital Gains"] },
    ],
  },
  "Web Development": {
    offerings: {
      Consultation: ["30 Minutes Call", "60 Minutes Call"],
      Service: ["Landing Page", "E-commerce Store", "Custom Web App"],
      Retainership: ["Monthly Maintenance", "Dedicated Developer"],
      AddOnService: ["Extra Page", "SEO Setup"],
    },
    specializations: [
      { name: "Frontend", subSpecializations: ["React", "Vue", "Accessibility"] },
      { name: "Backend", subSpecializations: ["Node.js", "Django", "PostgreSQL"] },
    ],
  },
};
const GENERIC_DETAILS: Pick<ProviderFormCategory, "offerings" | "specializations"> = {
  offerings: {
    Consultation: ["30 Minutes Call", "60 Minutes Call"],
    Service: ["Standard Package", "Premium Package"],
    Retainership: ["Monthly Retainer"],
    AddOnService: ["Priority Support"],
  },
  specializations: [{ name: "General", subSpecializations: ["Advisory", "Execution"] }],
};

const section = (enabled: boolean, options: string[]) => ({ enabled, options });

/** The five settings for these categories and plans (pure, for the seed and its tests). */
export function demoSettings(
  tops: { id: number; name: string; subs: number[] }[],
  planRows: { plan_id: number; charge: number }[],
): Record<SettingName, { setting1: unknown; setting2: unknown }> {
  const form: Record<string, unknown> = {};
  const pricing: Record<string, Record<string, string>> = {};
  const create: Record<string, Record<string, unknown>> = {};
  const create2: Record<string, unknown> = {};
  tops.forEach((top, index) => {
    const details = CATEGORY_DETAILS[top.name] ?? GENERIC_DETAILS;
    form[top.id] = {
      fields: {
        profilePhoto: true,
        about: true,
        totalExperience: true,
        specializations: true,
        subSpecializations: index % 2 === 0,
        specializationExperience: index % 2 === 0,
        languages: true,
        education: index % 3 !== 2,
        certifications: index % 3 === 0,
        awards: false,
        portfolio: index % 2 === 1,
        charges: true,
      },
      ...details,
      totalExperience: { min: 0, max: 29 },
      specializationExperience: { min: 1, max: 40 },
      charges: { min: "199.00", max: `${20_000 + index * 5_000}.00` },
    };
    // a plan costs a little more in each later category: ₹0, ₹50, ₹100 … above its list price
    pricing[top.id] = Object.fromEntries(planRows.map((p) => [String(p.plan_id), paiseToInr(p.charge + index * 5_000)]));
    const entry = {
      Retainership: {
        limits: section(true, ["Up to 4 calls a month", "Response within 24 hours"]),
        inclusions: section(true, ["Dedicated expert", "Monthly report"]),
        offerings: section(index % 2 === 0, ["Monthly", "Quarterly"]),
      },
      Services: {
        limits: section(true, ["2 revisions", "Delivery in 7 days"]),
        inclusions: section(true, ["Documents checklist", "Final files"]),
        offerings: section(true, ["Basic", "Standard", "Premium"]),
      },
    };
    create[top.id] = { [ALL_SUB_CATEGORIES]: entry };
    if (top.subs.length > 0) {
      create[top.id][String(top.subs[0])] = {
        Services: { ...entry.Services, limits: section(true, ["1 revision", "Delivery in 3 days"]) },
      };
    }
    create2[top.id] = {
      subCategories: index % 2 === 0 || top.subs.length === 0 ? ALL_SUB_CATEGORIES : top.subs.slice(0, 2),
      enabled: index !== 1,
    };
  });
  const raw: Record<SettingName, { setting1: unknown; setting2: unknown }> = {
    GeneralSetting: {
      setting1: {
        siteName: "Marketplace",
        contactEmail: "support@marketplace.example.in",
        contactPhone: "+91 80 4567 8900",
        address: "4th Floor, Prestige Tower\nMG Road, Bengaluru 560001\nKarnataka, India",
        socialLinks: {
          facebook: "https://www.facebook.com/marketplace.example",
          instagram: "https://www.instagram.com/marketplace.example",
          linkedin: "https://www.linkedin.com/company/marketplace-example",
        },
        logo: null,
        favicon: null,
      },
      setting2: null,
    },
    CategoryServiceProviderFormSetting: { setting1: form, setting2: null },
    PricingSetting: { setting1: pricing, setting2: null },
    // off in the demo: every release is one admin's until an admin sets a threshold
    PayoutSetting: { setting1: { release_approval_threshold: null }, setting2: null },
    DynamicContent: {
      setting1: {
        Category: "<h2>Choose your category</h2><p>Pick the category that best describes the work you offer. You can add more later.</p>",
        CreateService:
          "<h2>Create a service</h2><p>Describe what the client gets, the <strong>limits</strong> and the <strong>inclusions</strong>. Prices are in rupees.</p>",
        AddService: "<h2>Add a service</h2><ul><li>Give it a clear title</li><li>Set a fair price</li><li>List what is included</li></ul>",
        Documents: "<h2>Documents</h2><p>Upload your PAN card and one address proof. Files must be PDF, JPG or PNG.</p>",
        ChoosePlans:
          "<h2>Choose a plan</h2><p>Every plan includes a verified profile. Higher plans give <em>booster points</em> and faster approval.</p>",
      },
      setting2: null,
    },
    CreateServicesSetting: { setting1: create, setting2: create2 },
  };
  // the contract's shape, defaults filled in (a mistake here fails the seed and its tests)
  return Object.fromEntries(
    Object.entries(raw).map(([name, value]) => {
      const schemas = SETTING_SCHEMAS[name as SettingName];
      return [
        name,
        { setting1: schemas.setting1.parse(value.setting1), setting2: schemas.setting2 ? schemas.setting2.parse(value.setting2) : null },
      ];
    }),
  ) as Record<SettingName, { setting1: unknown; setting2: unknown }>;
}

/** Writes the five settings (categories and plans must be seeded); returns how many. */
export async function seedDemoSettings(tx: Tx, base: Date): Promise<number> {
  const rows = await tx
    .select({ id: categories.category_id, name: categories.categoryName, parent: categories.parentCategoryId })
    .from(categories)
    .orderBy(asc(categories.category_id));
  const tops = rows
    .filter((r) => r.parent === null)
    .map((r) => ({ id: r.id, name: r.name, subs: rows.filter((s) => s.parent === r.id).map((s) => s.id) }));
  const planRows = await tx.select({ plan_id: plans.plan_id, charge: plans.charge }).from(plans).orderBy(asc(plans.plan_id));
  const values = demoSettings(tops, planRows);
  const names = Object.keys(values) as SettingName[];
  await tx.insert(settings).values(
    names.map((settingName, i) => {
      const at = new Date(base.getTime() - 20 * 24 * 60 * MINUTE + i * MINUTE);
      return { settingName, ...values[settingName], created_at: at, updated_at: at, updated_by: null };
    }),
  );
  return names.length;
}
