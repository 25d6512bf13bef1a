/** documents: the handlers of the calls documents.routes.ts defines. */
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { DocumentReviewRow } from "~contract/service-providers";
import type { Database } from "../../db/client";
import { categories, panVerifications, profileDocuments, providerAgreements, serviceProviders, users } from "../../db/schema";
import { apiRouter } from "../../lib/openapi";
import { chosenNames, containsPattern, documentFiles, istDayEnd, istMidnight, liveProvider } from "../../lib/providers";
import { documentsRoute } from "./documents.routes";

/** The listed files and the names they were chosen under. */
function filesOf(docs: (NonNullable<Parameters<typeof documentFiles>[0]> & { file_names: Record<string, string> | null }) | null) {
  const documents = documentFiles(docs);
  return { documents, file_names: chosenNames(docs?.file_names, documents) };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function documentsRouter(db: Database) {
  const router = apiRouter();

  router.openapi(documentsRoute, async (c) => {
    const query = c.req.valid("query");
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
    const where = and(...conditions);
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
          pan: panVerifications,
        })
        .from(serviceProviders)
        .innerJoin(users, eq(users.id, serviceProviders.user_id))
        .leftJoin(categories, eq(categories.category_id, serviceProviders.category_id))
        .leftJoin(profileDocuments, eq(profileDocuments.service_provider_id, serviceProviders.serviceProvider_id))
        .leftJoin(panVerifications, eq(panVerifications.service_provider_id, serviceProviders.serviceProvider_id))
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
    }));
    return c.json({ data, total_results: Number(total), current_page: query.page, page_size: query.page_size }, 200);
  });

  return router;
}
