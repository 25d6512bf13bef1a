import { data } from "@remix-run/node";
import { PAGE_SIZES, type CategoryRecord } from "~contract/categories";
import { type ChildrenPageData } from "~/models/categories";
import type { Marketplace } from "~/services/marketplace/index.server";
import { toRow } from "~/services/categories/list-query.server";
import { pageOf, readDialog, readPaging, readSort, type ListSort } from "~/services/list-query.server";
import { CATEGORY_SORT_FIELDS, type CategorySortField } from "~contract/category-labels";

const newestFirst = (a: CategoryRecord, b: CategoryRecord) => b.created_at.localeCompare(a.created_at) || b.category_id - a.category_id;

/** The children in the URL's sort (as the categories list sorts: by name or status, ties by date the same way), else newest first. */
function sortedChildren(children: readonly CategoryRecord[], sort: ListSort<CategorySortField> | null) {
  if (!sort) return [...children].sort(newestFirst);
  const sign = sort.order === "asc" ? 1 : -1;
  const key = (c: CategoryRecord) => (sort.field === "categoryName" ? c.categoryName : c.status);
  return [...children].sort((a, b) => sign * (key(a).localeCompare(key(b)) || -newestFirst(a, b)));
}

/** Loader of the sub- and sub-sub-category lists: the category, and one page of its children. */
export async function loadChildrenPage(request: Request, api: Marketplace, categoryId: number) {
  const url = new URL(request.url);
  const category = await api.getCategory(categoryId);
  const sortErrors: string[] = [];
  const sort = readSort(url.searchParams, CATEGORY_SORT_FIELDS, sortErrors) ?? null;
  const children = sortedChildren(category.SubCategories, sort);
  const paging = readPaging(url.searchParams);
  const page = pageOf(children, paging);
  const asked = readDialog(url.searchParams);
  const doomed = asked ? children.find((c) => c.category_id === asked.id) : undefined;
  return data<ChildrenPageData>({
    category: {
      id: category.category_id,
      name: category.categoryName,
      parent: category.parentCategory ? { id: category.parentCategory.category_id, name: category.parentCategory.categoryName } : null,
    },
    rows: page.rows.map(toRow),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    pageSizes: PAGE_SIZES,
    sort,
    sortError: sortErrors[0] ?? null,
    dialog: doomed ? { id: doomed.category_id, name: doomed.categoryName } : null,
  });
}
