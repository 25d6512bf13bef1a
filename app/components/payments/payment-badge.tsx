import { Badge } from "~/components/ui";
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "~contract/payment-labels";

const COLOR: Record<PaymentStatus, "green" | "red" | "gray" | "blue" | "indigo"> = {
  PAYMENT_SUCCESS: "green",
  PAYMENT_FAILED: "red",
  PAYMENT_ERROR: "red",
  PAYMENT_CANCELLED: "gray",
  PAYMENT_PENDING: "indigo",
  WITHDRAWN: "blue",
};

/** A payment status as a badge; WITHDRAWN reads "Released". */
export function PaymentStatusBadge({ status }: { status: string | null }) {
  if (!status) return <>—</>;
  const known = status in PAYMENT_STATUS_LABELS ? (status as PaymentStatus) : null;
  return (
    <Badge color={known ? COLOR[known] : "gray"} variant="soft" radius="full">
      {known ? PAYMENT_STATUS_LABELS[known] : status}
    </Badge>
  );
}
