import type { AdminUser } from "~contract/admin-users";
import { CLICKWRAP_MESSAGES } from "~contract/clickwrap";
import { clickwrapEditPath, CONFIRM_PUBLISH, type ClickwrapEditorData, type ClickwrapStatus } from "~/models/clickwrap-labels";
import { isRecordId } from "~contract/ids";
import type { Validator } from "remix-validated-form";
import { throwLoaderError } from "~/services/errors.server";
import { apiFailure, formFailure, submittedValues } from "~/services/form-result.server";
import { callerOf } from "~/services/marketplace/client.server";
import { createClickwrap, getClickwrap, listClickwraps, updateClickwrap } from "~/services/marketplace/clickwrap.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDateTime } from "~/utils/dates";
import { sanitizeRichText } from "~shared/sanitize";

const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });

/** ?terms_id= (edit) or ?from= (add, starting from that version's text): an id, or null when absent; anything else is a 404. */
function idFrom(params: URLSearchParams, key: string): number | null {
  const value = params.get(key);
  if (value === null) return null;
  if (!isRecordId(value)) throw notFound();
  return Number(value);
}

export async function clickwrapEditorLoader(request: Request, admin: AdminUser): Promise<ClickwrapEditorData> {
  const caller = callerOf(admin, request);
  const params = new URL(request.url).searchParams;
  const termsId = idFrom(params, "terms_id");
  if (termsId !== null) {
    const record = await getClickwrap(caller, termsId).catch(throwLoaderError);
    if (record.status === "published") {
      return {
        mode: "locked",
        id: record.id,
        version: record.version,
        published: formatDateTime(record.published_at),
        created: formatDateTime(record.created_at),
        html: sanitizeRichText(record.text),
      };
    }
    return {
      mode: "edit",
      id: record.id,
      basedOn: null,
      latest: null,
      defaults: { version: record.version, status: record.status, text: record.text, updated_at: record.updated_at },
      lastUpdated: `${formatDateTime(record.updated_at)}${record.updated_by ? ` by ${record.updated_by}` : ""}`,
    };
  }
  const fromId = idFrom(params, "from");
  const [from, latest] = await Promise.all([
    fromId === null ? null : getClickwrap(caller, fromId).catch(throwLoaderError),
    listClickwraps(caller, { page: 1, page_size: 1 }).catch(throwLoaderError),
  ]);
  return {
    mode: "add",
    id: null,
    basedOn: from?.version ?? null,
    latest: latest.rows[0]?.version ?? null,
    defaults: { version: "", status: "draft", text: from ? sanitizeRichText(from.text) : "" },
    lastUpdated: null,
  };
}

type ClickwrapFormValues = { version: string; status: ClickwrapStatus; text: string; updated_at?: string };

/** Save (add, or change a draft); the API refuses a published version's change and a stale edit. `validator` is the page's form's. */
export async function clickwrapEditorAction(request: Request, admin: AdminUser, validator: Validator<ClickwrapFormValues>) {
  const caller = callerOf(admin, request);
  const termsId = idFrom(new URL(request.url).searchParams, "terms_id");
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== "save") throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  const values = submittedValues(formData);
  const result = await validator.validate(formData);
  if (result.error) return formFailure(values, { fieldErrors: result.error.fieldErrors }, 422);
  const { version, status, text, updated_at } = result.data;
  const published = (s: ClickwrapStatus) => s === "published";
  // publishing cannot be undone: the form comes back as typed with a question until it is confirmed
  if (published(status) && formData.get("confirm") !== "publish") return formFailure(values, { intent: CONFIRM_PUBLISH }, 200);

  if (termsId === null) {
    let created;
    try {
      created = await createClickwrap(callerOf(admin, request, formData), { version, status, text });
    } catch (error) {
      return apiFailure(error, values, "terms version");
    }
    return redirectWithToast(request, clickwrapEditPath(created.id), {
      type: "success",
      message: published(created.status) ? CLICKWRAP_MESSAGES.publishedToast : CLICKWRAP_MESSAGES.created,
    });
  }

  if (!updated_at) return formFailure(values, { formError: "Reload the page: the form is missing its version stamp." }, 400);
  let saved;
  try {
    saved = await updateClickwrap(caller, termsId, { version, status, text, updated_at });
  } catch (error) {
    return apiFailure(error, values, "terms version");
  }
  const here = clickwrapEditPath(termsId);
  // the API answers the record as it was when nothing changed
  if (saved.updated_at === updated_at) return redirectWithToast(request, here, { type: "info", message: CLICKWRAP_MESSAGES.noChange });
  return redirectWithToast(request, here, {
    type: "success",
    message: published(saved.status) ? CLICKWRAP_MESSAGES.publishedToast : CLICKWRAP_MESSAGES.updated,
  });
}
