import { z } from "zod";
import { dateRange, paging, sorting } from "./list-query-schema";
import { CATEGORY_SORT_FIELDS } from "./category-labels";
import { PAGE_SIZES } from "./list-query";

export const CATEGORY_STATUSES = ["Active", "Hold", "Inactive"] as const;
export const CategoryStatus = z.enum(CATEGORY_STATUSES, {
  errorMap: () => ({ message: "Please select a status" }),
});
export const SUPER_CATEGORIES = ["business", "web-it"] as const;
/** "" (none) is how the form and the API say "no super category". */
export const SuperCategory = z.enum(["", ...SUPER_CATEGORIES]);

export const name = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(120, `${label} must be at most 120 characters`);
export const description = z
  .string({ required_error: "Description is required" })
  .trim()
  .min(1, "Description is required")
  .max(2000, "Description must be at most 2000 characters");
export const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).optional().default("");

/** Fields of Add Category (spec 1 §2.6), as posted by the form and as sent to POST /create-category. */
export const CategoryFields = z.object({
  categoryName: name("Category Name"),
  desc: description,
  status: CategoryStatus.default("Active"),
  superCategory: SuperCategory.default(""),
  pageTitle: optionalText(200),
  metaDescription: optionalText(500),
  mostPopular: z.boolean().default(false),
  hide_from_menu_bar: z.boolean().default(false),
});
export type CategoryFields = z.infer<typeof CategoryFields>;

/** POST /create-category body: a category, or a sub-category when parentCategoryId is given. */
export const CreateCategoryBody = CategoryFields.extend({
  parentCategoryId: z.coerce.number().int().positive().nullable().optional(),
});
export type CreateCategoryBody = z.infer<typeof CreateCategoryBody>;

/** PATCH /update-category body: only the changed fields, plus the version the admin loaded. */
export const UpdateCategoryBody = CategoryFields.partial().extend({
  updated_at: z.string({ required_error: "updated_at is required" }).min(1),
});
export type UpdateCategoryBody = z.infer<typeof UpdateCategoryBody>;

export const CategoryRecord = z.object({
  category_id: z.number().int(),
  categoryName: z.string(),
  desc: z.string(),
  status: z.enum(CATEGORY_STATUSES),
  superCategory: z.string(),
  pageTitle: z.string(),
  metaDescription: z.string(),
  mostPopular: z.boolean(),
  hide_from_menu_bar: z.boolean(),
  parentCategoryId: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type CategoryRecord = z.infer<typeof CategoryRecord>;

export type CategoryTree = CategoryRecord & {
  SubCategories: CategoryTree[];
  SubSubCategories?: CategoryTree[];
};
export const CategoryTree: z.ZodType<CategoryTree> = CategoryRecord.extend({
  SubCategories: z.lazy(() => z.array(CategoryTree)),
  SubSubCategories: z.lazy(() => z.array(CategoryTree)).optional(),
});

/** An entry of a category select: GET /get-all-category?fields=summary answers only these two fields. */
export const CategoryOption = z.object({ category_id: z.number().int(), categoryName: z.string() });
export type CategoryOption = z.infer<typeof CategoryOption>;

/** GET /get-category-by-id answer's data: the category, its parent (if any) and its children. */
export const CategoryDetail = CategoryRecord.extend({
  parentCategory: z.object({ category_id: z.number().int(), categoryName: z.string() }).nullable(),
  SubCategories: z.array(CategoryRecord.extend({ SubSubCategories: z.array(CategoryRecord) })),
});
export type CategoryDetail = z.infer<typeof CategoryDetail>;

/**
 * GET /category-hierarchy-admin query. The spec's call takes none; we add paging and the
 * filter panel's keys so the list stays paginated and filtered in SQL.
 */
export const CategoryListQuery = z.object({
  ...paging(),
  category: z.coerce.number().int().positive().optional(),
  ...dateRange,
  ...sorting(CATEGORY_SORT_FIELDS),
});
export type CategoryListQuery = z.infer<typeof CategoryListQuery>;

/** GET /category-hierarchy-admin answer: main, Business and WebIt lists of one page (merged by the admin). */
export const CategoryHierarchyAdmin = z.object({
  data: z.array(CategoryRecord),
  Business: z.array(CategoryRecord),
  WebIt: z.array(CategoryRecord),
  total_results: z.number().int(),
  current_page: z.number().int(),
  page_size: z.number().int(),
  /** the page's category ids in the list's order (data, Business and WebIt each keep it; ours) */
  order: z.array(z.number().int()).optional(),
});
export type CategoryHierarchyAdmin = z.infer<typeof CategoryHierarchyAdmin>;

export { PAGE_SIZES };
