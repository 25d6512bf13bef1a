import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Heading, Text } from "~/components/ui";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { FaqEditor } from "~/components/categories/faq-editor";
import { useCloseDialogHref, useDialogHref } from "~/components/categories/category-table";
import { idParam } from "~/services/form-result.server";
import { requireAdmin } from "~/services/auth.server";
import { editFaqAction, editFaqLoader } from "~/services/categories/faq-pages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Category");
  return editFaqLoader(request, api, idParam(params.categoryid), idParam(params.faqid));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Category");
  return editFaqAction(request, api, idParam(params.categoryid), idParam(params.faqid));
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
