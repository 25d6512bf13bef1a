import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AllChangesLink } from "~/components/audit-log/all-changes-link";
import { Link, useLoaderData } from "@remix-run/react";
import { Heading, Text } from "~/components/ui";
import { CategoryEditor } from "~/components/categories/category-editor";
import { editCategoryValidator } from "~/models/category-forms";
import { FaqSection } from "~/components/categories/faq-section";
import { saveCategoryEdit } from "~/services/categories/category-actions.server";
import { idParam } from "~/services/form-result.server";
import { requireAdmin } from "~/services/auth.server";
import { editCategoryLoader } from "~/services/categories/category-pages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Category");
  return editCategoryLoader(api, idParam(params.categoryid));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Category");
  const categoryId = idParam(params.categoryid);
  return saveCategoryEdit(request, api, categoryId, {
    validator: editCategoryValidator,
    what: "category",
    here: `/admin/edit-categories/${categoryId}`,
    successMessage: "Category Data Updated Successfully",
  });
}

export { keepTypedValues as shouldRevalidate } from "~/models/form-result";

export default function EditCategoryPage() {
  const { category, defaults, faqs, faqError } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="panel">
        <Text size="2">
          <Link to="/admin/category">← Categories</Link>
          {category.parent ? (
            <>
              {" / "}
              <Link to={`/admin/sub-categories/${category.parent.id}`}>{category.parent.name}</Link>
            </>
          ) : null}
        </Text>
        <Heading as="h1" size="6" mt="2">
          Edit Category
        </Heading>
        <Text as="p" size="2" color="gray" mt="1" mb="4">
          {category.name} · last updated {category.updatedText} · <AllChangesLink entity="category" id={category.id} />
        </Text>
        <CategoryEditor
          key={category.updatedAt}
          mode="edit"
          defaults={defaults}
          currentSuperCategory={category.superCategory}
          cancelTo="/admin/category"
        />
      </section>
      <FaqSection categoryId={category.id} faqs={faqs} error={faqError} />
    </>
  );
}
