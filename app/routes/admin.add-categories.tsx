import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Heading, Text } from "~/components/ui";
import { CategoryEditor } from "~/components/categories/category-editor";
import { type CategoryFormValues } from "~/models/category-forms";
import { requireAdmin } from "~/services/auth.server";
import { addCategoryAction } from "~/services/categories/category-actions.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

const EMPTY: CategoryFormValues = {
  categoryName: "",
  desc: "",
  status: "Active",
  superCategory: "",
  pageTitle: "",
  metaDescription: "",
  mostPopular: false,
  hide_from_menu_bar: "No",
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "Category");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Category");
  return addCategoryAction(request, api);
}

export default function AddCategoryPage() {
  return (
    <section className="panel">
      <Text size="2">
        <Link to="/admin/category">← Categories</Link>
      </Text>
      <Heading as="h1" size="6" mt="2" mb="4">
        Add Category
      </Heading>
      <CategoryEditor mode="add" defaults={EMPTY} cancelTo="/admin/category" />
    </section>
  );
}
