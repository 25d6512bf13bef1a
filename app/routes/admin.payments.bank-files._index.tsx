import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BankFilesPage } from "~/components/bank-files/bank-files-page";
import { keepTypedValues } from "~/models/form-result";
import { requireAdmin } from "~/services/auth.server";
import { bankFilesLoader, generateAction } from "~/services/bank-files/bank-files-list.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Bank files" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "Payment");
  return bankFilesLoader(request, admin, api);
}

/** Generate needs Bank Details besides Payment (403 otherwise, in generateAction). */
export async function action({ request }: ActionFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "Payment");
  return generateAction(request, admin, api);
}

export const shouldRevalidate = keepTypedValues;

export default BankFilesPage;
