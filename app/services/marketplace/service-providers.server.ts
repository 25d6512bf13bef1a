import { z } from "zod";
import { PageCursors, TotalKind } from "~contract/list-total";
import { ProviderListRow, ProviderUser, type ProviderListQuery, ProviderDetail } from "~contract/service-providers";
import { apiRequest, type Caller } from "./client.server";

const ProviderListAnswer = z.object({
  data: z.object({ data: z.array(ProviderListRow) }),
  total_results: z.number().int(),
  total_kind: TotalKind.optional(),
  current_page: z.number().int(),
  page_size: z.number().int(),
  cursors: PageCursors.optional(),
});

/** GET /get-all-serviceProvider: one page, filtered and sorted by the API (in SQL). */
/** The list's query as GET /get-all-serviceProvider takes it (a bulk job's filter is these, without paging and sort). */
export function providerListParams(query: ProviderListQuery) {
  return {
    page: query.page,
    page_size: query.page_size,
    cursor: query.cursor,
    total: query.total,
    sortField: query.sortField && query.sortOrder ? query.sortField : undefined,
    sortOrder: query.sortField && query.sortOrder ? query.sortOrder : undefined,
    search: query.search,
    start_date: query.start_date,
    end_date: query.end_date,
    plan: query.plan,
    stage: query.stage,
    status: query.status,
    verification: query.verification,
    parentCategory: query.parentCategory,
  };
}

export async function listProviders(caller: Caller, query: ProviderListQuery) {
  const answer = await apiRequest("/get-all-serviceProvider", {
    query: providerListParams(query),
    caller,
    answer: ProviderListAnswer,
  });
  return {
    rows: answer.data.data,
    total: answer.total_results,
    totalKind: answer.total_kind ?? "exact",
    page: answer.current_page,
    pageSize: answer.page_size,
    cursors: answer.cursors,
  };
}

export async function getProvider(caller: Caller, serviceProviderId: number) {
  const answer = await apiRequest("/get-serviceProvider-by-id", {
    query: { serviceProvider_id: serviceProviderId },
    caller,
    answer: z.object({ data: ProviderListRow.passthrough() }),
  });
  return answer.data;
}

/** PUT /update-serviceProvider with admin_rating or is_pro. */
export async function updateProvider(caller: Caller, serviceProviderId: number, body: { admin_rating?: number; is_pro?: boolean }) {
  await apiRequest("/update-serviceProvider", {
    method: "PUT",
    query: { serviceProvider_id: serviceProviderId },
    body,
    caller,
  });
}

export async function refreshProvider(caller: Caller, serviceProviderId: number) {
  const answer = await apiRequest("/update_service_provider_refresh_date", {
    method: "PUT",
    body: { serviceProvider_id: serviceProviderId },
    caller,
    answer: z.object({ data: z.object({ serviceProvider_id: z.number(), refresh_at: z.string() }) }),
  });
  return answer.data.refresh_at;
}

export async function deleteProvider(caller: Caller, serviceProviderId: number) {
  await apiRequest("/delete-serviceProvider", {
    method: "DELETE",
    query: { serviceProvider_id: serviceProviderId },
    caller,
  });
}

/** PUT /update-user with {verified} or {status}: the provider list's verify and status toggles. */
export async function updateUser(caller: Caller, userId: number, body: { verified?: boolean; status?: ProviderUser["status"] }) {
  const answer = await apiRequest("/update-user", {
    method: "PUT",
    query: { user_id: userId },
    body,
    caller,
    answer: z.object({ data: ProviderUser.passthrough() }),
  });
  return answer.data;
}

/** The details page's fetch (spec 1 §7: "reads data.data"). */
export async function getProviderDetail(caller: Caller, serviceProviderId: number) {
  const answer = await apiRequest("/get-serviceProvider-detail", {
    query: { serviceProvider_id: serviceProviderId },
    caller,
    answer: z.object({ data: z.object({ data: ProviderDetail }) }),
  });
  return answer.data.data;
}

/** Sets the provider's booster points, and why (the details page's "Update Points"; the API records the difference). */
export async function updateBoosterPoints(caller: Caller, serviceProviderId: number, body: { boosterPoints: number; reason: string }) {
  const answer = await apiRequest("/update-booster-points", {
    method: "PUT",
    query: { serviceProvider_id: serviceProviderId },
    body,
    caller,
    answer: z.object({ message: z.string(), data: ProviderDetail }),
  });
  return answer;
}
