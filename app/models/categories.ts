/** What only the admin uses of ~contract/categories (the shared part stays in contract/categories.ts). */
import { CategoryStatus, name, description, optionalText, type CategoryRecord } from "~contract/categories";
import type { CategorySortField } from "~contract/category-labels";
import { z } from "zod";

export const SUPER_CATEGORY_LABELS: Record<string, string> = {
  "": "None",
  business: "Business",
  "web-it": "Web & IT",
};

/** Sub-category form (spec 1 §2.9): name, description, status, title. */
export const SubCategoryFields = z.object({
  categoryName: name("Sub-Category Name"),
  desc: description,
  status: CategoryStatus.default("Active"),
  pageTitle: optionalText(200),
});
export type SubCategoryFields = z.infer<typeof SubCategoryFields>;
export const DESCRIPTION_CUT = 30;
export function truncateDescription(text: string, cut = DESCRIPTION_CUT) {
  return text.length > cut ? text.slice(0, cut) + "..." : text;
}

export type CategoryRow = {
  id: number;
  name: string;
  description: string;
  status: CategoryRecord["status"];
  children: number | null;
};

/** The sub- and sub-sub-category lists: the category, one page of its children, the delete dialog. */
export type ChildrenPageData = {
  category: { id: number; name: string; parent: { id: number; name: string } | null };
  rows: CategoryRow[];
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  /** the sort the URL asks for (null: newest first) */
  sort: CategorySort | null;
  /** why the URL's sort was not applied */
  sortError: string | null;
  dialog: { id: number; name: string } | null;
};

export type CategorySort = { field: CategorySortField; order: "asc" | "desc" };
