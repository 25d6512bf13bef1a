/**
 * Demo notification templates: both user types, several events, some with every channel and some
 * with only one (the list's channel chips differ). No randomness.
 */
import type { Tx } from "../lib/audit";
import { notificationTemplates } from "../db/schema";

type Demo = {
  user_type: "User" | "ServiceProvider";
  notification_type: string;
  web_notification: string;
  whatsapp_template: string;
  email_template: string;
};

export const DEMO_TEMPLATES: Demo[] = [
  {
    user_type: "User",
    notification_type: "order_placed",
    web_notification: "Your order {order_id} for {service_name} is confirmed.",
    whatsapp_template:
      "Hi {username}, your order {order_id} for {service_name} with {provider_name} is confirmed for {booking_date}. Amount paid: {amount}.",
    email_template:
      "<h2>Order confirmed</h2><p>Hi {username},</p><p>Your order <strong>{order_id}</strong> for {service_name} with {provider_name} is booked for {booking_date}.</p><p>Amount paid: {amount}</p>",
  },
  {
    user_type: "ServiceProvider",
    notification_type: "order_placed",
    web_notification: "New order {order_id}: {service_name} on {booking_date}.",
    whatsapp_template: "Hello {provider_name}, {username} booked {service_name} ({order_id}) for {booking_date}.",
    email_template:
      "<p>Hello {provider_name},</p><p>{username} has booked <strong>{service_name}</strong> for {booking_date}. Order {order_id}.</p>",
  },
  {
    user_type: "User",
    notification_type: "order_cancelled",
    web_notification: "Order {order_id} was cancelled by {cancelled_by}.",
    whatsapp_template:
      "Hi {username}, your order {order_id} for {service_name} was cancelled by {cancelled_by}. Reason: {cancellation_reason}. Refund: {refund_amount}.",
    email_template: "",
  },
  {
    user_type: "User",
    notification_type: "consultation_rescheduled",
    web_notification: "Your consultation {order_id} moved to {new_booking_date}.",
    whatsapp_template: "",
    email_template:
      "<p>Hi {username},</p><p>Your consultation with {provider_name} ({order_id}) has moved from {booking_date} to <strong>{new_booking_date}</strong>.</p>",
  },
  {
    user_type: "ServiceProvider",
    notification_type: "payout_released",
    web_notification: "Payout of {payout_amount} for {order_id} released.",
    whatsapp_template: "Hello {provider_name}, {payout_amount} for order {order_id} has been released to your bank account.",
    email_template:
      "<p>Hello {provider_name},</p><p>We have released <strong>{payout_amount}</strong> for order {order_id}. It reaches your bank in 1-2 working days.</p>",
  },
  {
    user_type: "ServiceProvider",
    notification_type: "document_rejected",
    web_notification: "Your {document_name} was not approved.",
    whatsapp_template: "Hello {provider_name}, your {document_name} could not be approved: {rejection_reason}. Please upload it again.",
    email_template: "",
  },
  {
    user_type: "ServiceProvider",
    notification_type: "subscription_expiring",
    web_notification: "",
    whatsapp_template: "Hello {provider_name}, your {plan_name} plan expires on {expiry_date}. Renew to keep receiving orders.",
    email_template: "<p>Hello {provider_name},</p><p>Your <strong>{plan_name}</strong> plan expires on {expiry_date}.</p>",
  },
  {
    user_type: "User",
    notification_type: "payment_received",
    web_notification: "We received {amount} for {order_id}.",
    whatsapp_template: "",
    email_template:
      "<p>Hi {username},</p><p>We received your payment of {amount} (payment id {payment_id}) for {service_name}, order {order_id}.</p>",
  },
];

export async function seedDemoNotificationTemplates(tx: Tx, base: Date) {
  await tx
    .insert(notificationTemplates)
    .values(DEMO_TEMPLATES.map((t) => ({ ...t, created_at: base, updated_at: base, updated_by: "admin" })));
}
