import { data, redirect } from "@remix-run/node";
import { ProviderListQuery } from "~contract/service-providers";
import { MAX_SEARCH_LENGTH } from "~contract/list-query";
import { hasControlCharacters } from "~/models/input-rules";
import { LEDGER_PATH, LEDGER_TEXT, type LedgerChooseData, type LedgerPageData } from "~/models/payout-ledger";
import { loaderResponseOf, redirectPastLastPage } from "~/services/errors.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { readLedgerQuery } from "~/services/payout-ledger/ledger-query.server";
import { toLedgerRow, toLedgerTotals } from "~/services/payout-ledger/ledger-rows.server";
import { formatInr } from "~shared/money";

const CANDIDATES_SHOWN = 10;

const choose = (
  asked: string,
  message: string,
  tone: LedgerChooseData["tone"],
  status: number,
  candidates: LedgerChooseData["candidates"] = [],
) => data<LedgerPageData>({ kind: "choose", asked, message, tone, candidates }, { status });

/**
 * `?provider=<username>`: the provider with exactly that username (any case) is opened by its id
 * (a redirect keeping the rest of the URL); otherwise the form again, with the providers the text
 * finds to pick from.
 */
async function resolveUsername(url: URL, asked: string, api: Marketplace) {
  if (asked.length > MAX_SEARCH_LENGTH || hasControlCharacters(asked))
    return choose(asked.slice(0, MAX_SEARCH_LENGTH), LEDGER_TEXT.tooLong, "error", 400);
  let rows;
  try {
    rows = (await api.raw.listProviders(ProviderListQuery.parse({ search: asked, page_size: CANDIDATES_SHOWN }))).rows;
  } catch (error) {
    throw loaderResponseOf(error);
  }
  const exact = rows.find((r) => r.userId.username.toLowerCase() === asked.toLowerCase());
  if (exact) {
    const params = new URLSearchParams(url.searchParams);
    params.set("provider", String(exact.serviceProvider_id));
    throw redirect(`${LEDGER_PATH}?${params}`);
  }
  const candidates = rows.map((r) => ({ id: r.serviceProvider_id, username: r.userId.username }));
  return choose(asked, candidates.length ? LEDGER_TEXT.someNamed(asked) : LEDGER_TEXT.noSuchName(asked), "error", 404, candidates);
}

/**
 * The ledger page: without a provider a form to choose one; with one, one page of their releases
 * (the running total over all of them), the date filter's totals, and what they were paid in all.
 */
export async function payoutLedgerLoader(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const { asked, query, raw, sort, errors } = readLedgerQuery(url.searchParams);
  if (!asked) return choose("", LEDGER_TEXT.choose, "info", 200);
  if (!query) return resolveUsername(url, asked, api);

  let ledger;
  try {
    ledger = await api.raw.getPayoutLedger(query);
  } catch (error) {
    if (error instanceof MarketplaceError && error.kind === "not-found") return choose(asked, LEDGER_TEXT.noSuchId(asked), "error", 404);
    throw loaderResponseOf(error);
  }
  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, ledger.total_results);

  return data<LedgerPageData>(
    {
      kind: "ledger",
      provider: { id: ledger.provider.serviceProvider_id, username: ledger.provider.username },
      rows: ledger.data.map(toLedgerRow),
      totals: toLedgerTotals(ledger.totals),
      allTimePaid: formatInr(ledger.all_time_paid),
      total: ledger.total_results,
      page: query.page,
      pageSize: query.page_size,
      filters: raw,
      sort: sort ? { field: sort.field, order: sort.order } : null,
      filterErrors: errors,
      filtered: Boolean(raw.start_date || raw.end_date),
    },
    { status: errors.length > 0 ? 400 : 200 },
  );
}
