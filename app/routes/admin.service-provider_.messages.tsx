import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { MessagesPage } from "~/components/service-providers/messages-page";
import { requireAdmin } from "~/services/auth.server";
import { messagesAction } from "~/services/service-providers/messages-action.server";
import { messagesLoader } from "~/services/service-providers/messages-loader.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Sent Messages" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "ServiceProvider");
  return messagesLoader(request, api);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "ServiceProvider");
  return messagesAction(request, api);
}

export default MessagesPage;
