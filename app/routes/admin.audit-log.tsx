import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { AuditLogPage } from "~/components/audit-log/audit-log-page";
import { requireAdmin } from "~/services/auth.server";
import { auditLogAction, auditLogLoader } from "~/services/audit-log/audit-log.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Audit Log" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "AdminUsers");
  return auditLogLoader(request, admin, api);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "AdminUsers");
  return auditLogAction(request, api);
}

export default AuditLogPage;
