import { DocumentReviewRow, ProviderDocumentsQuery } from "~contract/service-providers";
import { endOnOrAfterStart } from "~contract/list-query-schema";
import { common, createRoute, data, error, json, paged, z } from "../../lib/openapi";

/** GET /get-all-serviceprovider-documents: live providers with their documents, PAN/face checks and agreements. */
export const documentsRoute = createRoute({
  method: "get",
  path: "/get-all-serviceprovider-documents",
  summary: "One page of live providers' documents for review",
  description: "Default order: updated_at desc. Dates filter updated_at. search matches username, phone and category name.",
  request: { query: ProviderDocumentsQuery.superRefine(endOnOrAfterStart) },
  responses: {
    200: json(paged(data(z.array(DocumentReviewRow.openapi("DocumentReviewRow")))), "The page"),
    400: error("Bad query"),
    ...common,
  },
});
