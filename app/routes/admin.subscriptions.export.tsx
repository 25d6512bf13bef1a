import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { listExportResponse } from "~/services/list-export.server";
import { PLANS_EXPORT } from "~/services/subscriptions/plans-export.server";

/**
 * GET /admin/subscriptions/export?format=xlsx|csv: every subscription plan, as its card shows it.
 * (Named admin.subscriptions.export, not admin.subscriptions._index.export: an index route cannot have a child.)
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "SubscriptionPlan");
  return listExportResponse(request, api, PLANS_EXPORT, context.othersInFlight);
}
