import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { AuditLogPage } from "~/components/audit-log/audit-log-page";
import { requireAdmin } from "~/services/auth.server";
import { auditLogAction, auditLogLoader } from "~/services/audit-log/audit-log.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Audit Log" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request, "AdminUsers");
  return auditLogLoader(request, admin);
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin } = await requireAdmin(request, "AdminUsers");
  return auditLogAction(request, admin);
}

export default AuditLogPage;
