import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { TemplateEditorPage } from "~/components/notification-templates/template-editor";
import { requireAdmin } from "~/services/auth.server";
import { addTemplateAction, addTemplateLoader } from "~/services/notification-templates/templates.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
export { keepTypedValues as shouldRevalidate } from "~/models/form-result";

export const meta: MetaFunction = () => [{ title: "Admin | Add Notification Template" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Notification");
  return addTemplateLoader(request, api);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Notification");
  return addTemplateAction(request, api);
}

export default TemplateEditorPage;
