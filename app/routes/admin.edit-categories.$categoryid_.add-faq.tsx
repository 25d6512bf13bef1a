import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Heading, Text } from "~/components/ui";
import { FaqEditor } from "~/components/categories/faq-editor";
import { addFaqValidator } from "~/components/categories/faq-form";
import { apiFailure, formFailure, idParam, submittedValues } from "~/services/form-result.server";
import { requireAdmin } from "~/services/auth.server";
import { throwLoaderError } from "~/services/errors.server";
import { getCategory } from "~/services/marketplace/categories.server";
import { createFaq } from "~/services/marketplace/faqs.server";
import { redirectWithToast } from "~/services/toast.server";
import { callerOf } from "~/services/marketplace/client.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request, "Category");
  const categoryId = idParam(params.categoryid);
  const category = await getCategory(callerOf(admin, request), categoryId).catch(throwLoaderError);
  return { category: { id: category.category_id, name: category.categoryName } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request, "Category");
  const categoryId = idParam(params.categoryid);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== "save") {
    throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
  const values = submittedValues(formData);
  const result = await addFaqValidator.validate(formData);
  if (result.error) return formFailure(values, { fieldErrors: result.error.fieldErrors }, 422);
  try {
    await createFaq(callerOf(admin, request, formData), { category: categoryId, content: result.data.content });
  } catch (error) {
    return apiFailure(error, values, "FAQ");
  }
  return redirectWithToast(request, `/admin/edit-categories/${categoryId}`, {
    type: "success",
    message: "Faq saved successfully",
  });
}

export default function AddFaqPage() {
  const { category } = useLoaderData<typeof loader>();
  const back = `/admin/edit-categories/${category.id}`;
  return (
    <section className="panel">
      <Text size="2">
        <Link to={back}>← {category.name}</Link>
      </Text>
      <Heading as="h1" size="6" mt="2" mb="4">
        Add FAQ
      </Heading>
      <FaqEditor mode="add" categoryName={category.name} defaults={{ content: "" }} cancelTo={back} />
    </section>
  );
}
