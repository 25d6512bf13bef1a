import { toJsonText } from "~/models/json-text";
import { data } from "@remix-run/node";
import {
  ADMIN_RATING_MAX,
  ADMIN_RATING_MESSAGE,
  ADMIN_RATING_MIN,
  PLAN_NAMES,
  PROVIDER_STAGES,
  USER_STATUSES,
  VERIFICATIONS,
} from "~contract/service-providers";
import { PROVIDER_PAGE_SIZES } from "~/models/service-providers";
import { nullOnApiFailure, redirectPastLastPage } from "~/services/errors.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { readBoosterHistory } from "~/services/service-providers/booster-history.server";
import type { BoostDialogData } from "~/models/booster-points";
import {
  listUrlOf,
  readListDialog,
  readProviderListQuery,
  readRecipients,
  toProviderRow,
} from "~/services/service-providers/list-query.server";

/**
 * The list route's loader (kept out of the route module so no model or date library is bundled
 * for the browser): one page from the API, the filter's category options, the dialog the URL asks for.
 */
export async function providerListLoader(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const { query, raw, errors, filtered } = readProviderListQuery(url.searchParams);

  const [list, parents] = await Promise.all([
    api.listProviders(query),
    // the filter's options failing must not take the list down with it
    api.raw.listParentCategories().catch(nullOnApiFailure),
  ]);

  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total, list.totalKind);

  const rows = list.rows.map(toProviderRow);
  const asked = readListDialog(url.searchParams);
  let deleteDialog: { id: number; username: string } | null = null;
  let boostDialog: BoostDialogData | null = null;
  if (asked) {
    const username =
      rows.find((r) => r.id === asked.id)?.username ?? (await api.raw.getProvider(asked.id).catch(() => null))?.userId.username;
    if (username && asked.kind === "delete") deleteDialog = { id: asked.id, username };
    if (username && asked.kind === "boost") {
      const history = await readBoosterHistory(asked.id, api);
      boostDialog = {
        id: asked.id,
        username,
        history: history.rows,
        total: history.total ?? rows.find((r) => r.id === asked.id)?.boosterPoints ?? 0,
        historyError: history.error,
      };
    }
  }

  // checked on render: every row (?select=all, the no-JS "Select all") or the dialog's recipients
  const selected = url.searchParams.get("select") === "all" ? rows.map((r) => r.userId) : readRecipients(url.searchParams);
  const listUrl = listUrlOf(url);

  return data(
    {
      // one JSON text (models/json-text.ts): 50 rows of 17 fields, ~0.8 KB gzip less than as turbo-stream values
      rows: toJsonText(rows),
      total: list.total,
      totalKind: list.totalKind,
      // a keyset page's number is the API's (the last page's, from the total)
      page: list.page,
      cursors: list.cursors,
      pageSize: query.page_size,
      sort: { field: query.sortField, order: query.sortOrder },
      filters: raw,
      choices: { plan: PLAN_NAMES, stage: PROVIDER_STAGES, status: USER_STATUSES, verification: VERIFICATIONS },
      ratingRule: { min: ADMIN_RATING_MIN, max: ADMIN_RATING_MAX, message: ADMIN_RATING_MESSAGE },
      pageSizes: PROVIDER_PAGE_SIZES,
      filterErrors: errors,
      filtered,
      categoryOptions: parents?.map((p) => ({ value: String(p.category_id), label: p.categoryName })) ?? null,
      listUrl,
      listParams: [...new URL(listUrl, url).searchParams],
      selected,
      deleteDialog,
      boostDialog,
    },
    { status: errors.length > 0 ? 400 : 200 },
  );
}
