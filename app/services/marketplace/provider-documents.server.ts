import { ProviderDocumentAnswer } from "~/models/provider-documents";
import { apiRequest, type Caller } from "./client.server";

/**
 * POST /create-document?serviceProviderId: a provider's documents (the wizard's Documents & Terms
 * step) as a multipart form. A 400 carries each field's message (errors) and the spec's
 * "field::message" pairs; the MarketplaceError keeps the field messages.
 */
export async function createProviderDocuments(serviceProviderId: number, form: FormData, caller: Caller) {
  return apiRequest("/create-document", { method: "POST", query: { serviceProviderId }, body: form, caller, answer: ProviderDocumentAnswer });
}

/** PUT /update-document?document_id&serviceProviderId: the fields sent replace theirs, the others are kept. */
export async function updateProviderDocuments(documentId: number, serviceProviderId: number, form: FormData, caller: Caller) {
  return apiRequest("/update-document", { method: "PUT", query: { document_id: documentId, serviceProviderId }, body: form, caller, answer: ProviderDocumentAnswer });
}
