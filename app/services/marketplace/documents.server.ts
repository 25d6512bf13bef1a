import { z } from "zod";
import { DocumentReviewRow, type ProviderDocumentsQuery } from "~contract/service-providers";
import { DocumentReview, type DocumentReviewBody } from "~contract/documents";
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

/** POST /provider-documents/{id}/review: Approved, or Rejected with the reason (id: the service provider's). */
export async function reviewProviderDocuments(caller: Caller, serviceProviderId: number, body: DocumentReviewBody) {
  const answer = await apiRequest(`/provider-documents/${serviceProviderId}/review`, {
    method: "POST",
    body,
    caller,
    answer: z.object({ message: z.string(), data: DocumentReview }),
  });
  return answer;
}
