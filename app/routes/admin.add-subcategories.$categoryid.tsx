import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Heading, Text } from "~/components/ui";
import { SubCategoryEditor } from "~/components/categories/sub-category-editor";
import { idParam } from "~/services/form-result.server";
import { requireAdmin } from "~/services/auth.server";
import { addSubCategoryAction } from "~/services/categories/category-actions.server";
import { addSubCategoryLoader } from "~/services/categories/category-pages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Category");
  return addSubCategoryLoader(api, idParam(params.categoryid));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Category");
  return addSubCategoryAction(request, api, idParam(params.categoryid));
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
