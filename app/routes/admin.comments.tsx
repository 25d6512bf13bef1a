import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { CommentsPage } from "~/components/comments/comments-page";
import { requireAdmin } from "~/services/auth.server";
import { commentsAction } from "~/services/comments/comment-actions.server";
import { commentsListLoader } from "~/services/comments/comments-list.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Comment Moderation" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Comments");
  return commentsListLoader(request, api);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Comments");
  return commentsAction(request, api);
}

export default CommentsPage;
