/** documents: the handlers of the calls documents.routes.ts defines. */
import { and, asc, count, desc, eq, gte, inArray, lt, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { hasAccess } from "~contract/access";
import { DOCUMENT_REVIEW_MESSAGES as M, type DocumentReview, type DocumentReviewDecision } from "~contract/documents";
import { DocumentReviewRow, type ProviderDocumentsQuery } from "~contract/service-providers";
import type { Database } from "../../db/client";
import { adminUsers, categories, panVerifications, profileDocuments, providerAgreements, serviceProviders, users } from "../../db/schema";
import { actingAccess } from "../../lib/admin-access";
import { recordAudit, recordAuditBatch, requireActor, type Actor, type Tx } from "../../lib/audit";
import { HttpError, notFound } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { chosenNames, containsPattern, documentFiles, istDayEnd, istMidnight, liveProvider } from "../../lib/providers";
import { documentsRoute, reviewDocumentsRoute } from "./documents.routes";

/** The listed files and the names they were chosen under. */
function filesOf(docs: (NonNullable<Parameters<typeof documentFiles>[0]> & { file_names: Record<string, string> | null }) | null) {
  const documents = documentFiles(docs);
  return { documents, file_names: chosenNames(docs?.file_names, documents) };
}

/**
 * The documents list's WHERE over service_providers (users and categories reached by subqueries, the
 * review by profile_documents' own): the list and its bulk jobs (api/src/bulk-jobs/kinds.ts) take the same rows.
 */
export function documentsWhere(query: Pick<ProviderDocumentsQuery, "search" | "start_date" | "end_date" | "review_status">): SQL {
  const conditions: SQL[] = [liveProvider];
  if (query.search) {
    // username or phone (users narrowed by the trigram index on search_text), or the category's name:
    // two id sets the providers are checked against, instead of three ILIKEs on every provider
    const p = containsPattern(query.search);
    conditions.push(
      or(
        inArray(
          serviceProviders.user_id,
          sql`(SELECT ${users.id} FROM ${users} WHERE ${users.search_text} LIKE ${p.toLowerCase()} AND (${users.username} ILIKE ${p} OR ${users.phone} ILIKE ${p}))`,
        ),
        inArray(
          serviceProviders.category_id,
          sql`(SELECT ${categories.category_id} FROM ${categories} WHERE ${categories.categoryName} ILIKE ${p})`,
        ),
      )!,
    );
  }
  if (query.start_date) conditions.push(gte(serviceProviders.updated_at, istMidnight(query.start_date)));
  if (query.end_date) conditions.push(lt(serviceProviders.updated_at, istDayEnd(query.end_date)));
  if (query.review_status) {
    const reviewed = (status: SQL) => sql`(SELECT ${profileDocuments.service_provider_id} FROM ${profileDocuments} WHERE ${status})`;
    // a provider without documents is Pending
    conditions.push(
      query.review_status === "Pending"
        ? notInArray(serviceProviders.serviceProvider_id, reviewed(ne(profileDocuments.review_status, "Pending")!))
        : inArray(serviceProviders.serviceProvider_id, reviewed(eq(profileDocuments.review_status, query.review_status)!)),
    );
  }
  return and(...conditions)!;
}

type ReviewedRow = { ProfileDocument_id: number; service_provider_id: number; review_status: string; review_reason: string | null };

/**
 * Sets the review of these documents rows and audits each (entity provider_document): one call's
 * row, or a bulk job's batch (`jobId`: the entries name the job). Rows already so are left as they are.
 */
export async function reviewDocuments(
  tx: Tx,
  actor: Actor,
  rows: ReviewedRow[],
  decision: DocumentReviewDecision,
  reason: string,
  jobId?: number,
) {
  const review_reason = decision === "Rejected" ? reason : null;
  const changing = jobId === undefined ? rows : rows.filter((r) => r.review_status !== decision || r.review_reason !== review_reason);
  if (changing.length === 0) return [];
  const updated = await tx
    .update(profileDocuments)
    .set({ review_status: decision, review_reason, reviewed_by: actor.adminUserId, reviewed_at: new Date() })
    .where(
      inArray(
        profileDocuments.ProfileDocument_id,
        changing.map((r) => r.ProfileDocument_id),
      ),
    )
    .returning();
  const entries = changing.map((r) => ({
    action: "update" as const,
    entity: "provider_document",
    entityId: r.ProfileDocument_id,
    before: { review_status: r.review_status, review_reason: r.review_reason },
    after: { serviceProvider_id: r.service_provider_id, review_status: decision, review_reason },
  }));
  if (jobId === undefined) for (const entry of entries) await recordAudit(tx, actor, entry);
  else await recordAuditBatch(tx, actor, jobId, entries);
  return updated;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function reviewOf(
  docs: { review_status: string; review_reason: string | null; reviewed_by: number | null; reviewed_at: Date | null } | null,
  reviewer: string | null,
): Omit<DocumentReview, "serviceProvider_id"> {
  return {
    review_status: (docs?.review_status ?? "Pending") as DocumentReview["review_status"],
    review_reason: docs?.review_reason ?? null,
    reviewed_by: docs?.reviewed_by ?? null,
    // an admin since deleted: their id stays, their name is gone
    reviewed_by_username: docs?.reviewed_by != null ? (reviewer ?? null) : null,
    reviewed_at: iso(docs?.reviewed_at ?? null),
  };
}

export function documentsRouter(db: Database) {
  const router = apiRouter();

  router.openapi(documentsRoute, async (c) => {
    const query = c.req.valid("query");
    const where = documentsWhere(query);
    const dir = query.sortOrder === "asc" ? asc : desc;
    const order =
      query.sortField && query.sortOrder
        ? [
            dir(
              {
                username: users.username,
                updated_at: serviceProviders.updated_at,
                created_at: serviceProviders.created_at,
                category: categories.categoryName,
              }[query.sortField],
            ),
            dir(serviceProviders.serviceProvider_id),
          ]
        : [desc(serviceProviders.updated_at), desc(serviceProviders.serviceProvider_id)];

    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          sp: { id: serviceProviders.serviceProvider_id, created_at: serviceProviders.created_at, updated_at: serviceProviders.updated_at },
          user: { id: users.id, username: users.username, phone: users.phone },
          category: { category_id: categories.category_id, categoryName: categories.categoryName },
          docs: {
            profilePhoto: profileDocuments.profilePhoto,
            portfolio: profileDocuments.portfolio,
            companyProfile: profileDocuments.companyProfile,
            file_names: profileDocuments.file_names,
          },
          // plain columns (no row: Pending), not a joined object drizzle may read as absent
          review: {
            review_status: sql<string>`coalesce(${profileDocuments.review_status}, 'Pending')`,
            review_reason: sql<string | null>`${profileDocuments.review_reason}`,
            reviewed_by: sql<number | null>`${profileDocuments.reviewed_by}`,
            reviewed_at: sql<Date | null>`${profileDocuments.reviewed_at}`.mapWith(profileDocuments.reviewed_at),
          },
          reviewer: sql<string | null>`${adminUsers.adminUsername}`,
          pan: panVerifications,
        })
        .from(serviceProviders)
        .innerJoin(users, eq(users.id, serviceProviders.user_id))
        .leftJoin(categories, eq(categories.category_id, serviceProviders.category_id))
        .leftJoin(profileDocuments, eq(profileDocuments.service_provider_id, serviceProviders.serviceProvider_id))
        .leftJoin(panVerifications, eq(panVerifications.service_provider_id, serviceProviders.serviceProvider_id))
        .leftJoin(adminUsers, eq(adminUsers.adminUserId, profileDocuments.reviewed_by))
        .where(where)
        .orderBy(...order)
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      db
        .select({ total: count() })
        .from(serviceProviders)
        .innerJoin(users, eq(users.id, serviceProviders.user_id))
        .leftJoin(categories, eq(categories.category_id, serviceProviders.category_id))
        .where(where),
    ]);
    const ids = rows.map((r) => r.sp.id);
    const agreements = ids.length
      ? await db
          .select()
          .from(providerAgreements)
          .where(inArray(providerAgreements.service_provider_id, ids))
          .orderBy(asc(providerAgreements.accepted_at), asc(providerAgreements.id))
      : [];
    const data: DocumentReviewRow[] = rows.map((r) => ({
      serviceProvider_id: r.sp.id,
      userId: {
        ...r.user,
        agreements: agreements
          .filter((a) => a.service_provider_id === r.sp.id)
          .map((a) => ({ version: a.version, accepted_at: a.accepted_at.toISOString(), accepted_ip: a.accepted_ip })),
      },
      category: r.category && r.category.category_id !== null ? r.category : null,
      created_at: r.sp.created_at.toISOString(),
      updated_at: r.sp.updated_at.toISOString(),
      pan_verification_details: r.pan
        ? {
            verified_pan:
              r.pan.pan_verified && r.pan.pan_number
                ? { pan_number: r.pan.pan_number, name_on_pan: r.pan.name_on_pan ?? "", verified_at: iso(r.pan.pan_verified_at) }
                : null,
            face_match_verified: r.pan.face_match_verified,
            face_match_score: r.pan.face_match_score === null ? null : Number(r.pan.face_match_score),
            face_match_verified_at: iso(r.pan.face_match_verified_at),
          }
        : null,
      ...filesOf(r.docs && r.docs.profilePhoto !== undefined ? r.docs : null),
      ...reviewOf(r.review, r.reviewer),
    }));
    return c.json({ data, total_results: Number(total), current_page: query.page, page_size: query.page_size }, 200);
  });

  router.openapi(reviewDocumentsRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const { decision, reason } = c.req.valid("json");
    const row = await db.transaction(async (tx) => {
      // the access as the database has it now (the admin checks it too)
      const { adminAccessRoleSettings } = await actingAccess(tx, actor);
      if (!hasAccess(adminAccessRoleSettings, "Documents")) throw new HttpError(403, { message: M.noAccess });
      const [provider] = await tx
        .select({ id: serviceProviders.serviceProvider_id })
        .from(serviceProviders)
        .where(and(eq(serviceProviders.serviceProvider_id, id), liveProvider));
      if (!provider) throw notFound(M.providerNotFound);
      const [before] = await tx.select().from(profileDocuments).where(eq(profileDocuments.service_provider_id, id)).for("update");
      if (!before) throw notFound(M.noDocuments);
      const [after] = await reviewDocuments(tx, actor, [before], decision, reason);
      return after;
    });
    return c.json(
      {
        message: decision === "Approved" ? M.approved : M.rejected,
        data: { serviceProvider_id: id, ...reviewOf(row, actor.adminUsername) },
      },
      200,
    );
  });

  return router;
}
