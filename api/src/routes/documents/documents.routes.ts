import { DocumentReviewRow, ProviderDocumentsQuery } from "~contract/service-providers";
import { DocumentReview, DocumentReviewBody } from "~contract/documents";
import { endOnOrAfterStart } from "~contract/list-query-schema";
import { ActingAdmin, body, chosenByUs, common, createRoute, data, error, idParam, json, mutating, paged, z } from "../../lib/openapi";

/** GET /get-all-serviceprovider-documents: live providers with their documents, PAN/face checks and agreements. */
export const documentsRoute = createRoute({
  method: "get",
  path: "/get-all-serviceprovider-documents",
  summary: "One page of live providers' documents for review",
  description:
    "Default order: updated_at desc. Dates filter updated_at. search matches username, phone and category name. review_status filters the review (a provider without documents is Pending).",
  request: { query: ProviderDocumentsQuery.superRefine(endOnOrAfterStart) },
  responses: {
    200: json(paged(data(z.array(DocumentReviewRow.openapi("DocumentReviewRow")))), "The page"),
    400: error("Bad query"),
    ...common,
  },
});

/** POST /provider-documents/{id}/review: an admin approves or rejects a provider's documents. */
export const reviewDocumentsRoute = createRoute({
  method: "post",
  path: "/provider-documents/{id}/review",
  summary: "Approve or reject a provider's documents",
  ...chosenByUs(
    "id: the service provider's id (the documents list's serviceProvider_id). decision Approved, or Rejected with a reason (required, at most 500 characters). Needs Documents access (403). 404 when the provider has no documents yet. Audited as entity provider_document.",
  ),
  request: {
    headers: ActingAdmin,
    params: z.object({ id: idParam("id", "the service provider's id") }),
    body: body(DocumentReviewBody.openapi("DocumentReviewBody")),
  },
  responses: {
    200: json(z.object({ message: z.string(), data: DocumentReview.openapi("DocumentReview") }), "The documents' review"),
    ...mutating,
    404: error("No such provider, or no documents yet"),
    ...common,
  },
});
