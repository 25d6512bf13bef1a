import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DocumentsPage } from "~/components/documents/documents-page";
import { requireAdmin } from "~/services/auth.server";
import { documentsListLoader } from "~/services/documents/documents-list.server";
import { documentsReviewAction } from "~/services/documents/review-actions.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Documents" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Documents");
  return documentsListLoader(request, api);
}

/** Approve / Reject a row's documents (its dialog posts here). */
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Documents");
  return documentsReviewAction(request, api);
}

export default DocumentsPage;
