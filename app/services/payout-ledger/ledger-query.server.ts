import { isRecordId } from "~contract/ids";
import { LEDGER_SORT_FIELDS, type PayoutLedgerQuery } from "~contract/payout-ledger";
import { readPaging, readSort } from "~/services/list-query.server";
import { readDateRange } from "~/utils/dates";

export type LedgerQuery = Pick<PayoutLedgerQuery, "provider" | "page" | "page_size"> &
  Partial<Pick<PayoutLedgerQuery, "start_date" | "end_date" | "sortOrder">>;

/**
 * The ledger's URL: ?provider=<id> (or a username the page resolves), the date filter (India days
 * on the release date), the sort (Release date, either way) and paging. A date or sort typed wrong
 * is not applied and is said in words; `provider` is null when the URL names no provider id.
 */
export function readLedgerQuery(params: URLSearchParams) {
  const asked = (params.get("provider") ?? "").trim();
  const raw = { start_date: params.get("start_date")?.trim() ?? "", end_date: params.get("end_date")?.trim() ?? "" };
  const errors: string[] = [];
  const dates = readDateRange(raw, { from: "From Date", to: "To Date" });
  errors.push(...dates.errors);
  const sort = readSort(params, LEDGER_SORT_FIELDS, errors) ?? null;
  const providerId = isRecordId(asked) ? Number(asked) : null;
  const query: LedgerQuery | null =
    providerId === null
      ? null
      : {
          provider: providerId,
          ...readPaging(params),
          ...(dates.start_date ? { start_date: dates.start_date } : {}),
          ...(dates.end_date ? { end_date: dates.end_date } : {}),
          ...(sort ? { sortOrder: sort.order } : {}),
        };
  return { asked, query, raw, sort, errors };
}
