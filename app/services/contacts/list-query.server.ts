import { MAX_SEARCH_LENGTH } from "~contract/list-query";
import { CONTACT_SORT_FIELDS } from "~contract/contacts";
import { readPaging, readSort } from "../list-query.server";

/** The contact leads list's URL: paging as every list reads it, the search, the sort (name or date), and ?dialog=message&id=…. */
export function readContactsQuery(params: URLSearchParams) {
  const search = (params.get("search") ?? "").trim();
  return {
    ...readPaging(params),
    search: search.slice(0, MAX_SEARCH_LENGTH),
    searchTooLong: search.length > MAX_SEARCH_LENGTH,
    sort: readSort(params, CONTACT_SORT_FIELDS) ?? null,
    /** the id the message dialog asks for, as typed (null: no dialog) */
    message: params.get("dialog") === "message" ? (params.get("id") ?? "").trim().slice(0, 40) : null,
  };
}
