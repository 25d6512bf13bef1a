import { isRecordId } from "~contract/ids";
import { MAX_SEARCH_LENGTH } from "~contract/list-query";
import { readPaging } from "../list-query.server";

/** The bank details list's URL: paging as every list reads it (50 a page by default), search, ?reveal. */
export function readBankQuery(params: URLSearchParams) {
  const reveal = params.get("reveal");
  const search = (params.get("search") ?? "").trim();
  return {
    ...readPaging(params, 50),
    search: search.slice(0, MAX_SEARCH_LENGTH),
    searchTooLong: search.length > MAX_SEARCH_LENGTH,
    reveal: isRecordId(reveal) ? Number(reveal) : null,
  };
}
