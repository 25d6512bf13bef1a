import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { AllChangesLink } from "~/components/audit-log/all-changes-link";
import { Link, useLoaderData } from "@remix-run/react";
import { Heading, Text } from "~/components/ui";
import { CategoryEditor } from "~/components/categories/category-editor";
import { editCategoryValidator } from "~/components/categories/category-form";
import { FaqSection } from "~/components/categories/faq-section";
import { saveCategoryEdit } from "~/services/categories/category-actions.server";
import { idParam } from "~/services/form-result.server";
import { SUPER_CATEGORY_LABELS } from "~/models/categories";
import { faqQuestion } from "~contract/faqs";
import { FAQ_QUESTION_FALLBACK } from "~/models/faqs";
import { requireAdmin } from "~/services/auth.server";
import { formatDateTime } from "~/utils/dates";
import { throwLoaderError } from "~/services/errors.server";
import { getCategory } from "~/services/marketplace/categories.server";
import { MarketplaceError, callerOf } from "~/services/marketplace/client.server";
import { listFaqsOfCategory } from "~/services/marketplace/faqs.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request, "Category");
  const categoryId = idParam(params.categoryid);
  const caller = callerOf(admin, request);
  const [category, faqs] = await Promise.all([
    getCategory(caller, categoryId).catch(throwLoaderError),
    listFaqsOfCategory(caller, categoryId).then(
      (list) => ({ list, error: null }),
      (error: unknown) => {
        if (!(error instanceof MarketplaceError)) throw error;
        return { list: [], error: `The FAQs could not be loaded: ${error.message}` };
      },
    ),
  ]);
  return data({
    category: {
      id: category.category_id,
      name: category.categoryName,
      updatedAt: category.updated_at,
      updatedText: `${formatDateTime(category.updated_at)}${category.updated_by ? ` by ${category.updated_by}` : ""}`,
      superCategory: SUPER_CATEGORY_LABELS[category.superCategory] ?? category.superCategory,
      parent: category.parentCategory ? { id: category.parentCategory.category_id, name: category.parentCategory.categoryName } : null,
    },
    defaults: {
      categoryName: category.categoryName,
      desc: category.desc,
      status: category.status,
      superCategory: category.superCategory,
      pageTitle: category.pageTitle,
      metaDescription: category.metaDescription,
      mostPopular: category.mostPopular,
      hide_from_menu_bar: category.hide_from_menu_bar ? "Yes" : "No",
      updated_at: category.updated_at,
    },
    faqs: faqs.list.map((faq) => ({ id: faq.id, question: faqQuestion(faq.content) ?? FAQ_QUESTION_FALLBACK })),
    faqError: faqs.error,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request, "Category");
  const categoryId = idParam(params.categoryid);
  return saveCategoryEdit(request, admin, categoryId, {
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
