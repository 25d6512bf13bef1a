import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Heading, Text } from "~/components/ui";
import { addSubCategoryValidator } from "~/components/categories/category-form";
import { SubCategoryEditor } from "~/components/categories/sub-category-editor";
import { apiFailure, formFailure, idParam, submittedValues } from "~/services/form-result.server";
import { requireAdmin } from "~/services/auth.server";
import { throwLoaderError } from "~/services/errors.server";
import { createCategory, getCategory } from "~/services/marketplace/categories.server";
import { redirectWithToast } from "~/services/toast.server";
import { callerOf } from "~/services/marketplace/client.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request, "Category");
  const parentId = idParam(params.categoryid);
  const parent = await getCategory(callerOf(admin, request), parentId).catch(throwLoaderError);
  return {
    parent: { id: parent.category_id, name: parent.categoryName, isSub: parent.parentCategoryId !== null },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request, "Category");
  const parentCategoryId = idParam(params.categoryid);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== "create") {
    throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
  const values = submittedValues(formData);
  const result = await addSubCategoryValidator.validate(formData);
  if (result.error) return formFailure(values, { fieldErrors: result.error.fieldErrors }, 422);
  try {
    await createCategory(callerOf(admin, request, formData), {
      ...result.data,
      superCategory: "",
      metaDescription: "",
      mostPopular: false,
      hide_from_menu_bar: false,
      parentCategoryId,
    });
  } catch (error) {
    return apiFailure(error, values, "sub-category");
  }
  return redirectWithToast(request, "/admin/category", { type: "success", message: "New Sub-Category Added" });
}

export default function AddSubCategoryPage() {
  const { parent } = useLoaderData<typeof loader>();
  const backTo = parent.isSub ? `/admin/subsub-categories/${parent.id}` : `/admin/sub-categories/${parent.id}`;
  return (
    <section className="panel">
      <Text size="2">
        <Link to={backTo}>← {parent.name}</Link>
      </Text>
      <Heading as="h1" size="6" mt="2" mb="4">
        {parent.isSub ? "Add Sub-Sub Category" : "Add Sub Category"}
      </Heading>
      <SubCategoryEditor
        mode="add"
        parentName={parent.name}
        defaults={{ categoryName: "", desc: "", status: "Active", pageTitle: "" }}
        cancelTo={backTo}
      />
    </section>
  );
}
