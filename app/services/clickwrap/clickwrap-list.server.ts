import { readPaging, readSort, readSearch } from "~/services/list-query.server";
import { z } from "zod";
import { redirectPastLastPage } from "~/services/errors.server";
import { handleForm, intent } from "~/services/form-action.server";
import type { ClickwrapQuery } from "~/services/marketplace/clickwrap.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { postedRecordId } from "~/models/form-fields";
import { CLICKWRAP_MESSAGES, CLICKWRAP_SORT_FIELDS, CLICKWRAP_STATUSES } from "~contract/clickwrap-labels";
import { type ClickwrapListData, type ClickwrapRow } from "~/models/clickwrap-labels";
import { type ClickwrapRecord } from "~contract/clickwrap";
import { isRecordId } from "~contract/ids";
import { formatDateTime } from "~/utils/dates";
import { isOneOf } from "~shared/one-of";

/**
 * The list's URL: paging as every list reads it, the version search, the status filter
 * (draft / published) and the sort. A wrong search or status is not applied and is told in words;
 * a wrong sort is dropped quietly (newest first), as every list does.
 */
export function readClickwrapQuery(params: URLSearchParams) {
  const status = (params.get("status") ?? "").trim();
  const query: ClickwrapQuery = { ...readPaging(params) };
  const errors: string[] = [];
  const search = readSearch(params, errors);
  if (search) query.search = search;
  if (status) {
    if (isOneOf(CLICKWRAP_STATUSES, status)) query.status = status;
    else errors.push("Status: choose Draft or Published.");
  }
  const sort = readSort(params, CLICKWRAP_SORT_FIELDS);
  if (sort) {
    query.sortField = sort.field;
    query.sortOrder = sort.order;
  }
  return { query, search, status, errors, sort };
}

export function clickwrapRow(record: ClickwrapRecord, previous?: ClickwrapRecord): ClickwrapRow {
  return {
    id: record.id,
    version: record.version,
    status: record.status,
    created: formatDateTime(record.created_at),
    updated: formatDateTime(record.updated_at),
    published: record.published_at ? formatDateTime(record.published_at) : null,
    previousId: previous?.id ?? null,
  };
}

export async function clickwrapListLoader(request: Request, api: Marketplace): Promise<ClickwrapListData> {
  const url = new URL(request.url);
  const { query, search, status, errors, sort } = readClickwrapQuery(url.searchParams);
  const list = await api.listClickwraps(query);
  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total);
  // the row below is the version made before only newest first; otherwise Compare finds that one itself
  const newestFirst = !sort || (sort.field === "created_at" && sort.order === "desc");
  return {
    rows: list.rows.map((record, i) => clickwrapRow(record, newestFirst ? list.rows[i + 1] : undefined)),
    total: list.total,
    page: query.page,
    pageSize: query.page_size,
    search,
    status,
    errors,
    sort,
    deleting: await draftToDelete(url, api),
  };
}

/** The list's URL without the dialog's keys (where Cancel and the delete go back to). */
export function listUrlWithoutDialog(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  params.delete("dialog");
  params.delete("terms_id");
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

/** ?dialog=delete&terms_id=…: the draft asked about (a published version, or one gone, opens no dialog). */
async function draftToDelete(url: URL, api: Marketplace): Promise<ClickwrapListData["deleting"]> {
  const id = url.searchParams.get("terms_id");
  if (url.searchParams.get("dialog") !== "delete" || !isRecordId(id)) return null;
  const record = await api.raw.getClickwrap(Number(id)).catch(() => null);
  return record && record.status === "draft" ? { id: record.id, version: record.version } : null;
}

const DeleteDraft = z.object({ terms_id: postedRecordId(CLICKWRAP_MESSAGES.notFound) });

/** The list's action: delete a draft (intent delete, terms_id), back to the list with a toast (refusals too). */
export function clickwrapListAction(request: Request, api: Marketplace) {
  const back = listUrlWithoutDialog(new URL(request.url));
  const toast = (type: "success" | "error", message: string) => redirectWithToast(request, back, { type, message });
  return handleForm(request, api, {
    delete: intent(
      DeleteDraft,
      async ({ terms_id }) => {
        const answer = await api.deleteClickwrap(terms_id);
        return toast("success", answer.message);
      },
      {
        invalid: () => toast("error", CLICKWRAP_MESSAGES.notFound),
        refused: (error) => {
          return toast("error", error.message);
        },
      },
    ),
  });
}
