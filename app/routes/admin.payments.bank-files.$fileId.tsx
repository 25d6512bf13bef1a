import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BankFilePage } from "~/components/bank-files/bank-file-page";
import { keepTypedValues } from "~/models/form-result";
import { requireAdmin } from "~/services/auth.server";
import { bankFileAction, bankFileLoader } from "~/services/bank-files/bank-file-detail.server";
import { idParam } from "~/services/form-result.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Bank file" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "Payment");
  return bankFileLoader(request, admin, api, idParam(params.fileId));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Payment");
  return bankFileAction(request, api, idParam(params.fileId));
}

export const shouldRevalidate = keepTypedValues;

export default BankFilePage;
