import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ContactsPage } from "~/components/contacts/contacts-page";
import { requireAdmin } from "~/services/auth.server";
import { contactsListLoader } from "~/services/contacts/contacts-list.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Contact Leads" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Contacts");
  return contactsListLoader(request, api);
}

export default ContactsPage;
