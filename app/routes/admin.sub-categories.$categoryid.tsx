import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Text } from "~/components/ui";
import { ChildrenPage } from "~/components/categories/children-page";
import { loadChildrenPage } from "~/services/categories/children.server";
import { categoryListAction } from "~/services/categories/category-actions.server";
import { idParam } from "~/services/form-result.server";
import { requireAdmin } from "~/services/auth.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Category");
  return loadChildrenPage(request, api, idParam(params.categoryid));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Category");
  idParam(params.categoryid);
  return categoryListAction(request, api);
}

export default function SubCategoriesPage() {
  return (
    <ChildrenPage
      level="sub"
      back={
        <Text size="2" as="p" mb="2">
          <Link to="/admin/category">← Categories</Link>
        </Text>
      }
      subtitle="Sub Categories"
      addLabel="Add Sub Category"
      emptyHint="Click the + button to add a sub-category."
    />
  );
}
