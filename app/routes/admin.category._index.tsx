import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Heading } from "~/components/ui";
import { AddButton } from "~/components/categories/children-page";
import { FilterDate, FilterPanel, FilterSelect } from "~/components/filter-panel";
import { CategoryList } from "~/components/categories/category-table";
import { categoryListAction } from "~/services/categories/category-actions.server";
import { requireAdmin } from "~/services/auth.server";
import { categoryListLoader } from "~/services/categories/category-pages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Category");
  return categoryListLoader(request, api);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Category");
  return categoryListAction(request, api);
}

export default function CategoriesPage() {
  const { rows, total, page, pageSize, pageSizes, filters, sort, filterErrors, filtered, parentOptions, dialog } =
    useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Categories
        </Heading>
        <AddButton to="/admin/add-categories" label="Add Category" />
      </div>

      <FilterPanel open={filtered} keep={["page_size", "sortField", "sortOrder"]} errors={filterErrors}>
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

      <CategoryList
        level="category"
        rows={rows}
        total={total}
        page={page}
        pageSize={pageSize}
        pageSizes={pageSizes}
        sort={sort}
        dialog={dialog}
      />
    </>
  );
}
