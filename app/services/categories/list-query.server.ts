import { CategoryListQuery, type CategoryRecord } from "~contract/categories";
import { type CategoryRow, truncateDescription } from "~/models/categories";
import { readDateRange } from "~/utils/dates";
import { readPaging, readSort } from "~/services/list-query.server";
import { CATEGORY_SORT_FIELDS } from "~contract/category-labels";

export type ListFilters = { category: string; start_date: string; end_date: string };

/**
 * The categories list's query: paging with clean fallbacks, the filter panel's keys and the sort
 * (sortField/sortOrder, DataTable's header links). A filter or sort the admin typed wrong is not
 * applied and is reported in words (never a crash).
 */
export function readCategoryListQuery(params: URLSearchParams) {
  const paging = readPaging(params);
  const raw: ListFilters = {
    category: params.get("category")?.trim() ?? "",
    start_date: params.get("start_date")?.trim() ?? "",
    end_date: params.get("end_date")?.trim() ?? "",
  };
  const errors: string[] = [];
  const query: CategoryListQuery = { ...paging };

  if (raw.category && raw.category !== "all") {
    const category = CategoryListQuery.shape.category.safeParse(raw.category);
    if (category.success && category.data !== undefined) query.category = category.data;
    else errors.push("Category: choose a category from the list.");
  }
  const dates = readDateRange(raw, { from: "From Date", to: "To Date" });
  errors.push(...dates.errors);
  if (dates.start_date) query.start_date = dates.start_date;
  if (dates.end_date) query.end_date = dates.end_date;
  const sort = readSort(params, CATEGORY_SORT_FIELDS, errors);
  if (sort) {
    query.sortField = sort.field;
    query.sortOrder = sort.order;
  }
  return { query, raw, sort: sort ?? null, errors };
}

/** What a list row shows (description already cut to 30 characters). */
export function toRow(record: CategoryRecord & { SubCategories?: unknown[]; SubSubCategories?: unknown[] }): CategoryRow {
  const children = record.SubSubCategories ?? record.SubCategories;
  return {
    id: record.category_id,
    name: record.categoryName,
    description: truncateDescription(record.desc),
    status: record.status,
    children: Array.isArray(children) ? children.length : null,
  };
}
