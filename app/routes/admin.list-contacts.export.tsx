import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { CONTACTS_EXPORT } from "~/services/contacts/contacts-export.server";
import { listExportResponse } from "~/services/list-export.server";

/** GET /admin/list-contacts/export?…the list's URL…&format=xlsx|csv: the contact leads as searched and sorted, every row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Contacts");
  return listExportResponse(request, api, CONTACTS_EXPORT, context.othersInFlight);
}
