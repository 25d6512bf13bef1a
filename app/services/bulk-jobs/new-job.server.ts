import { z } from "zod";
import {
  BULK_JOB_KIND_INFO,
  BULK_JOB_KINDS,
  BULK_JOB_MESSAGES,
  BULK_LIST_INFO,
  kindsOfList,
  type BulkJobList,
} from "~contract/bulk-job-labels";
import { CreateBulkJobBody } from "~contract/bulk-jobs";
import { filterWords, type NewJobData, type NewJobValues } from "~/models/bulk-jobs";
import { WHATSAPP_TEMPLATES } from "~/models/service-providers";
import { handleForm, intent, type IntentContext } from "~/services/form-action.server";
import { formFailure } from "~/services/form-result.server";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { sanitizeRichText } from "~shared/sanitize";
import { bulkListOf, readListFilter } from "./list-filter.server";

const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });

function listOf(request: Request): BulkJobList {
  const list = bulkListOf(new URL(request.url).searchParams);
  if (!list) throw notFound();
  return list;
}

/** How many rows the list's filter matches: the list's own total (one row asked for). */
async function listTotal(api: Marketplace, list: BulkJobList, query: ReturnType<typeof readListFilter>["query"]) {
  if (list === "service-provider") {
    const answer = await api.listProviders({
      ...(query as Parameters<Marketplace["listProviders"]>[0]),
      page: 1,
      page_size: 1,
      cursor: undefined,
    });
    return { total: answer.total, exact: answer.totalKind === "exact" };
  }
  if (list === "documents") {
    const answer = await api.listProviderDocuments({
      ...(query as Parameters<Marketplace["listProviderDocuments"]>[0]),
      page: 1,
      page_size: 1,
    });
    return { total: answer.total, exact: true };
  }
  if (list === "comments") {
    const answer = await api.listComments({ ...(query as Parameters<Marketplace["listComments"]>[0]), page: 1, page_size: 1 });
    return { total: answer.total, exact: true };
  }
  const answer = await api.listUsers({ ...(query as Parameters<Marketplace["listUsers"]>[0]), page: 1, page_size: 1, cursor: undefined });
  return { total: answer.total, exact: answer.totalKind === "exact" };
}

/** /admin/jobs/new?list=…&<the list's URL>: the rows the filter matches, and the actions offered on them. */
export async function newJobLoader(request: Request, api: Marketplace): Promise<NewJobData> {
  const list = listOf(request);
  const { query, filter, errors, listUrl } = readListFilter(list, new URL(request.url));
  const { total, exact } = errors.length ? { total: 0, exact: true } : await listTotal(api, list, query);
  return {
    list,
    listTitle: BULK_LIST_INFO[list].title,
    listUrl,
    total,
    totalExact: exact,
    filterWords: filterWords(filter),
    filterErrors: errors,
    kinds: kindsOfList(list).map((value) => ({ value, label: BULK_JOB_KIND_INFO[value].label })),
    templates: WHATSAPP_TEMPLATES.filter((t) => t.value !== "").map((t) => ({ value: t.value, label: t.label })),
  };
}

const values = (posted: Record<string, string>): NewJobValues => ({
  kind: posted.kind ?? "",
  subject: posted.subject ?? "",
  body: posted.body ?? "",
  whatsappTemplate: posted.whatsappTemplate ?? "",
  reason: posted.reason ?? "",
});

/** The form: an action of the list (the kind), and what it needs (CreateBulkJobBody's rules, without the filter). */
const StartForm = z
  .object({
    kind: z.enum(BULK_JOB_KINDS, { errorMap: () => ({ message: "Choose an action" }) }),
    subject: z.string().default(""),
    body: z.string().default(""),
    whatsappTemplate: z.string().default(""),
    reason: z.string().default(""),
  })
  .pipe(CreateBulkJobBody);

/** Starts the job over the URL's filter, then its progress page; a refusal stays on the form with what was typed. */
export function newJobAction(request: Request, api: Marketplace) {
  const list = listOf(request);
  const { filter, errors } = readListFilter(list, new URL(request.url));
  return handleForm(request, api, {
    start: intent(
      StartForm,
      async (form: z.output<typeof StartForm>, { values: posted }) => {
        if (errors.length) return formFailure(values(posted), { formError: errors.join(" ") }, 400);
        if (BULK_JOB_KIND_INFO[form.kind].list !== list) {
          return formFailure(values(posted), { fieldErrors: { kind: "Choose an action" } }, 400);
        }
        const job = await api.createBulkJob({ ...form, filter, body: sanitizeRichText(form.body) });
        return redirectWithToast(request, `/admin/jobs/${job.id}`, { type: "success", message: BULK_JOB_MESSAGES.created });
      },
      {
        invalid: (fieldErrors, { values: posted }: IntentContext) => formFailure(values(posted), { fieldErrors }, 400),
        refused: (error: MarketplaceError, { values: posted }: IntentContext) =>
          formFailure(
            values(posted),
            {
              fieldErrors: Object.fromEntries(
                Object.entries(error.fieldErrors).filter(([k]) => ["kind", "subject", "body", "whatsappTemplate", "reason"].includes(k)),
              ),
              formError: error.kind === "unavailable" ? `${API_UNAVAILABLE_MESSAGE} No job was started.` : error.message,
            },
            error.kind === "unavailable" ? 503 : error.status >= 400 && error.status < 500 ? error.status : 400,
          ),
      },
    ),
  });
}
