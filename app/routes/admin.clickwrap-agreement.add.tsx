import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ClickwrapEditorPage } from "~/components/clickwrap/clickwrap-editor-page";
import type { ClickwrapEditorData } from "~/models/clickwrap-labels";
import { requireAdmin } from "~/services/auth.server";
import { clickwrapEditorAction, clickwrapEditorLoader } from "~/services/clickwrap/clickwrap-editor.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
export { keepTypedValues as shouldRevalidate } from "~/models/form-result";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const page = data as ClickwrapEditorData | undefined;
  if (!page || page.mode === "add") return [{ title: "Admin | Add Terms Version" }];
  return [{ title: `Admin | Terms Version ${page.mode === "locked" ? page.version : page.defaults.version}` }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Agreement");
  return clickwrapEditorLoader(request, api);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Agreement");
  return clickwrapEditorAction(request, api);
}

export default ClickwrapEditorPage;
