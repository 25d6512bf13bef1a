/**
 * Demo orders and everything around them: payments (every status, PhonePe-style raw responses,
 * invoices with GST and platform commission), cancellations, cancellation reasons, consultations
 * (past and future slots), chats, files, activities and video-call logs. Deterministic for a seed
 * number; dates come from `base`, never from the clock. `seedExtraOrders` adds N generated orders
 * with one payment each through jsonb_to_recordset bulk inserts.
 */
import { asc, count, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import type { Tx } from "../lib/audit";
import { BULK_CHUNK, insertJson, type BulkColumns } from "./bulk";
import { mulberry32, type Random } from "./random";
import {
  cancellationReasons,
  cancelledOrders,
  mainConsultations,
  orderActivities,
  orderChats,
  orderFiles,
  orders,
  payments,
  plans,
  serviceProviders,
  videoCallLogs,
  ORDER_STATUS_VALUES,
  PAYMENT_STATUS_VALUES,
  SERVICE_TYPE_VALUES,
} from "../db/schema";
import { providerInvoiceSplit } from "~shared/money";

type ServiceType = (typeof SERVICE_TYPE_VALUES)[number];
type OrderStatus = (typeof ORDER_STATUS_VALUES)[number];
type PaymentStatus = (typeof PAYMENT_STATUS_VALUES)[number];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const pick = <T>(random: Random, list: readonly T[]) => list[Math.floor(random() * list.length)];

/** The platform commission (service fee %) by plan; providers without a plan pay the Free rate. */
export const SERVICE_FEE_BY_PLAN: Record<string, string> = { Free: "20.00", Basic: "15.00", Elite: "12.50", Pro: "10.00" };
export const DEFAULT_SERVICE_FEE = "20.00";
export const MERCHANT_ID = "MARKETPLACEUAT";

export const OFFERINGS: Record<ServiceType, { offerings: string; paise: number }[]> = {
  Consultation: [
    { offerings: "30 Minutes Video Consultation", paise: 49_900 },
    { offerings: "45 Minutes Video Consultation", paise: 74_950 },
    { offerings: "60 Minutes Phone Consultation", paise: 99_900 },
  ],
  Service: [
    { offerings: "GST Registration", paise: 149_900 },
    { offerings: "Private Limited Company Registration", paise: 699_900 },
    { offerings: "E-commerce Website (10 pages)", paise: 2_499_900 },
  ],
  Retainership: [
    { offerings: "Monthly Bookkeeping Retainer", paise: 500_000 },
    { offerings: "Quarterly Compliance Retainer", paise: 1_250_050 },
  ],
  AddOnService: [
    { offerings: "Extra Revision", paise: 29_900 },
    { offerings: "Express Delivery", paise: 99_999 },
  ],
};

const REASONS: Record<"User" | "ServiceProvider", Record<"PRE" | "POST", [string, string][]>> = {
  User: {
    PRE: [
      ["Booked by mistake", "Full refund"],
      ["Found another provider", "Full refund"],
      ["Provider did not respond in time", "Full refund"],
    ],
    POST: [
      ["Work not as described", "Refund after review"],
      ["Delivery delayed", "Partial refund"],
      ["No longer needed", "No refund after acceptance"],
    ],
  },
  ServiceProvider: {
    PRE: [
      ["Not available on the requested date", "No penalty"],
      ["Outside my expertise", "No penalty"],
      ["Insufficient information from the client", "No penalty"],
    ],
    POST: [
      ["Client unresponsive", "Booster points deducted"],
      ["Scope changed after acceptance", "Booster points deducted"],
      ["Personal emergency", "Rating reviewed"],
    ],
  },
};

const CHAT_LINES = [
  "Hello, I have booked the service. When can we start?",
  "Thanks for booking! Please share the documents listed in the requirements.",
  "Uploaded the PAN card and address proof.",
  "Received, I will share the first draft by tomorrow evening.",
  "Draft looks good, just one change in the company name.",
];

const pad = (n: number, width: number) => String(n).padStart(width, "0");
export const shortIdFor = (n: number) => `ORD${pad(n, 6)}`;
const utrFor = (random: Random) => `${Math.floor(100_000 + random() * 900_000)}${pad(Math.floor(random() * 1e6), 6)}`;

export function phonePeResponse(status: PaymentStatus, merchantTransactionId: string, transactionId: string, paise: number, utr: string) {
  const [state, code, responseCode] =
    status === "PAYMENT_SUCCESS" || status === "WITHDRAWN"
      ? ["COMPLETED", "PAYMENT_SUCCESS", "SUCCESS"]
      : status === "PAYMENT_PENDING"
        ? ["PENDING", "PAYMENT_PENDING", "PENDING"]
        : status === "PAYMENT_CANCELLED"
          ? ["FAILED", "PAYMENT_CANCELLED", "USER_CANCEL"]
          : status === "PAYMENT_ERROR"
            ? ["FAILED", "PAYMENT_ERROR", "INTERNAL_SERVER_ERROR"]
            : ["FAILED", "PAYMENT_DECLINED", "PAYMENT_DECLINED"];
  return {
    success: code === "PAYMENT_SUCCESS",
    code,
    message: code === "PAYMENT_SUCCESS" ? "Your payment is successful." : "Payment could not be completed.",
    data: {
      merchantId: MERCHANT_ID,
      merchantTransactionId,
      transactionId,
      amount: paise,
      state,
      responseCode,
      paymentInstrument: { type: "UPI", utr },
    },
  };
}

/** What the demo order's payments look like, by order status (covers every payment status). */
function paymentPlan(status: OrderStatus, k: number): PaymentStatus[] {
  switch (status) {
    case "Pending":
      return [["PAYMENT_PENDING"], ["PAYMENT_FAILED", "PAYMENT_SUCCESS"], ["PAYMENT_ERROR", "PAYMENT_SUCCESS"], ["PAYMENT_SUCCESS"]][
        k % 4
      ] as PaymentStatus[];
    case "Cancelled":
      return [["PAYMENT_CANCELLED"], ["PAYMENT_SUCCESS"]][k % 2] as PaymentStatus[];
    case "Completed":
      return [["WITHDRAWN"], ["PAYMENT_SUCCESS"]][k % 2] as PaymentStatus[];
    default:
      return ["PAYMENT_SUCCESS"];
  }
}

export type OrderSeedSummary = { orders: number; payments: number; reasons: number };

/** Two demo orders for every service type × status (56), on the demo users and providers. */
export async function seedDemoOrders(tx: Tx, random: Random, base: Date): Promise<OrderSeedSummary> {
  const summary: OrderSeedSummary = { orders: 0, payments: 0, reasons: 0 };

  // cancellation reasons: party × PRE/POST × service type, three each. Each party's list (the admin's User
  // and Service Provider tables) is numbered 1…24 in a deliberate order: the PRE (pre-acceptance) sets first,
  // as an order lives them, then POST; within a stage the service types as listed (Consultation, Service,
  // Retainership, AddOnService); within a set the likeliest reason first.
  const reasonRows: (typeof cancellationReasons.$inferInsert)[] = [];
  for (const user_type of ["User", "ServiceProvider"] as const) {
    let position = 0;
    for (const status of ["PRE", "POST"] as const) {
      for (const service_type of SERVICE_TYPE_VALUES) {
        for (const [reason, repercussion] of REASONS[user_type][status]) {
          position += 1;
          reasonRows.push({ user_type, status, service_type, reason, repercussion, order: position, created_at: base, updated_at: base });
        }
      }
    }
  }
  await tx.insert(cancellationReasons).values(reasonRows);
  summary.reasons = reasonRows.length;

  const providers = await tx
    .select({ id: serviceProviders.serviceProvider_id, user_id: serviceProviders.user_id, plan: plans.plan_name })
    .from(serviceProviders)
    .leftJoin(plans, eq(plans.plan_id, serviceProviders.plan_id))
    .orderBy(asc(serviceProviders.serviceProvider_id));
  if (providers.length < 2) return summary;

  let n = 0;
  let invoice = 0;
  for (const serviceType of SERVICE_TYPE_VALUES) {
    for (const status of ORDER_STATUS_VALUES) {
      for (let k = 0; k < 2; k++) {
        n += 1;
        const provider = providers[(n * 7) % providers.length];
        const customer =
          providers[(n * 11 + 3) % providers.length].user_id === provider.user_id
            ? providers[(n * 11 + 4) % providers.length]
            : providers[(n * 11 + 3) % providers.length];
        // the last Consultation Pending order names no minutes: reschedule asks the admin for its length
        const offering =
          serviceType === "Consultation" && status === "Pending" && k === 1
            ? { offerings: "Quick Video Consultation", paise: 39_900 }
            : OFFERINGS[serviceType][(n + k) % OFFERINGS[serviceType].length];
        const created = new Date(base.getTime() + n * 4 * HOUR + Math.floor(random() * 3 * HOUR));
        const accepted = status === "Cancelled" ? k === 1 : !["Pending", "Scheduled"].includes(status);
        const at = (hours: number) => new Date(created.getTime() + hours * HOUR);
        const done = status === "Completed";
        const [order] = await tx
          .insert(orders)
          .values({
            short_id: shortIdFor(n),
            user_id: customer.user_id,
            service_provider_id: provider.id,
            serviceType,
            status,
            charges: offering.paise,
            booked_service: { offerings: offering.offerings, serviceName: `${serviceType}: ${offering.offerings}`, quantity: 1 },
            statusComment:
              status === "Tickets"
                ? "Client raised a ticket about the final draft"
                : status === "Cancelled"
                  ? "Cancelled at the client's request"
                  : null,
            user_mark_as_done: done || status === "PartialyCompleted",
            service_provider_mark_as_done: done || status === "PartialyCompleted" || status === "Tickets",
            bookingTime: serviceType === "Consultation" ? at(48) : at(0),
            acceptedAt: accepted ? at(2) : null,
            finalDraftSharedAt: ["PartialyCompleted", "Completed", "Tickets"].includes(status) ? at(72) : null,
            draftAcceptedAt: ["Completed", "Tickets"].includes(status) ? at(80) : null,
            ticketRaisedAt: status === "Tickets" || (done && k === 1) ? at(90) : null,
            resolvedAt: done && k === 1 ? at(100) : null,
            completedAt: done ? at(120) : null,
            created_at: created,
            updated_at: done ? at(120) : at(3),
          })
          .returning({ id: orders.order_id });
        summary.orders += 1;

        // payments
        const fee = SERVICE_FEE_BY_PLAN[provider.plan ?? ""] ?? DEFAULT_SERVICE_FEE;
        const plan = paymentPlan(status, status === "Pending" ? Math.floor(n / 2) : k);
        for (const [attempt, paymentStatus] of plan.entries()) {
          const paid = paymentStatus === "PAYMENT_SUCCESS" || paymentStatus === "WITHDRAWN";
          const split = providerInvoiceSplit(offering.paise, fee);
          const merchantTx = `MT${pad(n, 6)}${attempt}`;
          const transactionId = `T2601${pad(n * 10 + attempt, 8)}`;
          if (paid) invoice += 1;
          const refunded = status === "Cancelled" && paid;
          await tx.insert(payments).values({
            order_id: order.id,
            transaction_id: transactionId,
            payment_gateway: "PhonePe",
            payment_status: paymentStatus,
            total_amount: offering.paise,
            payment_date: new Date(created.getTime() + (attempt + 1) * 5 * MINUTE),
            release_date: paymentStatus === "WITHDRAWN" ? at(150) : null,
            phonepe_response: phonePeResponse(paymentStatus, merchantTx, transactionId, offering.paise, utrFor(random)),
            invoice_number: paid ? `INV/2026/${pad(invoice, 6)}` : null,
            company_invoice_number: paid ? `MPC/2026/${pad(invoice, 6)}` : null,
            sp_invoice_to_user_number: paid ? `SPU/2026/${pad(invoice, 6)}` : null,
            gst_no: paid && n % 3 === 0 ? `27AAPC${String.fromCharCode(65 + (n % 26))}${pad(n, 4)}R1Z${n % 10}` : null,
            service_fee_percent: fee,
            platform_commission: paid ? split.service_charge : 0,
            gst: paid ? split.gst : 0,
            service_provider_amount: paid ? split.payable : 0,
            paid_to_client: refunded ? offering.paise : 0,
            paid_to_provider: paymentStatus === "WITHDRAWN" ? split.payable : 0,
            created_at: new Date(created.getTime() + (attempt + 1) * 5 * MINUTE),
            updated_at: paymentStatus === "WITHDRAWN" ? at(150) : new Date(created.getTime() + (attempt + 1) * 5 * MINUTE),
          });
          summary.payments += 1;
        }

        // activities whose details are JSON, as the cancel and reschedule calls write them
        const detailedActivities: (typeof orderActivities.$inferInsert)[] = [];
        if (status === "Cancelled") {
          const by = k === 0 ? ("User" as const) : ("ServiceProvider" as const);
          const set = accepted ? "POST" : "PRE";
          const cancellation = {
            cancelled_by: by,
            reason: REASONS[by][set][n % 3][0],
            comment: by === "User" ? "Client asked to cancel over the phone." : "Provider is unavailable this month.",
          };
          await tx.insert(cancelledOrders).values({ order_id: order.id, ...cancellation, created_by: null, created_at: at(6) });
          detailedActivities.push({
            order_id: order.id,
            activity_type: "Order cancelled",
            activity_timestamp: at(6),
            user_id: by === "User" ? customer.user_id : provider.user_id,
            details: JSON.stringify(cancellation),
          });
        }

        if (serviceType === "Consultation") {
          // future slots (two years after base) while the consultation is still ahead, past ones otherwise
          const ahead = ["Pending", "Scheduled"].includes(status);
          const first = ahead ? new Date(base.getTime() + 730 * DAY + n * HOUR) : at(48);
          const minutes = Number(/(\d+)/.exec(offering.offerings)?.[1] ?? 30);
          const slots = [0, 1, 2].map((s) => {
            const start = new Date(first.getTime() + s * DAY);
            return { slot: s + 1, startTime: start.toISOString(), endTime: new Date(start.getTime() + minutes * MINUTE).toISOString() };
          });
          if (status === "Scheduled") {
            // the client moved the consultation once, a day later than first picked
            const was = {
              startTime: new Date(Date.parse(slots[0].startTime) - DAY).toISOString(),
              endTime: new Date(Date.parse(slots[0].endTime) - DAY).toISOString(),
            };
            detailedActivities.push({
              order_id: order.id,
              activity_type: "Consultation rescheduled",
              activity_timestamp: at(3),
              user_id: customer.user_id,
              details: JSON.stringify({ from: was, to: { startTime: slots[0].startTime, endTime: slots[0].endTime } }),
            });
          }
          await tx.insert(mainConsultations).values({
            order_id: order.id,
            consultationDetails: { selectedSlot: { startTime: slots[0].startTime, endTime: slots[0].endTime }, mode: "Video" },
            timeSlots: slots,
            created_at: created,
            updated_at: created,
          });
          if (["InProgress", "PartialyCompleted", "Completed", "Tickets"].includes(status)) {
            // both join, the user drops and rejoins; overlapping presence
            const t0 = new Date(slots[0].startTime).getTime();
            const seconds = (s: number) => new Date(t0 + s * 1000);
            await tx.insert(videoCallLogs).values([
              { order_id: order.id, event: "join", timestamp: seconds(0), user_id: customer.user_id },
              { order_id: order.id, event: "join", timestamp: seconds(95), user_id: provider.user_id },
              { order_id: order.id, event: "leave", timestamp: seconds(600), user_id: customer.user_id },
              { order_id: order.id, event: "join", timestamp: seconds(660), user_id: customer.user_id },
              { order_id: order.id, event: "leave", timestamp: seconds(1_745), user_id: provider.user_id },
              { order_id: order.id, event: "leave", timestamp: seconds(1_800), user_id: customer.user_id },
            ]);
          }
        }

        // chats on most orders: one with an unknown sender name and a bad timestamp; a few none
        if (n % 5 !== 4) {
          const lines = 2 + (n % 4);
          await tx.insert(orderChats).values(
            Array.from({ length: lines }, (_, m) => {
              const fromUser = m % 2 === 0;
              const odd = n === 1 && m === 1;
              return {
                order_id: order.id,
                sender: fromUser ? customer.user_id : provider.user_id,
                sender_name: odd ? null : fromUser ? "client" : "provider",
                data: { text: CHAT_LINES[m % CHAT_LINES.length] },
                timestamp: n === 1 && m === 2 ? "not-a-date" : new Date(created.getTime() + (m + 1) * 17 * MINUTE).toISOString(),
              };
            }),
          );
        }
        if (n % 3 === 0 || n === 1) {
          await tx.insert(orderFiles).values([
            {
              order_id: order.id,
              sender: customer.user_id,
              sender_name: "client",
              file: `requirements-${n}.pdf`,
              final_status: null,
              created_at: at(1),
            },
            {
              order_id: order.id,
              sender: provider.user_id,
              sender_name: "provider",
              file: `draft-${n}.pdf`,
              final_status: "Draft",
              created_at: at(70),
            },
            ...(done || n === 1
              ? [
                  {
                    order_id: order.id,
                    sender: provider.user_id,
                    sender_name: "provider",
                    file: `final-${n}.pdf`,
                    final_status: "Final",
                    created_at: at(110),
                  },
                ]
              : []),
          ]);
        }
        const activityRows: (typeof orderActivities.$inferInsert)[] = [
          {
            order_id: order.id,
            activity_type: "Order placed",
            activity_timestamp: created,
            user_id: customer.user_id,
            details: offering.offerings,
          },
        ];
        if (plan.some((s) => s === "PAYMENT_SUCCESS" || s === "WITHDRAWN")) {
          activityRows.push({
            order_id: order.id,
            activity_type: "Payment received",
            activity_timestamp: at(0.1),
            user_id: customer.user_id,
            details: null,
          });
        }
        if (accepted)
          activityRows.push({
            order_id: order.id,
            activity_type: "Order accepted",
            activity_timestamp: at(2),
            user_id: provider.user_id,
            details: null,
          });
        if (done)
          activityRows.push({
            order_id: order.id,
            activity_type: "Marked as done",
            activity_timestamp: at(120),
            user_id: customer.user_id,
            details: null,
          });
        await tx.insert(orderActivities).values([...activityRows, ...detailedActivities]);
      }
    }
  }
  return summary;
}

const ORDER_COLUMNS: BulkColumns = [
  ["short_id", "text"],
  ["user_id", "integer"],
  ["service_provider_id", "integer"],
  ["serviceType", "text"],
  ["status", "text"],
  ["charges", "integer"],
  ["booked_service", "jsonb"],
  ["user_mark_as_done", "boolean"],
  ["service_provider_mark_as_done", "boolean"],
  ["bookingTime", "timestamptz"],
  ["acceptedAt", "timestamptz"],
  ["completedAt", "timestamptz"],
  ["created_at", "timestamptz"],
  ["updated_at", "timestamptz"],
];
const PAYMENT_COLUMNS: BulkColumns = [
  ["order_id", "integer"],
  ["transaction_id", "text"],
  ["payment_gateway", "text"],
  ["payment_status", "text"],
  ["total_amount", "integer"],
  ["payment_date", "timestamptz"],
  ["release_date", "timestamptz"],
  ["phonepe_response", "jsonb"],
  ["invoice_number", "text"],
  ["service_fee_percent", "numeric"],
  ["platform_commission", "integer"],
  ["gst", "integer"],
  ["service_provider_amount", "integer"],
  ["paid_to_provider", "integer"],
  ["created_at", "timestamptz"],
  ["updated_at", "timestamptz"],
];

/**
 * `count` generated orders with one payment each, one every `spacingMinutes` (5) going back from
 * `base`, on the providers present (customers are other providers' users). Short ids continue
 * after the orders present. With `notAfter` (ms), an order whose completion would come after it is
 * still in progress (the present-day demo: nothing happens in the future).
 */
export async function seedExtraOrders(
  db: Database,
  {
    seed,
    count: total,
    base,
    spacingMinutes = 5,
    notAfter = Infinity,
  }: { seed: number; count: number; base: Date; spacingMinutes?: number; notAfter?: number },
) {
  if (total <= 0) return 0;
  const random = mulberry32(seed ^ 0x27d4eb2f);
  const providers = await db
    .select({ id: serviceProviders.serviceProvider_id, user_id: serviceProviders.user_id, plan: plans.plan_name })
    .from(serviceProviders)
    .leftJoin(plans, eq(plans.plan_id, serviceProviders.plan_id))
    .orderBy(asc(serviceProviders.serviceProvider_id));
  if (providers.length < 2) throw new Error("Generated orders need at least two service providers");
  const [{ existing }] = await db.select({ existing: count() }).from(orders);
  const start = Number(existing);
  const statusWeights: OrderStatus[] = [
    "Pending",
    "Pending",
    "InProgress",
    "Scheduled",
    "PartialyCompleted",
    "Completed",
    "Completed",
    "Completed",
    "Cancelled",
    "Tickets",
  ];
  await db.transaction(async (tx) => {
    for (let offset = 0; offset < total; offset += BULK_CHUNK) {
      const n = Math.min(total, offset + BULK_CHUNK) - offset;
      const orderRows: Record<string, unknown>[] = [];
      const meta: { paise: number; fee: string; status: OrderStatus; created: number }[] = [];
      for (let k = 0; k < n; k++) {
        const i = start + offset + k + 1;
        const provider = providers[Math.floor(random() * providers.length)];
        let customer = providers[Math.floor(random() * providers.length)];
        if (customer.user_id === provider.user_id) customer = providers[(providers.indexOf(customer) + 1) % providers.length];
        const serviceType = pick(random, SERVICE_TYPE_VALUES);
        const offering = pick(random, OFFERINGS[serviceType]);
        const picked = pick(random, statusWeights);
        const created = base.getTime() - (offset + k + 1) * spacingMinutes * MINUTE - Math.floor(random() * 4 * MINUTE);
        // a completion (5 days on) or a release (6) that would lie in the future has not happened yet
        const status: OrderStatus =
          created + 2 * HOUR > notAfter
            ? "Pending"
            : created + 6 * DAY > notAfter && (picked === "Completed" || picked === "Tickets")
              ? "InProgress"
              : picked;
        const done = status === "Completed";
        orderRows.push({
          short_id: shortIdFor(i),
          user_id: customer.user_id,
          service_provider_id: provider.id,
          serviceType,
          status,
          charges: offering.paise,
          booked_service: { offerings: offering.offerings },
          user_mark_as_done: done,
          service_provider_mark_as_done: done,
          bookingTime: new Date(created + 2 * DAY).toISOString(),
          acceptedAt: status === "Pending" || status === "Scheduled" ? null : new Date(created + 2 * HOUR).toISOString(),
          completedAt: done ? new Date(created + 5 * DAY).toISOString() : null,
          created_at: new Date(created).toISOString(),
          updated_at: new Date(Math.min(notAfter, created + HOUR)).toISOString(),
        });
        meta.push({ paise: offering.paise, fee: SERVICE_FEE_BY_PLAN[provider.plan ?? ""] ?? DEFAULT_SERVICE_FEE, status, created });
      }
      const ids = await insertJson(tx, "orders", ORDER_COLUMNS, orderRows, 'RETURNING "order_id"');
      const paymentRows = ids.map((row, k) => {
        const m = meta[k];
        const paymentStatus: PaymentStatus =
          m.status === "Pending"
            ? pick(random, ["PAYMENT_PENDING", "PAYMENT_FAILED", "PAYMENT_ERROR", "PAYMENT_SUCCESS"] as const)
            : m.status === "Cancelled"
              ? "PAYMENT_CANCELLED"
              : m.status === "Completed" && random() < 0.5
                ? "WITHDRAWN"
                : "PAYMENT_SUCCESS";
        const paid = paymentStatus === "PAYMENT_SUCCESS" || paymentStatus === "WITHDRAWN";
        const split = providerInvoiceSplit(m.paise, m.fee);
        const id = Number(row.order_id);
        const transactionId = `TG${pad(id, 10)}`;
        const at = new Date(m.created + 5 * MINUTE).toISOString();
        return {
          order_id: id,
          transaction_id: transactionId,
          payment_gateway: "PhonePe",
          payment_status: paymentStatus,
          total_amount: m.paise,
          payment_date: at,
          release_date: paymentStatus === "WITHDRAWN" ? new Date(m.created + 6 * DAY).toISOString() : null,
          phonepe_response: phonePeResponse(paymentStatus, `MG${pad(id, 10)}`, transactionId, m.paise, utrFor(random)),
          invoice_number: paid ? `INV/G/${pad(id, 8)}` : null,
          service_fee_percent: m.fee,
          platform_commission: paid ? split.service_charge : 0,
          gst: paid ? split.gst : 0,
          service_provider_amount: paid ? split.payable : 0,
          paid_to_provider: paymentStatus === "WITHDRAWN" ? split.payable : 0,
          created_at: at,
          updated_at: at,
        };
      });
      await insertJson(tx, "payments", PAYMENT_COLUMNS, paymentRows);
    }
  });
  return total;
}
