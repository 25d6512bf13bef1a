import { z } from "zod";
import { RatingRecord, type RatingListQuery } from "~contract/ratings";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import { API_UNAVAILABLE_MESSAGE, apiRequestWithHeaders, MarketplaceError, type Caller } from "./client.server";

const RatingList = z.object({ data: z.array(RatingRecord) });

/** One page of ratings with their orders, newest first (GET /get-all-ratings; the total comes in x-total-count). */
export async function listRatings(caller: Caller, query: Partial<RatingListQuery> & { page: number; page_size: number }) {
  const { data, headers } = await apiRequestWithHeaders("/get-all-ratings", { query, caller, answer: RatingList });
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  if (!Number.isInteger(total) || total < 0) throw new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, 502);
  return { rows: data.data, total };
}
