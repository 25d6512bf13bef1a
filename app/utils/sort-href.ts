export type SortOrder = "asc" | "desc";

/**
 * The URL a sort link goes to (a table header, a cards list's "Sort by"): sortField/sortOrder set,
 * ascending first and a second click descending; the page dropped, and a keyset page's cursor,
 * which belongs to the old order (docs/decisions/0020-keyset-pages.md).
 */
export function sortHref(
  location: { pathname: string; search: string },
  current: { field: string; order: SortOrder } | undefined,
  field: string,
) {
  const params = new URLSearchParams(location.search);
  params.set("sortField", field);
  params.set("sortOrder", current?.field === field && current.order === "asc" ? "desc" : "asc");
  params.delete("page");
  params.delete("cursor");
  return `${location.pathname}?${params}`;
}
