import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { TemplateEditorPage } from "~/components/notification-templates/template-editor";
import { requireAdmin } from "~/services/auth.server";
import { idParam } from "~/services/form-result.server";
import { editTemplateAction, editTemplateLoader } from "~/services/notification-templates/templates.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
export { keepTypedValues as shouldRevalidate } from "~/models/form-result";

export const meta: MetaFunction = () => [{ title: "Admin | Edit Notification Template" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Notification");
  return editTemplateLoader(request, api, idParam(params.templateid));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Notification");
  return editTemplateAction(request, api, idParam(params.templateid));
}

export default TemplateEditorPage;
