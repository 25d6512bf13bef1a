import { z } from "zod";
import { DocumentReviewRow, type ProviderDocumentsQuery } from "~contract/service-providers";
import { apiRequest, type Caller } from "./client.server";

/** One page of the provider documents review (spec 3 §2.2). */
export async function listProviderDocuments(caller: Caller, query: Partial<ProviderDocumentsQuery>) {
  const answer = await apiRequest("/get-all-serviceprovider-documents", {
    query,
    caller,
    answer: z.object({
      data: z.array(DocumentReviewRow),
      total_results: z.number().int(),
      current_page: z.number().int(),
      page_size: z.number().int(),
    }),
  });
  return { rows: answer.data, total: answer.total_results, page: answer.current_page, pageSize: answer.page_size };
}
