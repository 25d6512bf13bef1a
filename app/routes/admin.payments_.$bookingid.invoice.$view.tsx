import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { InvoiceSheet, type InvoiceLine } from "~/components/payments/invoice";
import { MessagePanel } from "~/components/message-panel";
import { Button, Text } from "~/components/ui";
import { PAYMENT_STATUS_LABELS } from "~contract/payment-labels";
import { PAYMENT_MESSAGES } from "~contract/payments";
import { serviceTypeLabel } from "~/models/order-labels";
import { requireAdmin } from "~/services/auth.server";
import { formatDate } from "~/utils/dates";
import { formatInr } from "~shared/money";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

const VIEWS = ["service-provider", "user"] as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && "number" in data ? `Admin | Invoice ${data.number}` : "Admin | Invoice" },
];

/**
 * /admin/payments/{short_id}/invoice/service-provider | user: the two print-styled invoices of the
 * order's paid payment. An order that was never paid has no invoice: the page says so (404).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Payment");
  const view = VIEWS.find((v) => v === params.view);
  if (!view) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const shortId = params.bookingid ?? "";
  const payment = await api.getPaidPaymentByShortId(shortId);
  // an order that was never paid has nothing to print: the page says why
  if (!payment) return data({ noInvoice: PAYMENT_MESSAGES.noInvoice(shortId) }, { status: 404 });
  const sp = payment.invoice.service_provider;

  // every figure is the API's exact string, only regrouped for display
  const lines: InvoiceLine[] =
    view === "service-provider"
      ? [
          { label: "Amount", value: formatInr(sp.amount) },
          { label: `Service Charge (${sp.service_fee_percent}%)`, value: `- ${formatInr(sp.service_charge)}` },
          { label: `GST (${sp.gst_percent}% on Service Charge)`, value: `- ${formatInr(sp.gst)}` },
          { label: "Payable Amount", value: formatInr(sp.payable), strong: true },
        ]
      : [{ label: "Amount Paid", value: formatInr(payment.invoice.user.amount), strong: true }];

  return {
    view,
    title: view === "service-provider" ? "Service Provider Invoice" : "User Invoice",
    number:
      (view === "service-provider" ? payment.invoice_number : (payment.sp_invoice_to_user_number ?? payment.invoice_number)) ??
      payment.short_id,
    date: formatDate(payment.payment_date),
    parties:
      view === "service-provider"
        ? [
            {
              heading: "Service Provider",
              lines: [
                payment.serviceProviderUsername,
                payment.serviceProviderEmail,
                ...(payment.gst_no ? [`GSTIN ${payment.gst_no}`] : []),
              ],
            },
            { heading: "User", lines: [payment.userUsername, payment.userEmail] },
          ]
        : [
            { heading: "Billed To", lines: [payment.userUsername, payment.userEmail] },
            { heading: "Service Provider", lines: [payment.serviceProviderUsername, payment.serviceProviderEmail] },
          ],
    service: { type: serviceTypeLabel(payment.serviceType), offering: payment.offering_name, orderId: payment.short_id },
    status: PAYMENT_STATUS_LABELS[payment.payment_status],
    lines,
  };
}

export default function InvoicePage() {
  const invoice = useLoaderData<typeof loader>();
  if ("noInvoice" in invoice) {
    return (
      <MessagePanel
        id="no-invoice-title"
        title="No invoice"
        action={
          <Button asChild variant="soft" color="gray">
            <Link to="/admin/payments">Back to Payments</Link>
          </Button>
        }
      >
        <Text as="p" size="2" style={{ margin: 0 }}>
          {invoice.noInvoice}.
        </Text>
      </MessagePanel>
    );
  }
  return (
    <InvoiceSheet
      title={invoice.title}
      number={invoice.number}
      date={invoice.date}
      parties={invoice.parties}
      service={invoice.service}
      lines={invoice.lines}
      backTo="/admin/payments"
    />
  );
}
