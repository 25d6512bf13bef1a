import { DOCUMENT_FILE_FIELDS, REQUIRED_DOCUMENT_FILES, type DocumentFileField, type ProviderDocumentRecord } from "~/models/provider-documents";
import { splitFileNames } from "~/models/file-types";
import { DocumentsSection, WIZARD_MESSAGES as M } from "~/models/provider-wizard";
import { DOCUMENTS_STEP_TEXT_FIELDS, type DocumentsDraft, type DocumentsView } from "~/models/provider-wizard-documents-view";
import { MarketplaceError } from "~/services/marketplace/client.server";
import { getProviderDocuments, sendProviderDocumentsStream } from "~/services/marketplace/provider-documents.server";
import { saveWizardSection } from "~/services/marketplace/provider-wizard.server";
import { fieldErrorsOf } from "~/models/form-result";
import { passOnMultipart } from "./documents-upload.server";
import { refused } from "./step-failure.server";
import type { StepModule, StepOutcome, WizardContext } from "./wizard.server";

/**
 * The Documents & Terms step (spec 3 §2.1, §3, §5): the files go to POST /create-document (no
 * documents row yet) or PUT /update-document, the browser's multipart body streamed through
 * unread; then the section (the row's id and its text fields, from the API's answer) is saved.
 * A refused form (400) shows "Validation Error" with each field's message and stores nothing.
 */

/** Where a stored file opens: the admin's provider files, or (at the merge) the provider's own. */
const fileBaseOf = (ctx: WizardContext) =>
  ctx.actor.kind === "admin" ? `/admin/provider-details/${ctx.serviceProviderId}/files` : "/provider/files";

const asText = (value: unknown) => (typeof value === "string" ? value : "");

function draftOf(section: Record<string, unknown> | null, record: ProviderDocumentRecord | null): DocumentsDraft {
  const draft = {} as DocumentsDraft;
  for (const field of DOCUMENTS_STEP_TEXT_FIELDS) draft[field] = section && field in section ? asText(section[field]) : (record?.[field] ?? "");
  return draft;
}

/** The API's 400: messages beside the fields the form has; any other named in the form's message. */
function validationFailure(errors: Record<string, string>, values: Record<string, string>): StepOutcome {
  const known = new Set<string>([...DOCUMENT_FILE_FIELDS, ...DOCUMENTS_STEP_TEXT_FIELDS]);
  const fieldErrors: Record<string, string> = {};
  const others: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const field = key.replace(/^data\./, "");
    if (known.has(field)) fieldErrors[field] = message;
    else others.push(message);
  }
  return refused(values, fieldErrors, 400, [M.validationError, ...others].join(": "));
}

function apiFailure(error: unknown, values: Record<string, string>): StepOutcome {
  if (!(error instanceof MarketplaceError)) throw error;
  if (error.kind === "invalid") return validationFailure(error.fieldErrors, values);
  return refused(values, {}, error.status || 503, error.message || M.documentFailed);
}

export const documentsStep: StepModule<DocumentsView> = {
  load: async (ctx) => {
    const record = await getProviderDocuments(ctx.serviceProviderId, ctx.caller);
    const stored = Object.fromEntries(DOCUMENT_FILE_FIELDS.map((field) => [field, splitFileNames(record?.[field])])) as Record<DocumentFileField, string[]>;
    return {
      values: draftOf(ctx.saved.documents, record),
      stored,
      fileBase: fileBaseOf(ctx),
      required: REQUIRED_DOCUMENT_FILES.filter((field) => stored[field].length === 0),
    };
  },

  save: async (ctx) => {
    const form = passOnMultipart(ctx.request, DOCUMENTS_STEP_TEXT_FIELDS);
    if (!form) return refused({}, {}, 415, M.documentFailed);
    let record: ProviderDocumentRecord;
    try {
      const held = await getProviderDocuments(ctx.serviceProviderId, ctx.caller);
      record = (await sendProviderDocumentsStream(ctx.serviceProviderId, held?.ProfileDocument_id ?? null, form, ctx.caller)).data;
    } catch (error) {
      await form.body.cancel().catch(() => undefined);
      return apiFailure(error, form.texts());
    }
    const section = DocumentsSection.safeParse({ ProfileDocument_id: record.ProfileDocument_id, ...draftOf(null, record) });
    if (!section.success) return validationFailure(fieldErrorsOf(section.error.issues), form.texts());
    try {
      await saveWizardSection(ctx.serviceProviderId, { section: "documents", data: section.data }, ctx.caller);
    } catch (error) {
      return apiFailure(error, form.texts());
    }
    return { saved: true };
  },
};
