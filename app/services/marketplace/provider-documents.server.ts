import { ProviderDocumentAnswer, ProviderDocumentRow } from "~contract/provider-documents";
import { apiRequest, type Caller } from "./client.server";

/**
 * POST /create-document?serviceProviderId: a provider's documents (the wizard's Documents & Terms
 * step) as a multipart form. A 400 carries each field's message (errors) and the spec's
 * "field::message" pairs; the MarketplaceError keeps the field messages.
 */
export async function createProviderDocuments(caller: Caller, serviceProviderId: number, form: FormData) {
  return apiRequest("/create-document", {
    method: "POST",
    query: { serviceProviderId },
    body: form,
    caller,
    answer: ProviderDocumentAnswer,
  });
}

/** PUT /update-document?document_id&serviceProviderId: the fields sent replace theirs, the others are kept. */
export async function updateProviderDocuments(caller: Caller, documentId: number, serviceProviderId: number, form: FormData) {
  return apiRequest("/update-document", {
    method: "PUT",
    query: { document_id: documentId, serviceProviderId },
    body: form,
    caller,
    answer: ProviderDocumentAnswer,
  });
}

/** A browser's multipart body, passed on to the API as it arrives (never held whole: a portfolio is up to 100 MB). */
export type StreamedForm = { body: ReadableStream<Uint8Array>; contentType: string };

/** How long an upload may take at most (the browser's pace), instead of the API's usual timeout. */
const UPLOAD_TIMEOUT_MS = 15 * 60 * 1000;

/**
 * The documents form streamed on: POST /create-document when the provider has no documents row
 * yet (documentId null), else PUT /update-document. Same answers as the two calls above.
 */
export async function sendProviderDocumentsStream(
  caller: Caller,
  serviceProviderId: number,
  documentId: number | null,
  form: StreamedForm,
) {
  const common = { stream: form, caller, answer: ProviderDocumentAnswer, timeoutMs: UPLOAD_TIMEOUT_MS };
  return documentId === null
    ? apiRequest("/create-document", { method: "POST", query: { serviceProviderId }, ...common })
    : apiRequest("/update-document", { method: "PUT", query: { document_id: documentId, serviceProviderId }, ...common });
}

/** GET /get-document?serviceProviderId (ours): the provider's documents row (null before it exists) and the terms to accept. */
export async function getProviderDocuments(caller: Caller, serviceProviderId: number): Promise<ProviderDocumentRow> {
  return apiRequest("/get-document", { query: { serviceProviderId }, caller, answer: ProviderDocumentRow });
}
