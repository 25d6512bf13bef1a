import { GlobalSearchAnswer, type SearchArea, type SearchGroup } from "~contract/global-search";
import { apiRequest, type Caller } from "./client.server";

/** Records of the given areas matching `q`, grouped in the order asked (GET /admin-search). */
export async function globalSearch(
  caller: Caller,
  query: { q: string; areas: readonly SearchArea[]; limit: number },
): Promise<SearchGroup[]> {
  const answer = await apiRequest("/admin-search", {
    query: { q: query.q, areas: query.areas.join(","), limit: query.limit },
    caller,
    answer: GlobalSearchAnswer,
  });
  return answer.data;
}
