import { isRecordId } from "~contract/ids";
import { MAX_SEARCH_LENGTH } from "~contract/list-query";
import { BANK_ACCOUNT_SORT_FIELDS } from "~contract/bank-account-labels";
import { readPaging, readSort } from "../list-query.server";

/**
 * The bank details list's URL: paging as every list reads it (50 a page by default), search, the
 * sort (sortField/sortOrder, DataTable's header links; `sortErrors` says why one was not applied), ?reveal.
 */
export function readBankQuery(params: URLSearchParams) {
  const reveal = params.get("reveal");
  const search = (params.get("search") ?? "").trim();
  const sortErrors: string[] = [];
  const sort = readSort(params, BANK_ACCOUNT_SORT_FIELDS, sortErrors) ?? null;
  return {
    sort,
    sortErrors,
    ...readPaging(params, 50),
    search: search.slice(0, MAX_SEARCH_LENGTH),
    searchTooLong: search.length > MAX_SEARCH_LENGTH,
    reveal: isRecordId(reveal) ? Number(reveal) : null,
  };
}
