import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Heading, Text } from "~/components/ui";
import { editSubCategoryValidator } from "~/models/category-forms";
import { SubCategoryEditor } from "~/components/categories/sub-category-editor";
import { saveCategoryEdit } from "~/services/categories/category-actions.server";
import { idParam } from "~/services/form-result.server";
import { requireAdmin } from "~/services/auth.server";
import { editSubCategoryLoader } from "~/services/categories/category-pages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Category");
  return editSubCategoryLoader(api, idParam(params.subcategoryid));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Category");
  const id = idParam(params.subcategoryid);
  return saveCategoryEdit(request, api, id, {
    validator: editSubCategoryValidator,
    what: "sub-category",
    here: `/admin/edit-subcategories/${id}`,
    successMessage: "Sub-Category Data Updated Successfully",
  });
}

export { keepTypedValues as shouldRevalidate } from "~/models/form-result";

export default function EditSubCategoryPage() {
  const { sub, defaults } = useLoaderData<typeof loader>();
  const backTo = sub.parent ? `/admin/sub-categories/${sub.parent.id}` : "/admin/category";
  return (
    <section className="panel">
      <Text size="2">
        <Link to={backTo}>← {sub.parent ? `${sub.parent.name}: sub-categories` : "Categories"}</Link>
      </Text>
      <Heading as="h1" size="6" mt="2">
        Edit Sub Category
      </Heading>
      <Text as="p" size="2" color="gray" mt="1" mb="4">
        {sub.name} · last updated {sub.updatedText}
      </Text>
      <SubCategoryEditor key={sub.updatedAt} mode="edit" parentName={sub.parent?.name ?? "—"} defaults={defaults} cancelTo={backTo} />
    </section>
  );
}
