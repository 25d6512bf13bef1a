import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Button, Heading, Text } from "~/components/ui";
import { CategoryList } from "~/components/categories/category-table";
import { loadChildrenPage } from "~/components/categories/children.server";
import { categoryListAction, idParam } from "~/components/categories/category-actions.server";
import { requireAdmin } from "~/services/auth.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "Category");
  return loadChildrenPage(request, admin, idParam(params.categoryid));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "Category");
  idParam(params.categoryid);
  return categoryListAction(request, admin);
}

export default function SubCategoriesPage() {
  const { category, rows, total, page, pageSize, pageSizes, dialog } = useLoaderData<typeof loader>();
  return (
    <>
      <Text size="2" as="p" mb="2">
        <Link to="/admin/category">← Categories</Link>
      </Text>
      <div className="page-header">
        <div>
          <Heading as="h1" size="6">
            {category.name}
          </Heading>
          <Text size="2" color="gray">
            Sub Categories
          </Text>
        </div>
        <Button asChild size="3" aria-label="Add Sub Category" title="Add Sub Category">
          <Link to={`/admin/add-subcategories/${category.id}`}>
            <span aria-hidden="true" style={{ fontSize: "1.4em", lineHeight: 1 }}>
              +
            </span>
          </Link>
        </Button>
      </div>
      <CategoryList
        level="sub"
        rows={rows}
        total={total}
        page={page}
        pageSize={pageSize}
        pageSizes={pageSizes}
        dialog={dialog}
        emptyHint="Click the + button to add a sub-category."
      />
    </>
  );
}
