/** provider-wizard: the handlers of the calls provider-wizard.routes.ts defines. */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  categories,
  settings,
  plans,
  profileDocuments,
  providerFormSections,
  providerServices,
  serviceProviders,
  users,
} from "../../db/schema";
import { requireActor, type Tx } from "../../lib/audit";
import { auditAs, checkProviderHeader, whoActs } from "../../lib/provider-actor";
import { badRequest, HttpError, INVALID_INPUT_MESSAGE, notFound } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import {
  readProfileRecord,
  recordProfileActivity,
  sectionsOf,
  serviceRecord,
  servicesChange,
  writeCategories,
  writeDocumentFields,
  writeServiceDetails,
  writeServices,
  type Written,
} from "../../lib/provider-profile";
import { planFields } from "../subscriptions";
import { type PlanSection, SECTION_SCHEMAS, type SectionData, type ServicesByType as Services } from "~contract/provider-wizard";
import {
  WIZARD_MESSAGES as M,
  WIZARD_SECTION_LABELS,
  WIZARD_SECTIONS,
  WIZARD_SERVICE_TYPES,
  planTotal,
  type WizardSection,
} from "~contract/provider-wizard-labels";
import { paiseToInr, readPaise } from "~shared/money";
import { sanitizeRichText } from "~shared/sanitize";
import { htmlToText } from "~shared/html-text";
import { CategoryServiceProviderFormSetting1, type ProviderFormCategory } from "~contract/settings";
import { optionKey, SPECIALIZATION_EXPERIENCE_RANGE } from "~contract/setting-labels";
import { saveRoute, savedRoute, bulkRoute, plansRoute, submitRoute } from "./provider-wizard.routes";

/** The stage of a provider who has just subscribed, awaiting review (spec 1's stages: Free, Partial, Basic, Pending, Received). */
const REGISTERED_STAGE = "Pending";

type Provider = {
  id: number;
  user_id: number;
  plan_id: number | null;
  category_id: number | null;
  username: string;
  status: "Active" | "Inactive" | "Hold";
  registered_at: Date | null;
  sp: typeof serviceProviders.$inferSelect;
};

async function findProvider(db: Database | Tx, id: number, lock = false): Promise<Provider> {
  const query = db
    .select({ sp: serviceProviders, username: users.username, status: users.status })
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.user_id))
    .where(and(eq(serviceProviders.serviceProvider_id, id), isNull(serviceProviders.deleted_at)));
  const [row] = lock ? await query.for("update", { of: serviceProviders }) : await query;
  if (!row) throw notFound(M.providerNotFound);
  const { sp } = row;
  return {
    id: sp.serviceProvider_id,
    user_id: sp.user_id,
    plan_id: sp.plan_id,
    category_id: sp.category_id,
    username: row.username,
    status: row.status,
    registered_at: sp.registered_at,
    sp,
  };
}

/** Edit once registered (subscribed through the wizard, or on the marketplace before it) or on Hold (spec 3 §4); else create. */
const wizardModeOf = (provider: Provider) =>
  provider.status === "Hold" || provider.registered_at !== null ? ("edit" as const) : ("create" as const);

const invalid = (errors: Record<string, string>) => badRequest(INVALID_INPUT_MESSAGE, errors);

async function assertCategory(db: Database | Tx, id: number, field: string) {
  const [row] = await db.select({ id: categories.category_id }).from(categories).where(eq(categories.category_id, id));
  if (!row) throw invalid({ [field]: M.categoryRequired });
}

async function activePlan(db: Database | Tx, id: number) {
  const [row] = await db.select().from(plans).where(eq(plans.plan_id, id));
  return row && row.status === "Active" ? row : null;
}

/** When each step was last saved and by whom (and the plan chosen before subscribing). */
async function savedSteps(db: Database | Tx, providerId: number) {
  const rows = await db.select().from(providerFormSections).where(eq(providerFormSections.service_provider_id, providerId));
  return new Map(rows.map((row) => [row.section, row]));
}

/** The category's Category Settings (null when it has none or they are unreadable). */
async function categorySettings(tx: Database | Tx, categoryId: number): Promise<ProviderFormCategory | null> {
  const [row] = await tx
    .select({ value: settings.setting1 })
    .from(settings)
    .where(eq(settings.settingName, "CategoryServiceProviderFormSetting"));
  const parsed = CategoryServiceProviderFormSetting1.safeParse(row?.value ?? {});
  return parsed.success ? (parsed.data[String(categoryId)] ?? null) : null;
}

/**
 * The specializations, sub-specializations and experience the category's settings allow: the
 * offered names (when they list any), the experience bounds, and the switches — sub-specializations
 * off: none may be sent; specialization experience off: no experience is asked (none kept);
 * without settings, or with it on, each specialization and sub-specialization needs its years.
 */
function checkSpecializations(data: SectionData["categories"], setting: ProviderFormCategory | null) {
  const errors: Record<string, string> = {};
  const { min, max } = setting?.specializationExperience ?? SPECIALIZATION_EXPERIENCE_RANGE;
  const experienceOn = !setting || setting.fields.specializationExperience;
  const subsOn = !setting || setting.fields.subSpecializations;
  const offered = new Map((setting?.specializations ?? []).map((s) => [optionKey(s.name), s]));
  data.specializations.forEach((entry, i) => {
    const at = `data.specializations.${i}`;
    const known = offered.get(optionKey(entry.specialization));
    if (offered.size > 0 && !known) errors[`${at}.specialization`] = M.specializationNotOffered;
    if (experienceOn) {
      if (entry.experience === null) errors[`${at}.experience`] = setting ? M.experienceRange(min, max) : M.specializationExperience;
      else if (entry.experience < min || entry.experience > max) errors[`${at}.experience`] = M.experienceRange(min, max);
      entry.subSpecializationExp.forEach((years, j) => {
        if (years === null || years < min || years > max) errors[`${at}.subSpecializationExp.${j}`] ??= M.experienceRange(min, max);
      });
    }
    if (!subsOn && entry.subSpecialization.length > 0) errors[`${at}.subSpecialization`] = M.subSpecializationsOff;
    if (known && known.subSpecializations.length > 0) {
      const subs = new Set(known.subSpecializations.map(optionKey));
      entry.subSpecialization.forEach((sub, j) => {
        if (!subs.has(optionKey(sub))) errors[`${at}.subSpecialization.${j}`] = M.subSpecializationNotOffered;
      });
    }
  });
  if (Object.keys(errors).length > 0) throw invalid(errors);
  // experience switched off: none is kept
  if (!experienceOn)
    return {
      ...data,
      specializations: data.specializations.map((s) => ({
        ...s,
        experience: null,
        subSpecializationExp: s.subSpecialization.map(() => null),
      })),
    };
  return data;
}

const paiseOf = (rupees: string | null) => (rupees === null ? null : readPaise(rupees));

/** The offerings the category's settings enable, per service type (when they list any), and its charges' bounds. */
function checkOfferings(data: Services, setting: ProviderFormCategory | null, prefix: string) {
  if (!setting) return;
  const errors: Record<string, string> = {};
  const low = setting.charges ? readPaise(setting.charges.min) : null;
  const high = setting.charges ? readPaise(setting.charges.max) : null;
  const outOfBounds = (rupees: string | null) => {
    const paise = paiseOf(rupees);
    return paise !== null && ((low !== null && paise < low) || (high !== null && paise > high));
  };
  const boundsMessage = setting.charges ? M.chargeRange(setting.charges.min, setting.charges.max) : "";
  for (const type of WIZARD_SERVICE_TYPES) {
    const enabled = new Set(setting.offerings[type].map(optionKey));
    data[type].forEach((row, i) => {
      const at = `${prefix}${type}.${i}`;
      if (enabled.size > 0 && !enabled.has(optionKey(row.offerings))) errors[`${at}.offerings`] = M.offeringNotOffered;
      if (outOfBounds(row.indiaPrice)) errors[`${at}.indiaPrice`] = boundsMessage;
      if (outOfBounds(row.outsidePrice)) errors[`${at}.outsidePrice`] = boundsMessage;
      row.limitsPriceVariation.forEach((v, j) => {
        if (outOfBounds(v.indiaPrice)) errors[`${at}.limitsPriceVariation.${j}.indiaPrice`] = boundsMessage;
      });
    });
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

const rowCount = (data: Services) => WIZARD_SERVICE_TYPES.reduce((n, type) => n + data[type].length, 0);

/** Checks of a section against the database (the zod contract has checked its shape); the section to write. */
async function checkSection(
  tx: Tx,
  provider: Provider,
  section: WizardSection,
  data: SectionData[WizardSection],
): Promise<SectionData[WizardSection]> {
  if (section === "categories") {
    const categoriesData = data as SectionData["categories"];
    await assertCategory(tx, categoriesData.category_id, "data.category_id");
    return checkSpecializations(categoriesData, await categorySettings(tx, categoriesData.category_id));
  } else if (section === "services") {
    const services = data as SectionData["services"];
    await assertCategory(tx, services.category_id, "data.category_id");
    if (provider.category_id !== services.category_id) throw invalid({ "data.category_id": M.categoryMismatch });
    if (rowCount(services) === 0) throw invalid({ data: M.serviceRequired });
    checkOfferings(services, await categorySettings(tx, services.category_id), "data.");
  } else if (section === "service_details") {
    // the Professional Profile is rich text the public marketplace renders: stored sanitised
    const details = data as SectionData["service_details"];
    const professionalProfile = sanitizeRichText(details.professionalProfile).trim();
    if (htmlToText(professionalProfile) === "") throw invalid({ "data.professionalProfile": M.profileRequired });
    return { ...details, professionalProfile };
  } else if (section === "documents") {
    const documentId = (data as SectionData["documents"]).ProfileDocument_id;
    if (documentId !== null) {
      const [row] = await tx
        .select({ owner: profileDocuments.service_provider_id })
        .from(profileDocuments)
        .where(eq(profileDocuments.ProfileDocument_id, documentId));
      if (!row || row.owner !== provider.id) throw invalid({ "data.ProfileDocument_id": M.documentNotYours });
    }
  } else if (section === "plan") {
    // the plan is chosen once, by subscribing: after it, the section is what was registered
    if (wizardModeOf(provider) === "edit") throw new HttpError(409, { message: M.alreadyRegistered });
    if (!(await activePlan(tx, (data as SectionData["plan"]).plan_id))) throw invalid({ "data.plan_id": M.planUnavailable });
  }
  return data;
}

/** Writes a section into the profile; what changed (nothing: nothing written). */
async function writeSection(
  tx: Tx,
  provider: Provider,
  section: WizardSection,
  data: SectionData[WizardSection],
  planBefore: unknown,
): Promise<Written> {
  const record = await readProfileRecord(tx, provider.sp);
  switch (section) {
    case "categories":
      return writeCategories(tx, provider.sp, data as SectionData["categories"]);
    case "services": {
      const services = data as SectionData["services"];
      const { changed, before, after } = await writeServices(tx, provider.id, services.category_id, services, "data.");
      return { changed, changes: changed ? servicesChange(before, after) : {} };
    }
    case "service_details":
      return writeServiceDetails(tx, record, data as SectionData["service_details"]);
    case "documents":
      return writeDocumentFields(tx, record, data as SectionData["documents"]);
    case "plan":
      return { changed: JSON.stringify(planBefore ?? null) !== JSON.stringify(data), changes: {} };
  }
}

export function providerWizardRouter(db: Database) {
  const router = apiRouter();

  router.openapi(saveRoute, async (c) => {
    const { serviceProviderId } = c.req.valid("query");
    const { section, data: sent } = c.req.valid("json");
    const who = await whoActs(c, await findProvider(db, serviceProviderId), () => requireActor(c, db));
    const saved = await db.transaction(async (tx) => {
      const provider = await findProvider(tx, serviceProviderId, true);
      const data = await checkSection(tx, provider, section, sent);
      const steps = await savedSteps(tx, provider.id);
      const step = steps.get(section);
      const before =
        section === "plan" ? null : sectionsOf(await readProfileRecord(tx, provider.sp))[section as Exclude<WizardSection, "plan">];
      const { changed, changes } = await writeSection(tx, provider, section, data, step?.data);
      // a save that changes nothing writes nothing (the step still counts as saved once)
      if (!changed && step) return step;
      const now = new Date();
      const kept = section === "plan" ? (data as Record<string, unknown>) : null;
      const [row] = await tx
        .insert(providerFormSections)
        .values({ service_provider_id: provider.id, section, data: kept, updated_at: now, updated_by: who.name })
        .onConflictDoUpdate({
          target: [providerFormSections.service_provider_id, providerFormSections.section],
          set: { data: kept, updated_at: now, updated_by: who.name },
        })
        .returning();
      if (changed) {
        const previous = section === "plan" ? (step?.data ?? null) : before;
        await auditAs(tx, who, {
          action: previous ? "update" : "create",
          entity: "provider_form",
          entityId: provider.id,
          before: previous ? { section, data: previous } : null,
          after: { section, data },
        });
        await recordProfileActivity(tx, provider.user_id, changes, who.name);
      }
      return row;
    });
    return c.json({ message: M.saved, data: { section, updated_at: saved.updated_at.toISOString(), updated_by: saved.updated_by } }, 201);
  });

  router.openapi(savedRoute, async (c) => {
    const { serviceProviderId } = c.req.valid("query");
    checkProviderHeader(c, serviceProviderId);
    const provider = await findProvider(db, serviceProviderId);
    const [steps, record, services] = await Promise.all([
      savedSteps(db, provider.id),
      readProfileRecord(db, provider.sp),
      db
        .select()
        .from(providerServices)
        .where(eq(providerServices.service_provider_id, provider.id))
        .orderBy(asc(providerServices.category_id), asc(providerServices.serviceType), asc(providerServices.position)),
    ]);
    const order = (r: { serviceType: string; position: number }) =>
      WIZARD_SERVICE_TYPES.indexOf(r.serviceType as (typeof WIZARD_SERVICE_TYPES)[number]) * 1000 + r.position;
    services.sort((a, b) => (a.category_id ?? 0) - (b.category_id ?? 0) || order(a) - order(b) || a.id - b.id);
    const sections = sectionsOf(record);
    const saved_at = Object.fromEntries([...steps.values()].map((row) => [row.section, row.updated_at.toISOString()]));
    return c.json(
      {
        data: {
          serviceProviderId: provider.id,
          user_status: provider.status,
          mode: wizardModeOf(provider),
          plan_id: provider.plan_id,
          ...sections,
          plan: (steps.get("plan")?.data as Record<string, unknown> | null | undefined) ?? null,
          saved_at,
          provider_services: services.map(serviceRecord),
        },
      },
      200,
    );
  });

  router.openapi(bulkRoute, async (c) => {
    const { serviceProviderId, categoryId } = c.req.valid("query");
    const services = c.req.valid("json");
    const who = await whoActs(c, await findProvider(db, serviceProviderId), () => requireActor(c, db));
    const rows = await db.transaction(async (tx) => {
      const provider = await findProvider(tx, serviceProviderId, true);
      await assertCategory(tx, categoryId, "categoryId");
      checkOfferings(services, await categorySettings(tx, categoryId), "");
      const { changed, before, after } = await writeServices(tx, provider.id, categoryId, services, "");
      if (changed) {
        await auditAs(tx, who, {
          action: "update",
          entity: "provider_services",
          entityId: provider.id,
          before: { category_id: categoryId, services: before },
          after: { category_id: categoryId, services: after },
        });
        await recordProfileActivity(tx, provider.user_id, servicesChange(before, after), who.name);
      }
      return after;
    });
    return c.json({ message: "Services saved successfully", data: rows }, 201);
  });

  router.openapi(plansRoute, async (c) => {
    const rows = await db.select().from(plans).where(eq(plans.status, "Active")).orderBy(asc(plans.charge), asc(plans.plan_id));
    return c.json(
      {
        data: rows.map((row) => {
          const fields = planFields(row);
          return {
            plan_id: row.plan_id,
            plan_name: fields.plan_name,
            charge: fields.charge,
            plan_validity: fields.plan_validity,
            service_fee: fields.service_fee,
            profile_boost: fields.profile_boost,
            max_approval: fields.max_approval,
            total_payable: paiseToInr(planTotal(row.charge, row.plan_validity, false).total),
          };
        }),
      },
      200,
    );
  });

  router.openapi(submitRoute, async (c) => {
    const { serviceProviderId } = c.req.valid("query");
    const { mode, plan: chosenPlan } = c.req.valid("json");
    const who = await whoActs(c, await findProvider(db, serviceProviderId), () => requireActor(c, db));
    const result = await db.transaction(async (tx) => {
      const provider = await findProvider(tx, serviceProviderId, true);
      if (mode === "create" && wizardModeOf(provider) === "edit") throw new HttpError(409, { message: M.alreadyRegistered });
      // the plan the Subscribe chose is the one registered, whatever another save left in the section meanwhile
      if (mode === "create" && chosenPlan) {
        if (!(await activePlan(tx, chosenPlan.plan_id))) throw invalid({ plan: M.planUnavailable });
        await tx
          .insert(providerFormSections)
          .values({ service_provider_id: provider.id, section: "plan", data: chosenPlan, updated_at: new Date(), updated_by: who.name })
          .onConflictDoUpdate({
            target: [providerFormSections.service_provider_id, providerFormSections.section],
            set: { data: chosenPlan, updated_at: new Date(), updated_by: who.name },
          });
      }
      const steps = await savedSteps(tx, provider.id);
      const record = await readProfileRecord(tx, provider.sp);
      const sections = { ...sectionsOf(record), plan: (steps.get("plan")?.data as Record<string, unknown> | null | undefined) ?? null };
      const errors: Record<string, string> = {};
      const parsed: Partial<SectionData> = {};
      const needed = WIZARD_SECTIONS.filter((s) => s !== "plan" || mode === "create");
      for (const name of needed) {
        const stored = sections[name];
        if (!stored) {
          errors[name] =
            name === "plan"
              ? M.selectPlan
              : name === "services" && record.sp.category_id !== null
                ? M.serviceRequired
                : M.sectionMissing(WIZARD_SECTION_LABELS[name]);
          continue;
        }
        const check = SECTION_SCHEMAS[name].safeParse(stored);
        if (check.success) (parsed as Record<string, unknown>)[name] = check.data;
        else errors[name] = M.sectionInvalid(WIZARD_SECTION_LABELS[name]);
      }
      const { categories: cats, services } = parsed;
      if (services && rowCount(services) === 0) errors.services = M.serviceRequired;
      let plan: Awaited<ReturnType<typeof activePlan>> = null;
      if (mode === "create" && parsed.plan) {
        plan = await activePlan(tx, parsed.plan.plan_id);
        if (!plan) errors.plan = M.planUnavailable;
      }
      if (Object.keys(errors).length > 0 || !cats || !services) {
        const onlyPlan = Object.keys(errors).length === 1 && errors.plan === M.selectPlan;
        throw badRequest(onlyPlan ? M.selectPlan : INVALID_INPUT_MESSAGE, errors);
      }
      await assertCategory(tx, cats.category_id, "categories");
      const count = rowCount(services);
      if (mode === "create" && plan) {
        // subscribing registers the provider: on Hold (awaiting the marketplace's review) at stage Pending;
        // the profile itself was written by each step's save
        const now = new Date();
        const registration = { plan_id: plan.plan_id, registered_at: now, stage: REGISTERED_STAGE };
        await tx
          .update(serviceProviders)
          .set({ ...registration, updated_at: now })
          .where(eq(serviceProviders.serviceProvider_id, provider.id));
        await tx.update(users).set({ status: "Hold", updated_at: now }).where(eq(users.id, provider.user_id));
        await auditAs(tx, who, {
          action: "update",
          entity: "service_provider",
          entityId: provider.id,
          before: { plan_id: provider.plan_id, registered_at: null, stage: provider.sp.stage, user_status: provider.status },
          after: { ...registration, registered_at: now.toISOString(), user_status: "Hold", mode, services: count },
        });
        await recordProfileActivity(
          tx,
          provider.user_id,
          { plan: { old: null, new: plan.plan_name }, stage: { old: provider.sp.stage, new: REGISTERED_STAGE } },
          who.name,
        );
      }
      const total = plan ? paiseToInr(planTotal(plan.charge, plan.plan_validity, (parsed.plan as PlanSection).profileReview).total) : null;
      return { plan_id: plan?.plan_id ?? provider.plan_id, total, services: count };
    });
    return c.json(
      {
        message: mode === "create" ? M.registered : M.profileUpdated,
        data: { serviceProviderId, plan_id: result.plan_id, total_payable: result.total, services: result.services },
      },
      200,
    );
  });

  return router;
}
