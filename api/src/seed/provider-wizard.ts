/**
 * The provider wizard's demo data (spec 3 §2.1, §4): a few live providers get saved sections, so
 * the wizard's edit mode has something to load: two with every section (one of them a provider
 * whose user status is Hold, who gets edit mode), one half-way (categories and services only).
 * Each with services saved is also given its provider_services rows.
 */
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import {
  SECTION_SCHEMAS,
  type SectionData,
  type WizardSection,
} from "../../../app/models/provider-wizard";
import { CategoryServiceProviderFormSetting1, type ProviderFormCategory } from "../../../app/models/settings";
import { categories, plans, settings, providerFormSections, providerServices, serviceProviders, users } from "../db/schema";
import type { Tx } from "../lib/audit";
import { serviceRowsOf } from "../lib/provider-services";

export const DEMO_WIZARD_PROVIDERS = 3;

function sectionsFor(categoryId: number, categoryName: string, planId: number, index: number, setting: ProviderFormCategory | undefined) {
  const day = { startTime: "10:00", endTime: "18:00" };
  // the category's own specializations and offerings when its settings list them
  const special = setting?.specializations[0];
  const offering = (type: keyof ProviderFormCategory["offerings"], fallback: string) => setting?.offerings[type][0] ?? fallback;
  const subs = special ? special.subSpecializations.slice(0, 2) : ["Startups", "Small businesses"];
  const raw: Record<WizardSection, unknown> = {
    categories: {
      category_id: categoryId,
      specializations: [
        { specialization: special?.name ?? `${categoryName} advisory`, experience: 4 + index, subSpecialization: subs, subSpecializationExp: subs.map((_, i) => 3 - i) },
        ...(special ? [] : [{ specialization: `${categoryName} compliance`, experience: 2 + index, subSpecialization: [], subSpecializationExp: [] }]),
      ],
    },
    services: {
      category_id: categoryId,
      Consultation: [{ offerings: offering("Consultation", "30 Minutes Call"), indiaPrice: "499", outsidePrice: "999", deliveryTime: "Same Day", description: "A first call to understand your needs." }],
      Service: [
        { offerings: offering("Service", `${categoryName} filing`), specialty: ["Startups"], inclusions: ["Review", "Filing"], limits: ["1 revision"], indiaPrice: "2499.50", deliveryTime: "5 Days", askBeforeOrder: true },
        { offerings: setting?.offerings.Service[1] ?? `${categoryName} health check`, inclusions: ["Report"], indiaPrice: "1499", deliveryTime: "3 Days" },
      ],
      Retainership: [{ offerings: offering("Retainership", "Monthly retainership"), inclusions: ["Unlimited queries"], indiaPrice: "9999", deliveryTime: "30 Days" }],
      AddOnService: [],
    },
    service_details: {
      countries: index === 0 ? ["All"] : ["India", "United Arab Emirates", "Singapore"],
      tagline: `Clear, practical ${categoryName.toLowerCase()} help for growing businesses`,
      skills: ["Planning", "Compliance", "Client communication"],
      professionalProfile: `<p>I have worked with more than a hundred small businesses on ${categoryName.toLowerCase()} matters, from first registration to yearly reviews.</p>`,
      occupation: index === 0 ? "practice" : "freelancer",
      qualification: "B.Com, professional certification",
      expYears: 6 + index,
      expMonths: 3,
      languageProficiency: [
        { language: "English", spoken: true, written: true, rating: 5 },
        { language: "Hindi", spoken: true, written: index === 0, rating: 4 },
      ],
      preferred_days_time: { Monday: day, Tuesday: day, Wednesday: day, Thursday: day, Friday: day, Saturday: { startTime: "10:00", endTime: "14:00" }, Sunday: { startTime: "", endTime: "" } },
    },
    documents: { ProfileDocument_id: null, panNumber: `ABCDE${1234 + index}F`, gstNo: index === 0 ? "27ABCDE1234F1Z5" : "", websiteLink: "https://example.com", documentComment: "", certificationId: `CERT-${1000 + index}`, yearOfPassing: String(2010 + index) },
    plan: { plan_id: planId, profileReview: index === 0 },
  };
  // stored as the API would store them: parsed (normalised) by the contract
  return Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, SECTION_SCHEMAS[name as WizardSection].parse(value)])) as SectionData;
}

/** Saved wizard sections for three demo providers (the first with a Hold user, when there is one). */
export async function seedDemoProviderWizard(tx: Tx, base: Date) {
  const live = await tx
    .select({ id: serviceProviders.serviceProvider_id, categoryId: serviceProviders.category_id, categoryName: categories.categoryName, status: users.status })
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.user_id))
    .innerJoin(categories, eq(categories.category_id, serviceProviders.category_id))
    .where(and(isNull(serviceProviders.deleted_at), isNotNull(serviceProviders.category_id)))
    .orderBy(asc(serviceProviders.serviceProvider_id));
  const [plan] = await tx.select({ id: plans.plan_id }).from(plans).where(eq(plans.status, "Active")).orderBy(asc(plans.charge)).limit(1);
  if (!plan || live.length === 0) return { providers: 0 };
  const [formSetting] = await tx.select({ value: settings.setting1 }).from(settings).where(eq(settings.settingName, "CategoryServiceProviderFormSetting"));
  const byCategory = CategoryServiceProviderFormSetting1.safeParse(formSetting?.value ?? {});
  const hold = live.find((p) => p.status === "Hold");
  const chosen = [...(hold ? [hold] : []), ...live.filter((p) => p !== hold && p.status === "Active")].slice(0, DEMO_WIZARD_PROVIDERS);
  for (const [index, provider] of chosen.entries()) {
    const setting = byCategory.success ? byCategory.data[String(provider.categoryId)] : undefined;
    const sections = sectionsFor(provider.categoryId!, provider.categoryName, plan.id, index, setting);
    const names: WizardSection[] = index === 2 ? ["categories", "services"] : ["categories", "services", "service_details", "documents", "plan"];
    const when = new Date(base.getTime() - (index + 1) * 3_600_000);
    await tx.insert(providerFormSections).values(
      names.map((section) => ({ service_provider_id: provider.id, section, data: sections[section] as Record<string, unknown>, updated_at: when, updated_by: "demo" })),
    );
    const services = sections.services;
    await tx.insert(providerServices).values(
      serviceRowsOf(provider.id, services.category_id, services).map((row) => ({ ...row, created_at: when, updated_at: when })),
    );
  }
  return { providers: chosen.length };
}
