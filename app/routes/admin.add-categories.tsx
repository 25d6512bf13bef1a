import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Heading, Text } from "~/components/ui";
import { CategoryEditor } from "~/components/categories/category-editor";
import { addCategoryValidator, type CategoryFormValues } from "~/components/categories/category-form";
import { apiFailure, formFailure, submittedValues } from "~/services/form-result.server";
import { requireAdmin } from "~/services/auth.server";
import { createCategory } from "~/services/marketplace/categories.server";
import { redirectWithToast } from "~/services/toast.server";
import { callerOf } from "~/services/marketplace/client.server";

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
  const { admin } = await requireAdmin(request, "Category");
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== "create") {
    throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
  const values = submittedValues(formData);
  const result = await addCategoryValidator.validate(formData);
  if (result.error) return formFailure(values, { fieldErrors: result.error.fieldErrors }, 422);
  try {
    await createCategory(callerOf(admin, request, formData), result.data);
  } catch (error) {
    return apiFailure(error, values, "category");
  }
  return redirectWithToast(request, "/admin/category", { type: "success", message: "New Category Added" });
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
