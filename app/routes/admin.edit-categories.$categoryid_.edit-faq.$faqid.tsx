import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Heading, Text } from "~/components/ui";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { FaqEditor } from "~/components/categories/faq-editor";
import { editFaqValidator } from "~/components/categories/faq-form";
import { useCloseDialogHref, useDialogHref } from "~/components/categories/category-table";
import { apiFailure, formFailure, idParam, SOME_ERROR, submittedValues } from "~/services/form-result.server";
import { faqQuestion } from "~contract/faqs";
import { FAQ_QUESTION_FALLBACK } from "~/models/faqs";
import { requireAdmin } from "~/services/auth.server";
import { formatDateTime } from "~/utils/dates";
import { throwLoaderError } from "~/services/errors.server";
import { getCategory } from "~/services/marketplace/categories.server";
import { MarketplaceError, callerOf } from "~/services/marketplace/client.server";
import { deleteFaq, getFaq, updateFaq } from "~/services/marketplace/faqs.server";
import { sanitizeRichText } from "~shared/sanitize";
import { redirectWithToast } from "~/services/toast.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request, "Category");
  const categoryId = idParam(params.categoryid);
  const faqId = idParam(params.faqid);
  const [category, faq] = await Promise.all([
    getCategory(callerOf(admin, request), categoryId).catch(throwLoaderError),
    getFaq(callerOf(admin, request), faqId).catch(throwLoaderError),
  ]);
  if (faq.category !== category.category_id) throw notFound();
  const url = new URL(request.url);
  return {
    category: { id: category.category_id, name: category.categoryName },
    faq: {
      id: faq.id,
      question: faqQuestion(faq.content) ?? FAQ_QUESTION_FALLBACK,
      updatedAt: faq.updated_at,
      updatedText: `${formatDateTime(faq.updated_at)}${faq.updated_by ? ` by ${faq.updated_by}` : ""}`,
      preview: sanitizeRichText(faq.content),
    },
    defaults: { content: faq.content, updated_at: faq.updated_at },
    deleting: url.searchParams.get("dialog") === "delete",
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request, "Category");
  const categoryId = idParam(params.categoryid);
  const faqId = idParam(params.faqid);
  const back = `/admin/edit-categories/${categoryId}`;
  const here = `${back}/edit-faq/${faqId}`;
  const formData = await request.formData();
  const intent = formData.get("intent");

  switch (intent) {
    case "save": {
      const values = submittedValues(formData);
      const result = await editFaqValidator.validate(formData);
      if (result.error) return formFailure(values, { fieldErrors: result.error.fieldErrors }, 422);
      try {
        const current = await getFaq(callerOf(admin, request), faqId);
        if (current.category !== categoryId) throw notFound();
        if (current.content.trim() === result.data.content.trim()) {
          return redirectWithToast(request, here, { type: "info", message: "No Change Detected" });
        }
        await updateFaq(callerOf(admin, request), faqId, { content: result.data.content, updated_at: result.data.updated_at });
      } catch (error) {
        return apiFailure(error, values, "FAQ");
      }
      return redirectWithToast(request, back, { type: "success", message: "Faq updated successfully" });
    }
    case "delete": {
      try {
        await deleteFaq(callerOf(admin, request), faqId);
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        return redirectWithToast(request, here, { type: "error", message: error.message || SOME_ERROR });
      }
      return redirectWithToast(request, back, { type: "success", message: "Faq deleted successfully" });
    }
    default:
      throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
}

export { keepTypedValues as shouldRevalidate } from "~/models/form-result";

export default function EditFaqPage() {
  const { category, faq, defaults, deleting } = useLoaderData<typeof loader>();
  const back = `/admin/edit-categories/${category.id}`;
  const dialogHref = useDialogHref()(faq.id);
  const closeHref = useCloseDialogHref();
  return (
    <>
      <section className="panel">
        <Text size="2">
          <Link to={back}>← {category.name}</Link>
        </Text>
        <Heading as="h1" size="6" mt="2">
          Edit FAQ
        </Heading>
        <Text as="p" size="2" color="gray" mt="1" mb="4">
          {faq.question} · last updated {faq.updatedText}
        </Text>
        <FaqEditor
          key={faq.updatedAt}
          mode="edit"
          categoryName={category.name}
          defaults={defaults}
          cancelTo={back}
          deleteHref={dialogHref}
        />
      </section>
      <section className="panel" aria-labelledby="preview-heading" style={{ marginTop: "var(--space-5)" }}>
        <Heading as="h2" size="4" id="preview-heading" mb="2">
          Preview (as saved)
        </Heading>
        <div className="faq-preview" dangerouslySetInnerHTML={{ __html: faq.preview }} />
      </section>
      <ConfirmDialog
        open={deleting}
        title="Delete this FAQ?"
        cancelTo={closeHref}
        intent="delete"
        fields={{ id: faq.id }}
        confirmLabel="Yes, delete it!"
      >
        <Text as="p" size="2" style={{ margin: 0 }}>
          You won't be able to revert this!
        </Text>
      </ConfirmDialog>
    </>
  );
}
