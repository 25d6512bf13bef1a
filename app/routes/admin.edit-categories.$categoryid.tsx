import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { Heading, Text } from "~/components/ui";
import { CategoryEditor } from "~/components/categories/category-editor";
import { editCategoryValidator } from "~/components/categories/category-form";
import { FaqSection } from "~/components/categories/faq-section";
import {
  apiFailure,
  callerOf,
  changedFields,
  formFailure,
  idParam,
  submittedValues,
} from "~/components/categories/category-actions.server";
import { SUPER_CATEGORY_LABELS } from "~/models/category";
import { FAQ_QUESTION_FALLBACK, faqQuestion } from "~/models/faq";
import { requireAdmin } from "~/services/auth.server";
import { formatDateTime } from "~/services/dates";
import { throwLoaderError } from "~/services/errors.server";
import { getCategory, updateCategory } from "~/services/marketplace/categories.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import { listFaqsOfCategory } from "~/services/marketplace/faqs.server";
import { redirectWithToast } from "~/services/toast.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "Category");
  const categoryId = idParam(params.categoryid);
  const caller = callerOf(admin);
  const [category, faqs] = await Promise.all([
    getCategory(categoryId, caller).catch(throwLoaderError),
    listFaqsOfCategory(categoryId, caller).then(
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
  const admin = await requireAdmin(request, "Category");
  const categoryId = idParam(params.categoryid);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== "save") {
    throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
  const values = submittedValues(formData);
  const result = await editCategoryValidator.validate(formData);
  if (result.error) return formFailure(values, { fieldErrors: result.error.fieldErrors }, 422);

  const here = `/admin/edit-categories/${categoryId}`;
  const { updated_at, ...fields } = result.data;
  try {
    // compare with the record as it is now, not with what the browser says changed
    const current = await getCategory(categoryId, callerOf(admin));
    const changes = changedFields(current, fields);
    if (Object.keys(changes).length === 0) {
      return redirectWithToast(request, here, { type: "info", message: "No Change Detected" });
    }
    await updateCategory(categoryId, { ...changes, updated_at }, callerOf(admin));
  } catch (error) {
    return apiFailure(error, values, "category");
  }
  return redirectWithToast(request, here, {
    type: "success",
    title: "Updated Successfully",
    message: "Category Data Updated Successfully",
  });
}

/** After a refused save keep what the page loaded, so the admin's typing and version stay put. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if (actionResult && typeof actionResult === "object" && "repopulateFields" in actionResult) return false;
  return defaultShouldRevalidate;
};

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
          {category.name} · last updated {category.updatedText}
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
