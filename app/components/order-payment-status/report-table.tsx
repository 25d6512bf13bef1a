import { DataTable, type Column } from "~/components/data-table";
import { PaymentStatusBadge } from "~/components/payments/payment-badge";
import { Flex, Text } from "~/components/ui";
import { UserLink } from "~/components/user-link";
import type { OrderPaymentStatusListRow } from "~/models/order-payment-status";

/** A party's name with its email beneath, in one cell. */
function NameAndEmail({ name, email, userId }: { name: string; email: string; userId?: number | null }) {
  return (
    <Flex direction="column">
      <span>
        <UserLink id={userId} name={name} />
      </span>
      <Text size="1" color="gray">
        {email}
      </Text>
    </Flex>
  );
}

const columns: Column<OrderPaymentStatusListRow>[] = [
  { key: "shortId", header: "Order Id", cell: (r) => r.shortId },
  { key: "created", header: "Created Date", cell: (r) => r.created },
  { key: "completed", header: "Completed Date", cell: (r) => r.completed },
  { key: "status", header: "Order Status", cell: (r) => r.status },
  { key: "payDate", header: "Pay Date", cell: (r) => r.payDate },
  { key: "payStatus", header: "Payment Status", cell: (r) => <PaymentStatusBadge status={r.payStatus} /> },
  { key: "invoice", header: "Invoice No.", cell: (r) => r.invoice },
  { key: "user", header: "User", cell: (r) => <NameAndEmail name={r.user} email={r.userEmail} userId={r.userId} /> },
  { key: "provider", header: "Provider", cell: (r) => <NameAndEmail name={r.provider} email={r.providerEmail} /> },
  { key: "offerings", header: "Offerings", cell: (r) => r.offerings },
  { key: "charges", header: "Charges", align: "right", cell: (r) => r.charges },
  { key: "paidToProvider", header: "Paid To Provider", align: "right", cell: (r) => r.paidToProvider },
  { key: "commission", header: "Platform Commission", align: "right", cell: (r) => r.commission },
  { key: "gst", header: "GST", align: "right", cell: (r) => r.gst },
];

export function ReportTable({ rows }: { rows: OrderPaymentStatusListRow[] }) {
  return <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} caption="Order payment status" />;
}
