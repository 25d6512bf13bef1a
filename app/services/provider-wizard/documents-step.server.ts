import { data } from "@remix-run/node";
import {
  DOCUMENT_AGREEMENT_FIELD,
  DOCUMENT_FILE_FIELDS,
  DocumentValidationError,
  REQUIRED_DOCUMENT_FILES,
  type DocumentFileField,
  type ProviderDocumentRecord,
} from "~contract/provider-documents";
import { splitFileNames } from "~/models/file-types";
import { DocumentsSection, WIZARD_MESSAGES as M } from "~contract/provider-wizard";
import {
  DOCUMENTS_STEP_TEXT_FIELDS,
  type DocumentsDraft,
  type DocumentsFailure,
  type DocumentsView,
} from "~/models/provider-wizard-documents-view";
import type { ActionAnswer } from "~/services/form-action.server";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "~/services/marketplace/client.server";
import { formatDateTime } from "~/utils/dates";
import { sanitizeRichText } from "~shared/sanitize";
import { fieldErrorsOf } from "~contract/form-result";
import { passOnMultipart } from "./documents-upload.server";
import { refused } from "./step-failure.server";
import type { SaveContext, StepModule, WizardContext } from "./wizard.server";
import { isOneOf } from "~shared/one-of";

/**
 * The Documents & Terms step (spec 3 §2.1, §3, §5): the files go to POST /create-document (no
 * documents row yet) or PUT /update-document, the browser's multipart body streamed through
 * unread; then the section (the row's id and its text fields, from the API's answer) is saved.
 * A refused form (400) shows "Validation Error" with each field's message and changes nothing;
 * the files that passed are held by the API and shown as kept (sent again as kept tokens). The
 * terms: the latest published version is shown, and a provider who has not accepted it ticks
 * the box (the API checks it and records version, time and address). One save per provider at a
 * time: a double submit waits for the first and then changes the row the first made.
 */

/** The documents save under way for each provider (this process). */
const saving = new Map<number, Promise<unknown>>();
async function oneAtATime<T>(providerId: number, run: () => Promise<T>): Promise<T> {
  const before = saving.get(providerId) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(run);
  saving.set(providerId, mine);
  try {
    return await mine;
  } finally {
    if (saving.get(providerId) === mine) saving.delete(providerId);
  }
}

/** Where a stored file opens: the admin's provider files, or (at the merge) the provider's own. */
const fileBaseOf = (ctx: WizardContext) =>
  ctx.actor.kind === "admin" ? `/admin/provider-details/${ctx.serviceProviderId}/files` : "/provider/files";

const asText = (value: unknown) => (typeof value === "string" ? value : "");

function draftOf(section: Record<string, unknown> | null, record: ProviderDocumentRecord | null): DocumentsDraft {
  const draft = {} as DocumentsDraft;
  for (const field of DOCUMENTS_STEP_TEXT_FIELDS)
    draft[field] = section && field in section ? asText(section[field]) : (record?.[field] ?? "");
  return draft;
}

/** The API's 400: messages beside the fields the form has; any other named in the form's message. */
function validationFailure(errors: Record<string, string>, values: Record<string, string>, body?: unknown) {
  const known = new Set<string>([...DOCUMENT_FILE_FIELDS, ...DOCUMENTS_STEP_TEXT_FIELDS, DOCUMENT_AGREEMENT_FIELD]);
  const fieldErrors: Record<string, string> = {};
  const others: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const field = key.replace(/^data\./, "");
    if (known.has(field)) fieldErrors[field] = message;
    else others.push(message);
  }
  const kept = DocumentValidationError.safeParse(body);
  const failure: DocumentsFailure = {
    fieldErrors,
    repopulateFields: values,
    formError: [M.validationError, ...others].join(": "),
    ...(kept.success && kept.data.kept ? { kept: kept.data.kept } : {}),
  };
  return data(failure, { status: 400 });
}

/** Anything else the API answered: the spec's "Error Creating Document" (never the API's own words), or that it is down. */
function apiFailure(error: unknown, values: Record<string, string>) {
  if (!(error instanceof MarketplaceError)) throw error;
  if (error.kind === "invalid") return validationFailure(error.fieldErrors, values, error.body);
  if (error.kind === "unavailable") return refused(values, {}, 503, API_UNAVAILABLE_MESSAGE);
  return refused(values, {}, error.status || 503, M.documentFailed);
}

export const documentsStep: StepModule<DocumentsView> = {
  load: async (ctx) => {
    const { data: record, terms } = await ctx.api.getProviderDocuments(ctx.serviceProviderId);
    const stored = Object.fromEntries(DOCUMENT_FILE_FIELDS.map((field) => [field, splitFileNames(record?.[field])])) as Record<
      DocumentFileField,
      string[]
    >;
    const byAdmin = ctx.actor.kind === "admin";
    return {
      values: draftOf(ctx.saved.documents, record),
      stored,
      fileNames: record?.file_names ?? {},
      fileBase: fileBaseOf(ctx),
      required: REQUIRED_DOCUMENT_FILES.filter((field) => stored[field].length === 0),
      removable: DOCUMENT_FILE_FIELDS.filter((field) => !isOneOf(REQUIRED_DOCUMENT_FILES, field)),
      terms: {
        latest: terms.latest
          ? {
              id: terms.latest.id,
              version: terms.latest.version,
              html: sanitizeRichText(terms.latest.text),
            }
          : null,
        accepted: terms.accepted
          ? {
              version: terms.accepted.version,
              acceptedAt: formatDateTime(terms.accepted.accepted_at),
              ip: terms.accepted.accepted_ip,
            }
          : null,
        ask: !byAdmin && terms.latest !== null && terms.accepted?.version !== terms.latest.version,
        byAdmin,
      },
    };
  },

  save: (ctx) => oneAtATime(ctx.serviceProviderId, () => saveDocuments(ctx)),
};

/**
 * The step's save. Not through handleForm: the body goes on to the API unread (the portfolio is
 * up to 100 MB, never held here), so there is no form to check before the API has it; the API
 * checks the fields and the files' bytes, and its refusal is answered here with what was typed.
 */
async function saveDocuments(ctx: SaveContext): Promise<ActionAnswer> {
  const form = passOnMultipart(ctx.request, [...DOCUMENTS_STEP_TEXT_FIELDS, DOCUMENT_AGREEMENT_FIELD]);
  if (!form) return refused({}, {}, 415, M.documentFailed);
  let record: ProviderDocumentRecord;
  try {
    // read after any save of this provider's before it: a second submit changes the row the first made
    const held = (await ctx.api.getProviderDocuments(ctx.serviceProviderId)).data;
    record = (await ctx.api.sendProviderDocumentsStream(ctx.serviceProviderId, held?.ProfileDocument_id ?? null, form)).data;
  } catch (error) {
    await form.body.cancel().catch(() => undefined);
    return apiFailure(error, form.texts());
  }
  const section = DocumentsSection.safeParse({
    ProfileDocument_id: record.ProfileDocument_id,
    ...draftOf(null, record),
  });
  if (!section.success) return validationFailure(fieldErrorsOf(section.error.issues), form.texts());
  try {
    await ctx.api.saveWizardSection(ctx.serviceProviderId, { section: "documents", data: section.data });
  } catch (error) {
    return apiFailure(error, form.texts());
  }
  return ctx.goOn();
}
