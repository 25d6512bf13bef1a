import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Heading } from "~/components/ui";
import { AddButton } from "~/components/categories/children-page";
import { FilterDate, FilterPanel, FilterSelect } from "~/components/filter-panel";
import { CategoryList } from "~/components/categories/category-table";
import { categoryListAction } from "~/services/categories/category-actions.server";
import { readCategoryListQuery, toRow } from "~/services/categories/list-query.server";
import { PAGE_SIZES } from "~contract/list-query";
import { readDialog } from "~/services/list-query.server";
import { requireAdmin } from "~/services/auth.server";
import { nullOnApiFailure, redirectPastLastPage, throwLoaderError } from "~/services/errors.server";
import { getCategory, listCategoriesAdmin, listParentCategories } from "~/services/marketplace/categories.server";
import { callerOf } from "~/services/marketplace/client.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request, "Category");
  const url = new URL(request.url);
  const { query, raw, errors } = readCategoryListQuery(url.searchParams);
  const caller = callerOf(admin, request);

  const [list, parents] = await Promise.all([
    listCategoriesAdmin(caller, query).catch(throwLoaderError),
    // the filter's options failing must not take the list down with it
    listParentCategories(caller).catch(nullOnApiFailure),
  ]);

  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total);

  const asked = readDialog(url.searchParams);
  let dialog: { id: number; name: string } | null = null;
  if (asked) {
    const row = list.rows.find((r) => r.category_id === asked.id);
    const name = row?.categoryName ?? (await getCategory(caller, asked.id).catch(() => null))?.categoryName;
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
      filterErrors: errors,
      filtered: Boolean(query.category || query.start_date || query.end_date),
      parentOptions: parents?.map((p) => ({ value: String(p.category_id), label: p.categoryName })) ?? null,
      dialog,
    },
    { status: errors.length > 0 ? 400 : 200 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request, "Category");
  return categoryListAction(request, admin);
}

export default function CategoriesPage() {
  const { rows, total, page, pageSize, pageSizes, filters, filterErrors, filtered, parentOptions, dialog } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Categories
        </Heading>
        <AddButton to="/admin/add-categories" label="Add Category" />
      </div>

      <FilterPanel open={filtered} keep={["page_size"]} errors={filterErrors}>
        <FilterSelect
          name="category"
          label="Category"
          value={filters.category}
          options={parentOptions ?? []}
          error={parentOptions ? null : "Error fetching categories"}
          minWidth="14rem"
        />
        <FilterDate name="start_date" label="From Date" value={filters.start_date} />
        <FilterDate name="end_date" label="To Date" value={filters.end_date} />
      </FilterPanel>

      <CategoryList level="category" rows={rows} total={total} page={page} pageSize={pageSize} pageSizes={pageSizes} dialog={dialog} />
    </>
  );
}
