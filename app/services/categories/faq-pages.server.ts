import { z } from "zod";
import { faqQuestion } from "~contract/faqs";
import { FAQ_QUESTION_FALLBACK } from "~/models/faqs";
import { addFaqValidator, editFaqValidator } from "~/models/faq-forms";
import { handleForm, intent } from "~/services/form-action.server";
import { SOME_ERROR } from "~/services/form-result.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { sanitizeRichText } from "~shared/sanitize";
import { formatDateTime } from "~/utils/dates";

const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });
const categoryPage = (categoryId: number) => `/admin/edit-categories/${categoryId}`;

/** Add FAQ: the category it goes under. */
export async function addFaqLoader(api: Marketplace, categoryId: number) {
  const category = await api.getCategory(categoryId);
  return { category: { id: category.category_id, name: category.categoryName } };
}

/** Add FAQ's save: create, then back to the category with a toast. */
export function addFaqAction(request: Request, api: Marketplace, categoryId: number) {
  return handleForm(request, api, {
    save: intent(
      addFaqValidator,
      async ({ content }) => {
        await api.createFaq({ category: categoryId, content });
        return redirectWithToast(request, categoryPage(categoryId), { type: "success", message: "Faq saved successfully" });
      },
      { what: "FAQ" },
    ),
  });
}

/** Edit FAQ: the FAQ (404 when it belongs to another category), its preview, and the delete dialog. */
export async function editFaqLoader(request: Request, api: Marketplace, categoryId: number, faqId: number) {
  const [category, faq] = await Promise.all([api.getCategory(categoryId), api.getFaq(faqId)]);
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

/** Edit FAQ's forms: save (No Change Detected when the content is the same) and the confirmed delete (refusal → toast). */
export function editFaqAction(request: Request, api: Marketplace, categoryId: number, faqId: number) {
  const back = categoryPage(categoryId);
  const here = `${back}/edit-faq/${faqId}`;
  return handleForm(request, api, {
    save: intent(
      editFaqValidator,
      async ({ content, updated_at }) => {
        const current = await api.getFaq(faqId);
        if (current.category !== categoryId) throw notFound();
        if (current.content.trim() === content.trim()) {
          return redirectWithToast(request, here, { type: "info", message: "No Change Detected" });
        }
        await api.updateFaq(faqId, { content, updated_at });
        return redirectWithToast(request, back, { type: "success", message: "Faq updated successfully" });
      },
      { what: "FAQ" },
    ),
    delete: intent(
      z.object({}),
      async () => {
        await api.deleteFaq(faqId);
        return redirectWithToast(request, back, { type: "success", message: "Faq deleted successfully" });
      },
      {
        refused: (error) => {
          return redirectWithToast(request, here, { type: "error", message: error.message || SOME_ERROR });
        },
      },
    ),
  });
}
