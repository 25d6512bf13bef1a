import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { ProviderDetail, ProviderProfile, ProviderListRow, ProviderUser, UserRecord } from "~contract/service-providers";
import type { Database } from "../db/client";
import { categories, plans, serviceProviders, users, type ProfileDocumentRow, type ServiceProviderRow, type UserRow } from "../db/schema";
import type { Tx } from "./audit";
import { notFound } from "./http";
import { profileFields, readProfileRecord, serviceRecord } from "./provider-profile";
import { idParam } from "./openapi";
import { z } from "zod";

export const PROVIDER_NOT_FOUND = "Service provider not found";
export const USER_NOT_FOUND = "User not found";
export const ProviderIdQuery = z.object({ serviceProvider_id: idParam("serviceProvider_id", "the provider's id") });

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const DAY_MS = 86_400_000;
/** Midnight of a calendar day in India (UTC+05:30, no daylight saving). */
export const istMidnight = (day: string) => new Date(`${day}T00:00:00.000+05:30`);
export const istDayEnd = (day: string) => new Date(istMidnight(day).getTime() + DAY_MS);

/** `%text%` for ILIKE, with the pattern characters taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function providerUser(row: UserRow): ProviderUser {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    status: row.status,
    verified: row.verified,
    rating: Number(row.rating),
    online: row.online,
    lastSeen: iso(row.lastSeen),
  };
}

export function userRecord(row: UserRow): UserRecord {
  return { ...providerUser(row), is_deleted: row.is_deleted, can_sign_in: row.can_sign_in, created_at: row.created_at.toISOString() };
}

export type ProviderJoinRow = {
  sp: ServiceProviderRow;
  user: UserRow;
  category: { category_id: number; categoryName: string } | null;
  plan_name: string | null;
};

/** The columns of a list row (joins: users inner, categories and plans left). */
export const providerSelection = {
  sp: serviceProviders,
  user: users,
  category: { category_id: categories.category_id, categoryName: categories.categoryName },
  plan_name: plans.plan_name,
};

export function providerListRow({ sp, user, category, plan_name }: ProviderJoinRow): ProviderListRow {
  return {
    serviceProvider_id: sp.serviceProvider_id,
    userId: providerUser(user),
    category: category && category.category_id !== null ? category : null,
    plan: plan_name === null ? null : { plan_name },
    stage: sp.stage,
    created_at: sp.created_at.toISOString(),
    updated_at: sp.updated_at.toISOString(),
    refresh_at: iso(sp.refresh_at),
    last_accepted_agreement: sp.last_accepted_agreement,
    is_pro: sp.is_pro,
    admin_rating: Number(sp.admin_rating),
    boosterPoints: sp.boosterPoints,
  };
}

export function providerDetail(
  row: ProviderJoinRow,
  documents: ProfileDocumentRow | undefined,
  profile: ProviderProfile,
  services: ProviderDetail["services"],
): ProviderDetail {
  const { sp } = row;
  return {
    ...providerListRow(row),
    city: sp.city,
    state: sp.state,
    country: sp.country,
    locality: sp.locality,
    pincode: sp.pincode,
    catchyLine: sp.catchyLine,
    languageProficiency: sp.languageProficiency,
    specialization: sp.specialization,
    profile,
    services,
    documents: documents
      ? {
          ProfileDocument_id: documents.ProfileDocument_id,
          profilePhoto: documents.profilePhoto,
          portfolio: documents.portfolio,
          companyProfile: documents.companyProfile,
          websiteLink: documents.websiteLink,
          file_names: chosenNames(documents.file_names, [
            ...documentFiles(documents),
            ...(documents.websiteLink ?? "").split(",").map((v) => v.trim()),
          ]),
          created_at: documents.created_at.toISOString(),
          updated_at: documents.updated_at.toISOString(),
        }
      : null,
  };
}

export function providerQuery(db: Database | Tx, where: SQL | undefined) {
  return db
    .select(providerSelection)
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.user_id))
    .leftJoin(categories, eq(categories.category_id, serviceProviders.category_id))
    .leftJoin(plans, eq(plans.plan_id, serviceProviders.plan_id))
    .where(where);
}

/** A live (not deleted) provider, or 404. */
export async function findProvider(db: Database | Tx, id: number): Promise<ProviderJoinRow> {
  const [row] = await providerQuery(db, and(eq(serviceProviders.serviceProvider_id, id), isNull(serviceProviders.deleted_at)));
  if (!row) throw notFound(PROVIDER_NOT_FOUND);
  return row as ProviderJoinRow;
}

/** Lock a live provider's row for an update, or 404. */
export async function lockProvider(tx: Tx, id: number): Promise<ServiceProviderRow> {
  const [row] = await tx
    .select()
    .from(serviceProviders)
    .where(and(eq(serviceProviders.serviceProvider_id, id), isNull(serviceProviders.deleted_at)))
    .for("update");
  if (!row) throw notFound(PROVIDER_NOT_FOUND);
  return row;
}

export async function providerDetailById(db: Database | Tx, id: number): Promise<ProviderDetail> {
  const row = await findProvider(db, id);
  // the same record the wizard's sections are built from (./provider-profile)
  const record = await readProfileRecord(db, row.sp);
  return providerDetail(row, record.documents ?? undefined, profileFields(record.profile), record.services.map(serviceRecord));
}

/** Split the comma-separated file fields of a profile documents row into file names. */
export function documentFiles(row: Pick<ProfileDocumentRow, "profilePhoto" | "portfolio" | "companyProfile"> | null) {
  if (!row) return [];
  return [row.profilePhoto, row.portfolio, row.companyProfile]
    .flatMap((v) => (v ?? "").split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The names the given stored files were chosen under (only those: the others' names are not the answer's). */
export function chosenNames(fileNames: Record<string, string> | null | undefined, stored: readonly string[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const name of stored) if (fileNames?.[name]) names[name] = fileNames[name];
  return names;
}

export const liveProvider = isNull(serviceProviders.deleted_at);
export const lowerUsername = sql`lower(${users.username})`;
