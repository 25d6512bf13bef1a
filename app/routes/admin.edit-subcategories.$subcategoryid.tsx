import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Heading, Text } from "~/components/ui";
import { editSubCategoryValidator } from "~/components/categories/category-form";
import { SubCategoryEditor } from "~/components/categories/sub-category-editor";
import { saveCategoryEdit } from "~/services/categories/category-actions.server";
import { idParam } from "~/services/form-result.server";
import { requireAdmin } from "~/services/auth.server";
import { formatDateTime } from "~/utils/dates";
import { throwLoaderError } from "~/services/errors.server";
import { getCategory } from "~/services/marketplace/categories.server";
import { callerOf } from "~/services/marketplace/client.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "Category");
  const id = idParam(params.subcategoryid);
  const sub = await getCategory(id, callerOf(admin, request)).catch(throwLoaderError);
  return {
    sub: {
      id: sub.category_id,
      name: sub.categoryName,
      updatedAt: sub.updated_at,
      updatedText: `${formatDateTime(sub.updated_at)}${sub.updated_by ? ` by ${sub.updated_by}` : ""}`,
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

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "Category");
  const id = idParam(params.subcategoryid);
  return saveCategoryEdit(request, admin, id, {
    validator: editSubCategoryValidator,
    what: "sub-category",
    here: `/admin/edit-subcategories/${id}`,
    successMessage: "Sub-Category Data Updated Successfully",
  });
}

export { keepTypedValuesAfterRefusal as shouldRevalidate } from "~/components/categories/category-form";

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
