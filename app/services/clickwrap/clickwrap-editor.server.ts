import { CLICKWRAP_MESSAGES } from "~contract/clickwrap";
import { clickwrapEditPath, CONFIRM_PUBLISH, type ClickwrapEditorData, type ClickwrapStatus } from "~/models/clickwrap-labels";
import { isRecordId } from "~contract/ids";
import { clickwrapValidator } from "~/models/clickwrap-form";
import { handleForm, intent } from "~/services/form-action.server";
import { formFailure } from "~/services/form-result.server";
import type { Marketplace } from "~/services/marketplace/index.server";
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

export async function clickwrapEditorLoader(request: Request, api: Marketplace): Promise<ClickwrapEditorData> {
  const params = new URL(request.url).searchParams;
  const termsId = idFrom(params, "terms_id");
  if (termsId !== null) {
    const record = await api.getClickwrap(termsId);
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
    fromId === null ? null : api.getClickwrap(fromId),
    api.listClickwraps({ page: 1, page_size: 1 }),
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

/** Save (add, or change a draft); the API refuses a published version's change and a stale edit. */
export function clickwrapEditorAction(request: Request, api: Marketplace) {
  const termsId = idFrom(new URL(request.url).searchParams, "terms_id");
  const published = (s: ClickwrapStatus) => s === "published";
  return handleForm(request, api, {
    save: intent(
      clickwrapValidator,
      async ({ version, status, text, updated_at }, { form, values }) => {
        // publishing cannot be undone: the form comes back as typed with a question until it is confirmed
        if (published(status) && form.get("confirm") !== "publish") return formFailure(values, { intent: CONFIRM_PUBLISH }, 200);

        if (termsId === null) {
          const created = await api.createClickwrap({ version, status, text });
          return redirectWithToast(request, clickwrapEditPath(created.id), {
            type: "success",
            message: published(created.status) ? CLICKWRAP_MESSAGES.publishedToast : CLICKWRAP_MESSAGES.created,
          });
        }

        if (!updated_at) return formFailure(values, { formError: "Reload the page: the form is missing its version stamp." }, 400);
        const saved = await api.updateClickwrap(termsId, { version, status, text, updated_at });
        const here = clickwrapEditPath(termsId);
        // the API answers the record as it was when nothing changed
        if (saved.updated_at === updated_at)
          return redirectWithToast(request, here, { type: "info", message: CLICKWRAP_MESSAGES.noChange });
        return redirectWithToast(request, here, {
          type: "success",
          message: published(saved.status) ? CLICKWRAP_MESSAGES.publishedToast : CLICKWRAP_MESSAGES.updated,
        });
      },
      { what: "terms version" },
    ),
  });
}
