/**
 * A provider's profile is one record: service_providers (category, specializations, languages,
 * catchy line), provider_profiles (the rest of Service Details), profile_documents (the document
 * fields) and provider_services (the services). The wizard's sections are views of it: GET
 * /get-saved-form-data builds them from these tables and each step's save writes them back, so
 * the provider details page and the Edit Form always read the same data. provider_form_sections
 * only says when each step was last saved (and holds the plan chosen before subscribing).
 *
 * A save that changes nothing writes nothing. A save that changes something records the changed
 * fields as a profile update activity of the provider's user (the details page's "Profile Update
 * Activities") besides the audit log.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  WIZARD_MESSAGES as M,
  WIZARD_SERVICE_TYPES,
  type ProviderServiceRecord,
  type SectionData,
  type ServicesByType,
  type WizardSection,
} from "~contract/provider-wizard";
import type { ProviderProfile } from "~contract/service-providers";
import { paiseToInr } from "~shared/money";
import type { Database } from "../db/client";
import {
  activities,
  categories,
  profileDocuments,
  providerProfiles,
  providerServices,
  serviceProviders,
  type ProfileDocumentRow,
  type ProviderProfileRow,
  type ServiceProviderRow,
} from "../db/schema";
import type { Tx } from "./audit";
import { badRequest, INVALID_INPUT_MESSAGE } from "./http";
import { serviceRowsOf } from "./provider-services";

type Db = Database | Tx;
type ProfileSection = Exclude<WizardSection, "plan">;
export type ProfileSections = { [S in ProfileSection]: Record<string, unknown> | null };

const typeOrder = (r: { serviceType: string; position: number }) =>
  WIZARD_SERVICE_TYPES.indexOf(r.serviceType as (typeof WIZARD_SERVICE_TYPES)[number]) * 1000 + r.position;

export function serviceRecord(row: typeof providerServices.$inferSelect): ProviderServiceRecord {
  return {
    id: row.id,
    category_id: row.category_id,
    serviceType: row.serviceType as ProviderServiceRecord["serviceType"],
    position: row.position,
    offerings: row.offerings,
    specialty: row.specialty,
    inclusions: row.inclusions,
    limits: row.limits,
    limitsPriceVariation: row.limitsPriceVariation.map((v) => ({
      ...v,
      indiaPrice: v.indiaPrice === null ? null : paiseToInr(v.indiaPrice),
    })),
    description: row.description,
    indiaPrice: row.indiaPrice === null ? null : paiseToInr(row.indiaPrice),
    outsidePrice: row.outsidePrice === null ? null : paiseToInr(row.outsidePrice),
    deliveryTime: row.deliveryTime,
    askBeforeOrder: row.askBeforeOrder,
  };
}

/** The provider's services of one category, in the wizard's order (type, then position). */
export async function servicesOf(db: Db, providerId: number, categoryId: number | null) {
  if (categoryId === null) return [];
  const rows = await db
    .select()
    .from(providerServices)
    .where(and(eq(providerServices.service_provider_id, providerId), eq(providerServices.category_id, categoryId)))
    .orderBy(asc(providerServices.id));
  return rows.sort((a, b) => typeOrder(a) - typeOrder(b));
}

export type ProfileRecord = {
  sp: ServiceProviderRow;
  profile: ProviderProfileRow | null;
  documents: ProfileDocumentRow | null;
  services: (typeof providerServices.$inferSelect)[];
};

export async function readProfileRecord(db: Db, sp: ServiceProviderRow): Promise<ProfileRecord> {
  const [[profile], [documents], services] = await Promise.all([
    db.select().from(providerProfiles).where(eq(providerProfiles.service_provider_id, sp.serviceProvider_id)),
    db.select().from(profileDocuments).where(eq(profileDocuments.service_provider_id, sp.serviceProvider_id)),
    servicesOf(db, sp.serviceProvider_id, sp.category_id),
  ]);
  return { sp, profile: profile ?? null, documents: documents ?? null, services };
}

/** The profile's Service Details part as the details page shows it. */
export function profileFields(profile: ProviderProfileRow | null): ProviderProfile {
  return {
    tagline: profile?.tagline ?? "",
    countries: profile?.countries ?? [],
    skills: profile?.skills ?? [],
    professionalProfile: profile?.professionalProfile ?? "",
    occupation: profile?.occupation ?? "",
    qualification: profile?.qualification ?? "",
    expYears: profile?.expYears ?? null,
    expMonths: profile?.expMonths ?? null,
    coreExpertise: profile?.coreExpertise ?? "",
    globalExpertise: profile?.globalExpertise ?? "",
    portfolioLink: profile?.portfolioLink ?? "",
    preferred_days_time: profile?.preferred_days_time ?? null,
  };
}

/** A specialization as the profile keeps it → as the Categories section gives it. */
function specializationEntry(s: ServiceProviderRow["specialization"][number]) {
  return {
    specialization: s.categoryName,
    experience: s.experience ?? null,
    subSpecialization: s.subSpecialization ?? [],
    // rows written before the wizard kept them: each sub-specialization with the specialization's years
    subSpecializationExp: s.subSpecializationExp ?? (s.subSpecialization ?? []).map(() => s.experience ?? null),
  };
}

/** The wizard's sections, built from the profile (null: the profile holds nothing of that step). */
export function sectionsOf(record: ProfileRecord): ProfileSections {
  const { sp, profile, documents, services } = record;
  const categoriesSection =
    sp.category_id === null ? null : { category_id: sp.category_id, specializations: sp.specialization.map(specializationEntry) };
  let servicesSection: Record<string, unknown> | null = null;
  if (sp.category_id !== null && services.length > 0) {
    const tables: Record<string, unknown[]> = Object.fromEntries(WIZARD_SERVICE_TYPES.map((t) => [t, []]));
    for (const row of services) {
      const r = serviceRecord(row);
      tables[r.serviceType].push({
        offerings: r.offerings,
        specialty: r.specialty,
        inclusions: r.inclusions,
        limits: r.limits,
        limitsPriceVariation: r.limitsPriceVariation,
        description: r.description,
        indiaPrice: r.indiaPrice,
        outsidePrice: r.outsidePrice,
        deliveryTime: r.deliveryTime,
        serviceId: r.id,
        askBeforeOrder: r.askBeforeOrder,
      });
    }
    servicesSection = { category_id: sp.category_id, ...tables };
  }
  const hasDetails = profile !== null || sp.languageProficiency.length > 0 || sp.catchyLine !== "";
  const fields = profileFields(profile);
  const serviceDetails = hasDetails
    ? {
        countries: fields.countries,
        tagline: fields.tagline,
        catchyLine: sp.catchyLine,
        coreExpertise: fields.coreExpertise,
        globalExpertise: fields.globalExpertise,
        portfolioLink: fields.portfolioLink,
        skills: fields.skills,
        professionalProfile: fields.professionalProfile,
        occupation: fields.occupation,
        qualification: fields.qualification,
        expYears: fields.expYears,
        expMonths: fields.expMonths,
        languageProficiency: sp.languageProficiency.map((l) => ({
          language: l.language,
          spoken: l.spoken ?? false,
          written: l.written ?? false,
          rating: l.rating,
        })),
        preferred_days_time: fields.preferred_days_time,
      }
    : null;
  const documentsSection = documents
    ? {
        ProfileDocument_id: documents.ProfileDocument_id,
        panNumber: documents.panNumber ?? "",
        gstNo: documents.gstNo ?? "",
        websiteLink: documents.websiteLink ?? "",
        documentComment: documents.documentComment ?? "",
        certificationId: documents.certificationId ?? "",
        yearOfPassing: documents.yearOfPassing ?? "",
      }
    : null;
  return { categories: categoriesSection, services: servicesSection, service_details: serviceDetails, documents: documentsSection };
}

/** JSON with object keys sorted (jsonb gives keys back in its own order). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** field → {old, new} of the fields that differ (the activity's updated_fields). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (!same(before[key] ?? null, value ?? null)) changes[key] = { old: before[key] ?? null, new: value ?? null };
  }
  return changes;
}

async function categoryName(tx: Tx, id: number | null) {
  if (id === null) return null;
  const [row] = await tx.select({ name: categories.categoryName }).from(categories).where(eq(categories.category_id, id));
  return row?.name ?? `Category ${id}`;
}

/** A profile update activity of the provider's user naming what changed (none when nothing did). */
export async function recordProfileActivity(tx: Tx, userId: number, changes: Record<string, { old: unknown; new: unknown }>, by: string) {
  if (Object.keys(changes).length === 0) return;
  await tx.insert(activities).values({
    user_id: userId,
    activity_timestamp: new Date(),
    activity_category: "updated",
    details: JSON.stringify({ status: "updated", change_type: "Profile wizard", updated_by: by, updated_fields: changes }),
  });
}

const specializationsOfSection = (data: SectionData["categories"]): ServiceProviderRow["specialization"] =>
  data.specializations.map((s) => ({
    categoryName: s.specialization,
    experience: s.experience,
    subSpecialization: s.subSpecialization,
    subSpecializationExp: s.subSpecializationExp,
  }));

/** Readable specializations for the activity ("GST — 4 years (Returns 2)"). */
const specializationText = (list: ServiceProviderRow["specialization"]) =>
  list.map(
    (s) =>
      `${s.categoryName}${s.experience === null ? "" : ` — ${s.experience} years`}${s.subSpecialization.length ? ` (${s.subSpecialization.join(", ")})` : ""}`,
  );

export type Written = { changed: boolean; changes: Record<string, { old: unknown; new: unknown }> };

/** The Categories step: the provider's category and specializations. */
export async function writeCategories(tx: Tx, sp: ServiceProviderRow, data: SectionData["categories"]): Promise<Written> {
  const specialization = specializationsOfSection(data);
  const before = { category_id: sp.category_id, specialization: sp.specialization.map((s) => specializationEntry(s)) };
  const after = { category_id: data.category_id, specialization: specialization.map((s) => specializationEntry(s)) };
  if (same(before, after)) return { changed: false, changes: {} };
  await tx
    .update(serviceProviders)
    .set({ category_id: data.category_id, specialization, updated_at: new Date() })
    .where(eq(serviceProviders.serviceProvider_id, sp.serviceProvider_id));
  const changes: Written["changes"] = {};
  if (before.category_id !== after.category_id)
    changes.category = { old: await categoryName(tx, sp.category_id), new: await categoryName(tx, data.category_id) };
  if (!same(before.specialization, after.specialization))
    changes.specialization = { old: specializationText(sp.specialization), new: specializationText(specialization) };
  return { changed: true, changes };
}

/** The Service Details step: provider_profiles, the languages and catchy line, certification id and year of passing. */
export async function writeServiceDetails(tx: Tx, record: ProfileRecord, data: SectionData["service_details"]): Promise<Written> {
  const { sp } = record;
  const id = sp.serviceProvider_id;
  const profile = {
    tagline: data.tagline,
    countries: data.countries as string[],
    skills: data.skills,
    professionalProfile: data.professionalProfile,
    occupation: data.occupation,
    qualification: data.qualification,
    expYears: data.expYears,
    expMonths: data.expMonths,
    preferred_days_time: data.preferred_days_time as Record<string, { startTime: string; endTime: string }>,
    coreExpertise: data.coreExpertise,
    globalExpertise: data.globalExpertise,
    portfolioLink: data.portfolioLink,
  };
  const languageProficiency = data.languageProficiency.map((l) => ({
    language: l.language,
    rating: l.rating,
    spoken: l.spoken,
    written: l.written,
  }));
  const beforeProfile = profileFields(record.profile);
  const beforeLanguages = sp.languageProficiency.map((l) => ({
    language: l.language,
    rating: l.rating,
    spoken: l.spoken ?? false,
    written: l.written ?? false,
  }));
  const changes = {
    ...changedFields(beforeProfile, profile),
    ...changedFields(
      { catchyLine: sp.catchyLine, languageProficiency: beforeLanguages },
      { catchyLine: data.catchyLine, languageProficiency },
    ),
  };
  if (Object.keys(changes).length === 0) return { changed: false, changes };
  const now = new Date();
  await tx
    .insert(providerProfiles)
    .values({ service_provider_id: id, ...profile, updated_at: now })
    .onConflictDoUpdate({ target: providerProfiles.service_provider_id, set: { ...profile, updated_at: now } });
  if (changes.catchyLine || changes.languageProficiency) {
    await tx
      .update(serviceProviders)
      .set({ catchyLine: data.catchyLine, languageProficiency, updated_at: now })
      .where(eq(serviceProviders.serviceProvider_id, id));
  }
  return { changed: true, changes };
}

/** The Documents & Terms step's fields (the files are the upload calls'). */
export async function writeDocumentFields(tx: Tx, record: ProfileRecord, data: SectionData["documents"]): Promise<Written> {
  const id = record.sp.serviceProvider_id;
  const fields = {
    panNumber: data.panNumber || null,
    gstNo: data.gstNo || null,
    websiteLink: data.websiteLink || null,
    documentComment: data.documentComment || null,
    certificationId: data.certificationId || null,
    yearOfPassing: data.yearOfPassing || null,
  };
  const d = record.documents;
  const before = {
    panNumber: d?.panNumber ?? null,
    gstNo: d?.gstNo ?? null,
    websiteLink: d?.websiteLink ?? null,
    documentComment: d?.documentComment ?? null,
    certificationId: d?.certificationId ?? null,
    yearOfPassing: d?.yearOfPassing ?? null,
  };
  const changes = changedFields(before, fields);
  if (Object.keys(changes).length === 0) return { changed: false, changes };
  await tx
    .insert(profileDocuments)
    .values({ service_provider_id: id, ...fields })
    .onConflictDoUpdate({ target: profileDocuments.service_provider_id, set: { ...fields, updated_at: new Date() } });
  return { changed: true, changes };
}

/** A row's content as stored (what an edit compares). */
const content = (row: Omit<typeof providerServices.$inferInsert, "id">) => ({
  serviceType: row.serviceType,
  position: row.position,
  offerings: row.offerings,
  specialty: row.specialty,
  inclusions: row.inclusions,
  limits: row.limits,
  limitsPriceVariation: row.limitsPriceVariation,
  description: row.description,
  indiaPrice: row.indiaPrice,
  outsidePrice: row.outsidePrice,
  deliveryTime: row.deliveryTime,
  askBeforeOrder: row.askBeforeOrder,
});

/**
 * The provider's services of one category become these tables: a row that carries the serviceId
 * of one of them updates it in place (its id kept, so what refers to the service still does), a
 * row without one is added, and the provider's rows of that category not sent are deleted. A
 * serviceId that is not one of them is refused (400, naming the row). Nothing is written when
 * nothing changed.
 */
export async function writeServices(tx: Tx, providerId: number, categoryId: number, services: ServicesByType, prefix: string) {
  const before = await servicesOf(tx, providerId, categoryId);
  const byId = new Map(before.map((r) => [r.id, r]));
  const values = serviceRowsOf(providerId, categoryId, services);
  const sentIds: (number | null)[] = WIZARD_SERVICE_TYPES.flatMap((type) => services[type].map((row) => row.serviceId ?? null));
  const errors: Record<string, string> = {};
  const seen = new Set<number>();
  let k = 0;
  for (const type of WIZARD_SERVICE_TYPES) {
    services[type].forEach((row, i) => {
      const id = sentIds[k++];
      if (id === null) return;
      if (!byId.has(id) || seen.has(id)) errors[`${prefix}${type}.${i}.serviceId`] = M.serviceNotYours;
      seen.add(id);
    });
  }
  if (Object.keys(errors).length > 0) throw badRequest(INVALID_INPUT_MESSAGE, errors);

  let changed = false;
  const now = new Date();
  const removed = before.filter((r) => !seen.has(r.id)).map((r) => r.id);
  if (removed.length > 0) {
    changed = true;
    await tx
      .delete(providerServices)
      .where(and(eq(providerServices.service_provider_id, providerId), inArray(providerServices.id, removed)));
  }
  for (const [index, value] of values.entries()) {
    const id = sentIds[index];
    const current = id === null ? undefined : byId.get(id);
    if (current) {
      if (same(content(current), content(value))) continue;
      changed = true;
      await tx
        .update(providerServices)
        .set({ ...content(value), updated_at: now })
        .where(eq(providerServices.id, current.id));
    } else {
      changed = true;
      await tx.insert(providerServices).values(value);
    }
  }
  const after = changed ? await servicesOf(tx, providerId, categoryId) : before;
  return { changed, before: before.map(serviceRecord), after: after.map(serviceRecord) };
}

/** What a services change reads like in the activity: the offerings before and after. */
export function servicesChange(before: ProviderServiceRecord[], after: ProviderServiceRecord[]) {
  const text = (rows: ProviderServiceRecord[]) =>
    rows.map((r) => `${r.serviceType}: ${r.offerings} — ₹${r.indiaPrice ?? "—"}${r.deliveryTime ? `, ${r.deliveryTime}` : ""}`);
  return { services: { old: text(before), new: text(after) } };
}
