import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BucketManagerPage } from "~/components/bucket-manager/bucket-manager-page";
import { requireAdmin } from "~/services/auth.server";
import { bucketAction } from "~/services/bucket-manager/actions.server";
import { bucketListLoader } from "~/services/bucket-manager/list.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | S3 Bucket Manager" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "S3BucketManager");
  return bucketListLoader(request, api);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "S3BucketManager");
  return bucketAction(request, api);
}

export default BucketManagerPage;
