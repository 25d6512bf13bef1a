import { data } from "@remix-run/node";
import { PAGE_SIZES } from "~contract/list-query";
import { faqQuestion } from "~contract/faqs";
import { SUPER_CATEGORY_LABELS } from "~/models/categories";
import { FAQ_QUESTION_FALLBACK } from "~/models/faqs";
import { readCategoryListQuery, toRow } from "~/services/categories/list-query.server";
import { nullOnApiFailure, redirectPastLastPage } from "~/services/errors.server";
import { readDialog } from "~/services/list-query.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { formatDateTime } from "~/utils/dates";

/** Categories: one filtered page, the filter's parent options (null when they could not be read), the delete dialog. */
export async function categoryListLoader(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const { query, raw, sort, errors } = readCategoryListQuery(url.searchParams);

  const [list, parents] = await Promise.all([
    api.listCategoriesAdmin(query),
    // the filter's options failing must not take the list down with it
    api.raw.listParentCategories().catch(nullOnApiFailure),
  ]);

  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total);

  const asked = readDialog(url.searchParams);
  let dialog: { id: number; name: string } | null = null;
  if (asked) {
    const row = list.rows.find((r) => r.category_id === asked.id);
    const name = row?.categoryName ?? (await api.raw.getCategory(asked.id).catch(() => null))?.categoryName;
    if (name) dialog = { id: asked.id, name };
  }

  return data(
    {
      rows: list.rows.map(toRow),
      total: list.total,
      page: query.page,
      pageSize: query.page_size,
      pageSizes: PAGE_SIZES,
      filters: raw,
      sort,
      filterErrors: errors,
      filtered: Boolean(query.category || query.start_date || query.end_date),
      parentOptions: parents?.map((p) => ({ value: String(p.category_id), label: p.categoryName })) ?? null,
      dialog,
    },
    { status: errors.length > 0 ? 400 : 200 },
  );
}

/** Add Sub(-Sub) Category: the parent it goes under. */
export async function addSubCategoryLoader(api: Marketplace, parentId: number) {
  const parent = await api.getCategory(parentId);
  return {
    parent: { id: parent.category_id, name: parent.categoryName, isSub: parent.parentCategoryId !== null },
  };
}

const updatedText = (record: { updated_at: string; updated_by?: string | null }) =>
  `${formatDateTime(record.updated_at)}${record.updated_by ? ` by ${record.updated_by}` : ""}`;

/** Edit Category: the record as the form starts from it, and its FAQs (the page still renders when they cannot be read). */
export async function editCategoryLoader(api: Marketplace, categoryId: number) {
  const [category, faqs] = await Promise.all([
    api.getCategory(categoryId),
    api.raw.listFaqsOfCategory(categoryId).then(
      (list) => ({ list, error: null }),
      (error: unknown) => {
        if (!(error instanceof MarketplaceError)) throw error;
        return { list: [], error: `The FAQs could not be loaded: ${error.message}` };
      },
    ),
  ]);
  return data({
    category: {
      id: category.category_id,
      name: category.categoryName,
      updatedAt: category.updated_at,
      updatedText: updatedText(category),
      superCategory: SUPER_CATEGORY_LABELS[category.superCategory] ?? category.superCategory,
      parent: category.parentCategory ? { id: category.parentCategory.category_id, name: category.parentCategory.categoryName } : null,
    },
    defaults: {
      categoryName: category.categoryName,
      desc: category.desc,
      status: category.status,
      superCategory: category.superCategory,
      pageTitle: category.pageTitle,
      metaDescription: category.metaDescription,
      mostPopular: category.mostPopular,
      hide_from_menu_bar: category.hide_from_menu_bar ? "Yes" : "No",
      updated_at: category.updated_at,
    },
    faqs: faqs.list.map((faq) => ({ id: faq.id, question: faqQuestion(faq.content) ?? FAQ_QUESTION_FALLBACK })),
    faqError: faqs.error,
  });
}

/** Edit Sub Category: the record as the form starts from it. */
export async function editSubCategoryLoader(api: Marketplace, id: number) {
  const sub = await api.getCategory(id);
  return {
    sub: {
      id: sub.category_id,
      name: sub.categoryName,
      updatedAt: sub.updated_at,
      updatedText: updatedText(sub),
      parent: sub.parentCategory ? { id: sub.parentCategory.category_id, name: sub.parentCategory.categoryName } : null,
    },
    defaults: {
      categoryName: sub.categoryName,
      desc: sub.desc,
      status: sub.status,
      pageTitle: sub.pageTitle,
      updated_at: sub.updated_at,
    },
  };
}
