/**
 * The provider wizard's documents (spec 3 §2.1 Documents & Terms, §3 Documents, §5 upload rules,
 * §7 POST /create-document and PUT /update-document): multipart forms read part by part, each file
 * streamed to storage while its bytes are counted and its first and last bytes kept to tell its
 * type; a refused form stores nothing and changes nothing.
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): provider-documents.handlers.ts serves them.
 */
import type { MiddlewareHandler } from "hono";
import {
  DOCUMENT_AGREEMENT_FIELD,
  DOCUMENT_KEPT_FIELD,
  DOCUMENT_REMOVE_FIELD,
  DOCUMENT_MESSAGES as M,
  DocumentValidationError,
  ProviderDocumentAnswer,
  ProviderDocumentRow,
} from "~contract/provider-documents";
import { Acting } from "../../lib/provider-actor";
import { HttpError } from "../../lib/http";
import { multipartBoundary } from "../../lib/multipart-stream";
import { chosenByUs, common, createRoute, error, ErrorBody, idParam, json, z } from "../../lib/openapi";

export const CREATE_DOCUMENT_PATH = "/create-document";

export const UPDATE_DOCUMENT_PATH = "/update-document";

export const fileSchema = (description: string) => z.instanceof(File).optional().openapi({ type: "string", format: "binary", description });

export const filesSchema = (description: string) =>
  z
    .union([z.instanceof(File), z.array(z.instanceof(File))])
    .optional()
    .openapi({ type: "array", items: { type: "string", format: "binary" }, description });

export const text = (description: string) => z.string().optional().openapi({ description });

export const DocumentForm = z
  .object({
    serviceProviderId: text("POST only, when not in the query: the provider's id"),
    profilePhoto: fileSchema("required on create (2 MB)"),
    identityProof: fileSchema("required on create (2 MB)"),
    selfie: fileSchema("required on create (2 MB)"),
    certificate: filesSchema("the address proof: at most 2 files, 2 MB each"),
    portfolio: filesSchema("at least 3 files, 100 MB together"),
    companyProfile: fileSchema("2 MB"),
    companyResume: fileSchema("2 MB"),
    gstCertificate: fileSchema("2 MB"),
    panNumber: text("AAAAA9999A (upper-cased)"),
    gstNo: text("15 characters: 2 digits, the PAN, entity number, Z, check character (upper-cased)"),
    websiteLink: text("an http(s) URL"),
    documentComment: text("at most 1000 characters (as the saved documents section)"),
    certificationId: text("at most 100 characters"),
    yearOfPassing: text("4 digits"),
    [DOCUMENT_KEPT_FIELD]: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .openapi({
        type: "array",
        items: { type: "string" },
        description: 'A file held from a refused try, as "field:token" (the 400\'s kept): used for that field unless a file is sent for it',
      }),
    [DOCUMENT_REMOVE_FIELD]: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .openapi({
        type: "array",
        items: { type: "string" },
        description:
          "PUT only: an optional file field to empty (certificate, portfolio, companyProfile, companyResume, gstCertificate); a file sent for it wins",
      }),
    [DOCUMENT_AGREEMENT_FIELD]: text(
      "The id of the terms version the provider accepts (the latest published one). Required when the provider acts (x-acting-provider) and has not accepted the latest published version; recorded with the time and x-client-address. An admin's form never accepts for the provider.",
    ),
  })
  .openapi("ProviderDocumentForm");

export const RULES =
  "Multipart, read as it arrives: each file is streamed to storage (never held whole) under a unique name of its own, the columns keep the names (comma-separated for the address proof and the portfolio). Types JPEG, PNG, PDF, MP4, QuickTime, AVI, FLV, WMV, PPT, PPTX, DOC, DOCX told by the bytes (a right-looking name is not enough; the extension must agree); profile photo, identity proof and selfie required; certificate (address proof) at most 2 files; portfolio at least 3 files and 100 MB together; every other file at most 2 MB and one file; PAN AAAAA9999A, GST number 15 characters (22ABCDE1234F1Z5), year of passing 4 digits, website link http(s). " +
  'A refused form (400) answers { message: "Validation Error", errors: { field: message }, pairs: ["field::message"], kept } — the spec\'s field::message pairs — and changes no column: the files that passed their own checks are held a day for the next try (kept: field → [{ token, name }], sent back as kept = "field:token"), the others removed. The names the files were chosen under are kept (file_names). Audited as entity provider_document.';

export const errorForm = json(
  z.union([DocumentValidationError.openapi("DocumentValidationError"), ErrorBody]),
  "Refused: each field's message, also as field::message pairs; nothing stored (a query or header refused before the form is read: {message, errors})",
);

export const formBody = { required: true as const, content: { "multipart/form-data": { schema: DocumentForm } } };

/**
 * The validators must not read the body (it is streamed by the handler): they are handed an empty
 * form, and anything but multipart is refused here.
 */
export const streamedForm: MiddlewareHandler = async (c, next) => {
  if (!multipartBoundary(c.req.header("content-type"))) throw new HttpError(415, { message: M.notMultipart });
  c.req.bodyCache.formData = new FormData();
  await next();
};

export const createRouteDef = createRoute({
  method: "post",
  path: CREATE_DOCUMENT_PATH,
  summary: "Create a provider's documents (the wizard's Documents & Terms step)",
  description: `${RULES} The provider is named by serviceProviderId, in the query or as a form field (the spec does not show how: ours). A provider holds one documents row: a second create is refused (409) naming the document id. Answers 201 with the row.`,
  middleware: streamedForm,
  request: {
    headers: Acting,
    query: z.object({ serviceProviderId: idParam("serviceProviderId", "the provider (or send it as a form field)").optional() }),
    body: formBody,
  },
  responses: {
    201: json(ProviderDocumentAnswer.openapi("ProviderDocumentAnswer"), "Created"),
    400: errorForm,
    403: error(
      "x-acting-admin names an admin who is not Active, or x-acting-provider names another provider (a provider only reaches their own documents)",
    ),
    404: error("No such provider"),
    409: error("The provider already has documents: the message names the document id"),
    413: error("The request is larger than allowed"),
    415: error("Not multipart/form-data"),
    ...common,
  },
});

export const updateRouteDef = createRoute({
  method: "put",
  path: UPDATE_DOCUMENT_PATH,
  summary: "Change a provider's documents: the fields sent replace theirs, the others are kept",
  description: `${RULES} A file field sent replaces that field's files (the portfolio's three or more together); the fields not sent are kept. Required files are required only when the row holds none. A replaced file is removed from storage after the change commits, unless something else uses it. New or removed files put the admin's review back to Pending (POST /provider-documents/{id}/review). Answers 200 with the row (the spec does not show the answer: ours).`,
  middleware: streamedForm,
  request: {
    headers: Acting,
    query: z.object({
      document_id: idParam("document_id", "the documents row"),
      serviceProviderId: idParam("serviceProviderId", "the provider it belongs to"),
    }),
    body: formBody,
  },
  responses: {
    200: json(ProviderDocumentAnswer, "Changed"),
    400: errorForm,
    403: error(
      "x-acting-admin names an admin who is not Active, or x-acting-provider names another provider (a provider only reaches their own documents)",
    ),
    404: error("No such provider, or the document is not the provider's"),
    413: error("The request is larger than allowed"),
    415: error("Not multipart/form-data"),
    ...common,
  },
});

export const GET_DOCUMENT_PATH = "/get-document";

export const getRouteDef = createRoute({
  method: "get",
  path: GET_DOCUMENT_PATH,
  summary: "A provider's documents row (the wizard's Documents & Terms step shows the stored files)",
  ...chosenByUs(
    "Answers { data: the row } or { data: null } when the provider has none yet, and terms: the latest published terms version (latest, null when none is published) and the provider's last accepted one (accepted: version, accepted_at, accepted_ip). With x-acting-provider, only that provider's own.",
  ),
  request: { query: z.object({ serviceProviderId: idParam("serviceProviderId", "the provider") }) },
  responses: {
    200: json(
      ProviderDocumentRow.openapi("ProviderDocumentRow"),
      "The row (null before one exists) and the terms: the latest published version and the provider's last accepted one",
    ),
    403: error("x-acting-provider names another provider"),
    404: error("No such provider"),
    ...common,
  },
});
