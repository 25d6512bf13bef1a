import { z } from "zod";
import {
  CategoryDetail,
  CategoryHierarchyAdmin,
  CategoryOption,
  CategoryRecord,
  type CategoryListQuery,
  type CreateCategoryBody,
  type UpdateCategoryBody,
} from "~contract/categories";
import { apiRequest, apiRequestRevalidated, type Caller } from "./client.server";

const DataOf = <T extends z.ZodTypeAny>(schema: T) => z.object({ data: schema });

/** One page of top-level categories; the API's data/Business/WebIt lists merged in the API's order. */
export async function listCategoriesAdmin(caller: Caller, query: CategoryListQuery) {
  const answer = await apiRequest("/category-hierarchy-admin", {
    query: {
      page: query.page,
      page_size: query.page_size,
      category: query.category,
      start_date: query.start_date,
      end_date: query.end_date,
      sortField: query.sortField,
      sortOrder: query.sortOrder,
    },
    caller,
    answer: CategoryHierarchyAdmin,
  });
  // the three lists merged back into the API's order (its `order`), else newest first
  const position = new Map(answer.order?.map((id, i) => [id, i]));
  const rows = [...answer.data, ...answer.Business, ...answer.WebIt].sort((a, b) =>
    answer.order
      ? (position.get(a.category_id) ?? 0) - (position.get(b.category_id) ?? 0)
      : b.created_at.localeCompare(a.created_at) || b.category_id - a.category_id,
  );
  return { rows, total: answer.total_results, page: answer.current_page, pageSize: answer.page_size };
}

/** Top-level categories (id and name) for filter selects; revalidated by ETag on every call. */
export async function listParentCategories(caller: Caller): Promise<CategoryOption[]> {
  const answer = await apiRequestRevalidated("/get-all-category", {
    query: { only_parent_categories: "true", fields: "summary" },
    caller,
    answer: DataOf(z.array(CategoryOption)),
  });
  return answer.data;
}

export async function getCategory(caller: Caller, categoryId: number) {
  const answer = await apiRequest("/get-category-by-id", {
    query: { category_id: categoryId },
    caller,
    answer: DataOf(CategoryDetail),
  });
  return answer.data;
}

export async function createCategory(caller: Caller, body: CreateCategoryBody) {
  const answer = await apiRequest("/create-category", {
    method: "POST",
    body,
    caller,
    answer: DataOf(CategoryRecord),
  });
  return answer.data;
}

export async function updateCategory(caller: Caller, categoryId: number, body: UpdateCategoryBody) {
  const answer = await apiRequest("/update-category", {
    method: "PATCH",
    query: { category_id: categoryId },
    body,
    caller,
    answer: DataOf(CategoryRecord),
  });
  return answer.data;
}

export async function removeCategory(caller: Caller, categoryId: number) {
  await apiRequest("/remove-category", {
    method: "DELETE",
    query: { category_id: categoryId },
    caller,
  });
}
