import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Heading, Text } from "~/components/ui";
import { FaqEditor } from "~/components/categories/faq-editor";
import { idParam } from "~/services/form-result.server";
import { requireAdmin } from "~/services/auth.server";
import { addFaqAction, addFaqLoader } from "~/services/categories/faq-pages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Category");
  return addFaqLoader(api, idParam(params.categoryid));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Category");
  return addFaqAction(request, api, idParam(params.categoryid));
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
