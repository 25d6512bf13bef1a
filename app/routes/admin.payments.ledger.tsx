import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PayoutLedgerPage } from "~/components/payout-ledger/ledger-page";
import { requireAdmin } from "~/services/auth.server";
import { payoutLedgerLoader } from "~/services/payout-ledger/ledger-loader.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.kind === "ledger" ? `Admin | Ledger — ${data.provider.username}` : "Admin | Payout ledger" },
];

/** GET /admin/payments/ledger?provider=<id>: a provider's payout ledger (issue 34 §2). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Payment");
  return payoutLedgerLoader(request, api);
}

export default PayoutLedgerPage;
