import { queryBoolean } from "~contract/api";
import {
  CategoryDetail,
  CategoryHierarchyAdmin,
  CategoryListQuery,
  CategoryOption,
  CategoryRecord,
  CreateCategoryBody,
  SUPER_CATEGORIES,
  UpdateCategoryBody,
} from "~contract/categories";
import { endOnOrAfterStart, sortTogether } from "~contract/list-query-schema";
import { ActingAdmin, body, common, conflict, createRoute, data, error, idParam, json, message, mutating, z } from "../../lib/openapi";

export const HierarchyQuery = z.object({
  supercat: z.enum(["", ...SUPER_CATEGORIES], { errorMap: () => ({ message: "supercat must be business or web-it" }) }).optional(),
  active_only: queryBoolean,
});

export const AllCategoriesQuery = z.object({
  only_parent_categories: queryBoolean,
  // "summary": id and name only, for selects (the full records of thousands of categories are megabytes)
  fields: z.enum(["", "summary"]).optional(),
});

export const Record = CategoryRecord.openapi("CategoryRecord");

// zod-to-openapi cannot follow z.lazy: the tree's children are described by reference to itself
export const Tree = CategoryRecord.extend({
  SubCategories: z.unknown().openapi({ type: "array", items: { $ref: "#/components/schemas/CategoryTree" } }),
}).openapi("CategoryTree");

export const categoryId = { query: z.object({ category_id: idParam("category_id", "the category's id") }) };

export const unknownCategory = { 404: error("Unknown category") };

export const listRoute = createRoute({
  method: "get",
  path: "/category-hierarchy-admin",
  summary: "One page of top-level categories, split into data, Business and WebIt",
  description:
    "The spec's call takes no query; page, page_size, category, start_date and end_date are ours so the list is paginated and filtered in SQL. Dates are calendar days in Asia/Kolkata, both ends inclusive. Newest first, or sortField (categoryName, status — A–Z, each by date the same way) with sortOrder (asc, desc), ties by id; order (ours) lists the page's ids in that order.",
  request: {
    query: CategoryListQuery.superRefine((query, ctx) => {
      endOnOrAfterStart(query, ctx);
      sortTogether(query, ctx);
    }),
  },
  responses: { 200: json(CategoryHierarchyAdmin.openapi("CategoryHierarchyAdmin"), "The page"), 400: error("Bad query"), ...common },
});

export const treeRoute = createRoute({
  method: "get",
  path: "/category-hierarchy",
  summary: "Category tree (categories with nested SubCategories)",
  request: { query: HierarchyQuery },
  responses: { 200: json(data(z.array(Tree)), "The tree"), 400: error("Bad query"), ...common },
});

export const allRoute = createRoute({
  method: "get",
  path: "/get-all-category",
  summary: "All categories ordered by name",
  request: {
    query: AllCategoriesQuery,
    headers: z.object({
      "if-none-match": z.string().optional().openapi({ description: "with fields=summary: the ETag of the copy the caller holds" }),
    }),
  },
  responses: {
    200: json(
      data(z.array(z.union([Record, CategoryOption.openapi("CategoryOption")]))),
      "The categories (with fields=summary: only category_id and categoryName)",
    ),
    304: { description: "fields=summary and If-None-Match matches: the caller's copy is current" },
    400: error("Bad query"),
    ...common,
  },
});

export const detailRoute = createRoute({
  method: "get",
  path: "/get-category-by-id",
  summary: "A category with its parent and its SubCategories (each with SubSubCategories)",
  request: categoryId,
  responses: {
    200: json(data(CategoryDetail.openapi("CategoryDetail")), "The category"),
    400: error("Bad id"),
    ...unknownCategory,
    ...common,
  },
});

export const createCategoryRoute = createRoute({
  method: "post",
  path: "/create-category",
  summary: "Create a category, or a sub-category when parentCategoryId is given (at most three levels)",
  request: { headers: ActingAdmin, body: body(CreateCategoryBody.openapi("CreateCategoryBody")) },
  responses: { 201: json(data(Record), "Created"), ...mutating, ...common },
});

export const updateRoute = createRoute({
  method: "patch",
  path: "/update-category",
  summary: "Change some fields of a category",
  description: "Send only the changed fields plus the updated_at that was loaded. 409 when someone changed the category meanwhile.",
  request: { ...categoryId, headers: ActingAdmin, body: body(UpdateCategoryBody.openapi("UpdateCategoryBody")) },
  responses: { 201: json(data(Record), "Updated (201 as the spec says)"), ...mutating, ...unknownCategory, ...conflict, ...common },
});

export const removeRoute = createRoute({
  method: "delete",
  path: "/remove-category",
  summary: "Delete a category (and its FAQs); refused while it has sub-categories",
  request: { ...categoryId, headers: ActingAdmin },
  responses: { 200: json(message, "Category Delete Successful"), ...mutating, ...unknownCategory, ...common },
});
