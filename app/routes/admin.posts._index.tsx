import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PostsPage } from "~/components/posts/posts-page";
import { requireAdmin } from "~/services/auth.server";
import { postsListLoader } from "~/services/posts/posts-list.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Posts" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "S3BucketManager");
  return postsListLoader(request, api);
}

export default PostsPage;
