/**
 * The demo providers' profiles as the wizard reads and writes them (spec 3 §2.1, §3, §4): every
 * live provider with a category gets a whole, consistent profile — specializations the category's
 * Category Settings offer (sub-specializations and experience only where the settings switch them
 * on), Service Details (provider_profiles, languages with spoken / written), document fields and
 * services whose offerings, prices and delivery times the wizard accepts — so the Edit Form opens
 * on exactly what the details page shows, and a save with no change changes nothing. (Settings are
 * seeded after the providers, so this runs after them.) Three providers also have their wizard
 * steps recorded as saved (one of them a Hold user, who gets edit mode; one half-way, categories
 * and services only).
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { DELIVERY_TIMES, SECTION_SCHEMAS, type SectionData, type WizardSection } from "~contract/provider-wizard";
import { CategoryServiceProviderFormSetting1, type ProviderFormCategory } from "~contract/settings";
import { sanitizeRichText } from "~shared/sanitize";
import {
  categories,
  plans,
  profileDocuments,
  providerFormSections,
  providerProfiles,
  providerServices,
  serviceProviders,
  settings,
  users,
} from "../db/schema";
import type { Tx } from "../lib/audit";
import { serviceRowsOf } from "../lib/provider-services";

export const DEMO_WIZARD_PROVIDERS = 3;

const OCCUPATIONS = ["practice", "freelancer", "company", "proprietor", "partner"] as const;
const SKILLS = [
  ["Planning", "Compliance", "Client communication"],
  ["Research", "Drafting", "Negotiation"],
  ["Design", "Prototyping", "User testing"],
  ["Analysis", "Reporting", "Training"],
] as const;
const day = (startTime: string, endTime: string) => ({ startTime, endTime });

/** The provider's sections: what the category's settings offer, within their bounds. */
function sectionsFor(
  provider: { categoryId: number; categoryName: string; languages: { language: string; rating: number }[]; catchyLine: string },
  index: number,
  setting: ProviderFormCategory | undefined,
  children: string[],
): Omit<SectionData, "plan" | "documents"> & { certification: { certificationId: string; yearOfPassing: string } } {
  const name = provider.categoryName;
  const subsOn = !setting || setting.fields.subSpecializations;
  const experienceOn = !setting || setting.fields.specializationExperience;
  const bounds = setting?.specializationExperience ?? { min: 1, max: 40 };
  const years = (n: number) => (experienceOn ? Math.min(bounds.max, Math.max(bounds.min, n)) : null);
  const special = setting?.specializations.length ? setting.specializations[index % setting.specializations.length] : null;
  const subs = subsOn ? (special ? special.subSpecializations : children).slice(0, 2) : [];
  const specializations = [
    {
      specialization: special?.name ?? name,
      experience: years(1 + (index % 15)),
      subSpecialization: subs,
      subSpecializationExp: subs.map((_, j) => years(1 + ((index + j) % 10))),
    },
  ];
  const offering = (type: keyof ProviderFormCategory["offerings"], k: number, fallback: string) => setting?.offerings[type][k] ?? fallback;
  // charges within the category's bounds (₹199 at least in the demo settings)
  const low = setting?.charges ? Number(setting.charges.min) : 0;
  const price = (rupees: number) => String(Math.max(low, rupees));
  const delivery = (k: number) => DELIVERY_TIMES[(index + k) % DELIVERY_TIMES.length];
  const services = {
    category_id: provider.categoryId,
    Consultation: [
      {
        offerings: offering("Consultation", 0, "30 Minutes Call"),
        indiaPrice: price(499 + (index % 5) * 100),
        outsidePrice: price(999),
        deliveryTime: "1 Day",
        description: "A first call to understand your needs.",
      },
    ],
    Service: [
      {
        offerings: offering("Service", 0, `${name} package`),
        indiaPrice: `${price(2499)}.50`,
        deliveryTime: delivery(3),
        askBeforeOrder: index % 2 === 0,
      },
      ...(index % 3 === 0
        ? [{ offerings: offering("Service", 1, `${name} health check`), indiaPrice: price(1499), deliveryTime: delivery(5) }]
        : []),
    ],
    Retainership:
      index % 2 === 0
        ? [{ offerings: offering("Retainership", 0, "Monthly retainership"), indiaPrice: price(9999), deliveryTime: "1 Month" }]
        : [],
    AddOnService: [],
  };
  const week = index % 2 === 0 ? day("10:00", "18:00") : day("09:30", "17:30");
  const languageProficiency = provider.languages.map((l, k) => ({
    language: l.language,
    spoken: true,
    written: k === 0 || index % 2 === 0,
    rating: l.rating,
  }));
  const service_details = {
    countries: index % 4 === 0 ? ["All"] : ["India", "United Arab Emirates", "Singapore"].slice(0, 1 + (index % 3)),
    tagline: `Clear, practical ${name.toLowerCase()} help for growing businesses`,
    catchyLine: provider.catchyLine,
    coreExpertise: index % 2 === 0 ? `${special?.name ?? name} for startups and small firms` : "",
    globalExpertise: index % 3 === 0 ? "Clients in the UAE and Singapore" : "",
    portfolioLink: index % 4 === 1 ? `https://portfolio.example.in/${index + 1}` : "",
    skills: [...SKILLS[index % SKILLS.length]],
    professionalProfile: `<p>I have worked with more than a hundred small businesses on ${name.toLowerCase()} matters, from first registration to yearly reviews.</p>`,
    occupation: OCCUPATIONS[index % OCCUPATIONS.length],
    qualification: "B.Com, professional certification",
    expYears: 2 + (index % 20),
    expMonths: index % 12,
    languageProficiency,
    preferred_days_time: {
      Monday: week,
      Tuesday: week,
      Wednesday: week,
      Thursday: week,
      Friday: week,
      Saturday: index % 2 === 0 ? day("10:00", "14:00") : day("", ""),
      Sunday: day("", ""),
    },
  };
  // stored as the API would store them: parsed (normalised) by the contract
  return {
    categories: SECTION_SCHEMAS.categories.parse({ category_id: provider.categoryId, specializations }),
    services: SECTION_SCHEMAS.services.parse(services),
    service_details: SECTION_SCHEMAS.service_details.parse(service_details),
    // asked in Documents & Terms (spec 3 §3), stored on the documents row
    certification: {
      certificationId: index % 3 === 0 ? `CERT-${1000 + index}` : "",
      yearOfPassing: index % 3 === 0 ? String(2005 + (index % 15)) : "",
    },
  };
}

/** Whole profiles for the live demo providers with a category; three with their wizard steps recorded as saved. */
export async function seedDemoProviderWizard(tx: Tx, base: Date) {
  const live = await tx
    .select({ sp: serviceProviders, categoryName: categories.categoryName, status: users.status })
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.user_id))
    .innerJoin(categories, eq(categories.category_id, serviceProviders.category_id))
    .where(isNull(serviceProviders.deleted_at))
    .orderBy(asc(serviceProviders.serviceProvider_id));
  const [plan] = await tx.select({ id: plans.plan_id }).from(plans).where(eq(plans.status, "Active")).orderBy(asc(plans.charge)).limit(1);
  if (live.length === 0) return { providers: 0 };
  const [formSetting] = await tx
    .select({ value: settings.setting1 })
    .from(settings)
    .where(eq(settings.settingName, "CategoryServiceProviderFormSetting"));
  const byCategory = CategoryServiceProviderFormSetting1.safeParse(formSetting?.value ?? {});
  const allCategories = await tx
    .select({ id: categories.category_id, name: categories.categoryName, parent: categories.parentCategoryId })
    .from(categories);

  for (const [index, { sp, categoryName }] of live.entries()) {
    const categoryId = sp.category_id!;
    const setting = byCategory.success ? byCategory.data[String(categoryId)] : undefined;
    const children = allCategories.filter((c) => c.parent === categoryId).map((c) => c.name);
    const sections = sectionsFor(
      { categoryId, categoryName, languages: sp.languageProficiency, catchyLine: sp.catchyLine },
      index,
      setting,
      children,
    );
    const when = sp.updated_at;
    const details = sections.service_details;
    await tx
      .update(serviceProviders)
      .set({
        specialization: sections.categories.specializations.map((s) => ({
          categoryName: s.specialization,
          experience: s.experience,
          subSpecialization: s.subSpecialization,
          subSpecializationExp: s.subSpecializationExp,
        })),
        languageProficiency: details.languageProficiency.map((l) => ({
          language: l.language,
          rating: l.rating,
          spoken: l.spoken,
          written: l.written,
        })),
      })
      .where(eq(serviceProviders.serviceProvider_id, sp.serviceProvider_id));
    await tx.insert(providerProfiles).values({
      service_provider_id: sp.serviceProvider_id,
      tagline: details.tagline,
      countries: details.countries as string[],
      skills: details.skills,
      // stored as the wizard's save stores it (routes/provider-wizard/)
      professionalProfile: sanitizeRichText(details.professionalProfile),
      occupation: details.occupation,
      qualification: details.qualification,
      expYears: details.expYears,
      expMonths: details.expMonths,
      preferred_days_time: details.preferred_days_time,
      coreExpertise: details.coreExpertise,
      globalExpertise: details.globalExpertise,
      portfolioLink: details.portfolioLink,
      created_at: sp.created_at,
      updated_at: when,
    });
    const { certificationId, yearOfPassing } = sections.certification;
    if (certificationId || yearOfPassing) {
      await tx
        .update(profileDocuments)
        .set({ certificationId: certificationId || null, yearOfPassing: yearOfPassing || null })
        .where(eq(profileDocuments.service_provider_id, sp.serviceProvider_id));
    }
    await tx
      .insert(providerServices)
      .values(
        serviceRowsOf(sp.serviceProvider_id, categoryId, sections.services).map((row) => ({ ...row, created_at: when, updated_at: when })),
      );
  }

  // three providers with their wizard steps recorded as saved (the first with a Hold user, when there is one)
  if (!plan) return { providers: live.length };
  const hold = live.find((p) => p.status === "Hold");
  const chosen = [...(hold ? [hold] : []), ...live.filter((p) => p !== hold && p.status === "Active")].slice(0, DEMO_WIZARD_PROVIDERS);
  for (const [index, { sp }] of chosen.entries()) {
    const names: WizardSection[] =
      index === 2 ? ["categories", "services"] : ["categories", "services", "service_details", "documents", "plan"];
    const when = new Date(base.getTime() - (index + 1) * 3_600_000);
    await tx.insert(providerFormSections).values(
      names.map((section) => ({
        service_provider_id: sp.serviceProvider_id,
        section,
        data: section === "plan" ? SECTION_SCHEMAS.plan.parse({ plan_id: plan.id, profileReview: index === 0 }) : null,
        updated_at: when,
        updated_by: "demo",
      })),
    );
    if (names.includes("documents")) {
      await tx
        .update(profileDocuments)
        .set({ panNumber: `ABCDE${1234 + index}F`, gstNo: index === 0 ? "27ABCDE1234F1Z5" : null, websiteLink: "https://example.com" })
        .where(and(eq(profileDocuments.service_provider_id, sp.serviceProvider_id)));
    }
  }
  return { providers: live.length };
}
