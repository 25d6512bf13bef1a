/**
 * Booking journeys (spec 3 §2.9, §3 Booking journey) for Pending Bookings: about forty demo
 * journeys on the demo providers (customers are other providers' users, as the demo orders'),
 * stopped at each of the five steps with what the customer typed on the way, a few with all five
 * steps done, and a few converted into a demo order (never listed); and `npm run seed -- --journeys N`
 * generated ones over the year before the base date, written by the database (generate_series).
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { bookingJourneys, orders, plans, serviceProviders, users } from "../db/schema";
import type { Tx } from "../lib/audit";
import { OFFERINGS } from "./orders";
import type { Random } from "./random";
import { paiseToInr } from "~shared/money";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Demo journeys per stopping step (1…5), all five done (6), and converted into an order. */
const DEMO_STOPS = [8, 8, 7, 6, 6] as const;
const DEMO_ALL_DONE = 2;
const DEMO_CONVERTED = 4;
export const DEMO_JOURNEYS = DEMO_STOPS.reduce((a, b) => a + b, 0) + DEMO_ALL_DONE + DEMO_CONVERTED;
/** listed (not converted) */
export const DEMO_PENDING_JOURNEYS = DEMO_JOURNEYS - DEMO_CONVERTED;

type Offer = {
  service: string;
  offering: string;
  price: string;
  deliveryTime: string;
  variation: { limits: string; price: string; deliveryTime: string } | null;
};

const rupees = (paise: number) => paiseToInr(paise);

/** What a customer can book: the demo orders' offerings, with a delivery time and a price variation. */
const OFFERS: Offer[] = Object.entries(OFFERINGS).flatMap(([serviceType, list]) =>
  list.map((o, i) => ({
    service: serviceType === "AddOnService" ? "Add-On Service" : serviceType,
    offering: o.offerings,
    price: rupees(o.paise),
    deliveryTime: serviceType === "Consultation" ? "Within 2 days" : serviceType === "Retainership" ? "Monthly" : `${3 + i * 2} days`,
    variation:
      serviceType === "Service"
        ? { limits: i === 2 ? "Up to 20 pages" : "Express filing", price: rupees(Math.round(o.paise * 1.4)), deliveryTime: `${2 + i} days` }
        : null,
  })),
);

const REQUIREMENTS = [
  "Need help registering my bakery for GST before the festive season.",
  "Looking for a quick review of our partnership deed.",
  "We are a three-person startup and want monthly bookkeeping.",
  "Need an online store for handmade sarees, about 40 products.",
  "Want advice on tax saving for a salaried employee with rental income.",
  "Please call before 11 am, I am travelling in the afternoon.",
] as const;

const PLACES = [
  { line1: "14, 2nd Cross, Indiranagar", city: "Bengaluru", state: "Karnataka", pincode: "560038" },
  { line1: "B-402, Lake View Apartments, Powai", city: "Mumbai", state: "Maharashtra", pincode: "400076" },
  { line1: "27 Park Street", city: "Kolkata", state: "West Bengal", pincode: "700016" },
  { line1: "H.No. 8-2-293, Road No. 12, Banjara Hills", city: "Hyderabad", state: "Telangana", pincode: "500034" },
  { line1: "C-56, Sector 62", city: "Noida", state: "Uttar Pradesh", pincode: "201309" },
  { line1: "12/4, Anna Salai, Teynampet", city: "Chennai", state: "Tamil Nadu", pincode: "600018" },
] as const;

const PAYMENT_METHODS = ["UPI", "Credit Card", "Debit Card", "Net Banking"] as const;
const FAILURES = [
  ["PAYMENT_DECLINED", "Declined by the issuing bank"],
  ["PAYMENT_CANCELLED", "Cancelled by the customer on the payment page"],
  ["PAYMENT_ERROR", "Gateway timed out"],
  ["PAYMENT_PENDING", "Awaiting confirmation from the bank"],
] as const;

type Person = { user_id: number; firstName: string; lastName: string; email: string; phone: string };

/** The captured data and timestamps of a journey that stopped at `stop` (6: all five done), started at `start`. */
export function journeyValues(stop: number, start: number, offer: Offer, customer: Person, placeIndex: number, k: number) {
  const at = (minutes: number) => new Date(start + minutes * MINUTE);
  const done = (step: number) => stop > step;
  const times = {
    dialogue_opened_at: done(1) ? at(1) : null,
    basic_info_completed_at: done(2) ? at(4 + (k % 5)) : null,
    order_summary_completed_at: done(3) ? at(9 + (k % 7)) : null,
    address_completed_at: done(4) ? at(14 + (k % 9)) : null,
    payment_completed_at: done(5) ? at(20 + (k % 11)) : null,
  };
  const place = PLACES[placeIndex % PLACES.length];
  const amount = offer.variation && k % 2 === 0 ? offer.variation.price : offer.price;
  const failure = FAILURES[k % FAILURES.length];
  const lastStep = [
    times.payment_completed_at,
    times.address_completed_at,
    times.order_summary_completed_at,
    times.basic_info_completed_at,
    times.dialogue_opened_at,
  ].find(Boolean);
  return {
    ...times,
    journey_started_at: new Date(start),
    // a payment attempt that failed is the last thing that happened to a journey stopped at Payment
    last_updated_at: stop === 5 ? at(18 + (k % 13)) : (lastStep ?? new Date(start)),
    basic_info_data: done(2)
      ? {
          fullName: `${customer.firstName} ${customer.lastName}`.trim(),
          email: customer.email,
          phone: customer.phone,
          requirements: REQUIREMENTS[k % REQUIREMENTS.length],
        }
      : null,
    order_summary_data: done(3)
      ? {
          service: offer.service,
          offering: offer.offering,
          price: offer.price,
          deliveryTime: offer.deliveryTime,
          ...(offer.variation && k % 2 === 0 ? { chosenVariation: offer.variation } : {}),
        }
      : null,
    address_data: done(4) ? { ...place, country: "India" } : null,
    payment_data:
      stop >= 5
        ? {
            method: PAYMENT_METHODS[k % PAYMENT_METHODS.length],
            amount,
            gatewayStatus: done(5) ? "PAYMENT_SUCCESS" : failure[0],
            ...(done(5) ? {} : { failureReason: failure[1] }),
            attemptedAt: (times.payment_completed_at ?? at(18 + (k % 13))).toISOString(),
          }
        : null,
  };
}

async function people(db: Database | Tx) {
  return db
    .select({
      id: serviceProviders.serviceProvider_id,
      user_id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      plan: plans.plan_name,
    })
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.user_id))
    .leftJoin(plans, eq(plans.plan_id, serviceProviders.plan_id))
    .orderBy(asc(serviceProviders.serviceProvider_id))
    .limit(500);
}

/** The demo journeys: over February–March 2026 (after the demo orders), newest last inserted. */
export async function seedDemoJourneys(tx: Tx, random: Random, base: Date): Promise<number> {
  const providers = await people(tx);
  if (providers.length < 2) return 0;
  const converted = await tx
    .select({ id: orders.order_id, user_id: orders.user_id, provider: orders.service_provider_id })
    .from(orders)
    .orderBy(asc(orders.order_id))
    .limit(DEMO_CONVERTED);
  const stops = [
    ...DEMO_STOPS.flatMap((n, i) => Array.from({ length: n }, () => i + 1)),
    ...Array.from({ length: DEMO_ALL_DONE }, () => 6),
  ];
  // shuffled so every step has journeys across the whole period
  for (let i = stops.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [stops[i], stops[j]] = [stops[j], stops[i]];
  }
  const rows: (typeof bookingJourneys.$inferInsert)[] = [];
  stops.forEach((stop, k) => {
    const provider = providers[(k * 7 + 2) % providers.length];
    let customer = providers[(k * 11 + 5) % providers.length];
    if (customer.user_id === provider.user_id) customer = providers[(k * 11 + 6) % providers.length];
    const offer = OFFERS[(k * 3) % OFFERS.length];
    const start = base.getTime() + 35 * DAY + k * 30 * HOUR + Math.floor(random() * 8 * HOUR);
    rows.push({
      user_id: customer.user_id,
      service_provider_id: provider.id,
      service_name: offer.offering,
      ...journeyValues(stop, start, offer, customer, k, k),
    });
  });
  converted.forEach((order, k) => {
    const customer = providers.find((p) => p.user_id === order.user_id) ?? providers[0];
    const offer = OFFERS[k % OFFERS.length];
    const start = base.getTime() + 40 * DAY + k * 2 * DAY;
    rows.push({
      user_id: order.user_id,
      service_provider_id: order.provider,
      service_name: offer.offering,
      order_id: order.id,
      ...journeyValues(6, start, offer, customer, k, k),
    });
  });
  await tx.insert(bookingJourneys).values(rows);
  return rows.length;
}

/**
 * `count` generated journeys over the year before `base`, in one INSERT … SELECT per chunk: about 30 %
 * stop at Book Now Dialogue, 25 % at Basic Info, 20 % at Order Summary, 12 % at Address Details, 8 % at
 * Payment, 2 % all done, 3 % converted (given a present order).
 */
export async function seedExtraJourneys(db: Database, { count: total, base }: { count: number; base: Date }) {
  if (total <= 0) return 0;
  const providers = await people(db);
  if (providers.length < 2) throw new Error("Generated journeys need at least two service providers");
  const orderIds = (await db.select({ id: orders.order_id }).from(orders).orderBy(asc(orders.order_id)).limit(1000)).map((o) => o.id);
  const providerList = JSON.stringify(providers.map((p) => [p.id, p.user_id, `${p.firstName} ${p.lastName}`.trim(), p.email, p.phone]));
  const offers = JSON.stringify(OFFERS);
  const places = JSON.stringify(PLACES);
  const requirements = JSON.stringify(REQUIREMENTS);
  const methods = JSON.stringify(PAYMENT_METHODS);
  const failures = JSON.stringify(FAILURES);
  const orderList = JSON.stringify(orderIds);
  const spacing = Math.max(1, Math.floor((365 * DAY) / total / MINUTE));
  const endIso = base.toISOString();
  const n = providers.length;
  const CHUNK = 25_000;
  await db.transaction(async (tx) => {
    for (let offset = 0; offset < total; offset += CHUNK) {
      const last = Math.min(total, offset + CHUNK);
      // g → stop step (per 100), provider p, customer c (another provider's user), offer o, start t
      await tx.execute(sql`
        INSERT INTO booking_journeys (user_id, service_provider_id, service_name, journey_started_at, last_updated_at,
          dialogue_opened_at, basic_info_completed_at, order_summary_completed_at, address_completed_at, payment_completed_at,
          basic_info_data, order_summary_data, address_data, payment_data, order_id)
        SELECT (c ->> 1)::int, (p ->> 0)::int, o ->> 'offering', t,
               CASE WHEN stop = 5 THEN t + interval '20 minutes' ELSE t + make_interval(mins => (stop - 1) * 5) END,
               CASE WHEN stop > 1 THEN t + interval '1 minute' END,
               CASE WHEN stop > 2 THEN t + interval '5 minutes' END,
               CASE WHEN stop > 3 THEN t + interval '10 minutes' END,
               CASE WHEN stop > 4 THEN t + interval '15 minutes' END,
               CASE WHEN stop > 5 THEN t + interval '25 minutes' END,
               CASE WHEN stop > 2 THEN jsonb_build_object('fullName', c ->> 2, 'email', c ->> 3, 'phone', c ->> 4,
                 'requirements', ${requirements}::jsonb ->> (g % ${REQUIREMENTS.length})::int) END,
               CASE WHEN stop > 3 THEN jsonb_build_object('service', o -> 'service', 'offering', o -> 'offering', 'price', o -> 'price', 'deliveryTime', o -> 'deliveryTime')
                 || CASE WHEN o -> 'variation' <> 'null'::jsonb AND g % 2 = 0 THEN jsonb_build_object('chosenVariation', o -> 'variation') ELSE '{}'::jsonb END END,
               CASE WHEN stop > 4 THEN (${places}::jsonb -> (g % ${PLACES.length})::int) || '{"country":"India"}'::jsonb END,
               CASE WHEN stop >= 5 THEN jsonb_build_object('method', ${methods}::jsonb ->> (g % ${PAYMENT_METHODS.length})::int, 'amount', o -> 'price',
                 'gatewayStatus', CASE WHEN stop > 5 THEN 'PAYMENT_SUCCESS' ELSE ${failures}::jsonb -> (g % ${FAILURES.length})::int ->> 0 END,
                 'attemptedAt', to_char((t + interval '20 minutes') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
                 || CASE WHEN stop = 5 THEN jsonb_build_object('failureReason', ${failures}::jsonb -> (g % ${FAILURES.length})::int ->> 1) ELSE '{}'::jsonb END END,
               CASE WHEN converted AND ${orderIds.length} > 0 THEN (${orderList}::jsonb ->> (g % greatest(${orderIds.length}, 1))::int)::int END
        FROM (
          SELECT g,
                 CASE WHEN g % 100 < 30 THEN 1 WHEN g % 100 < 55 THEN 2 WHEN g % 100 < 75 THEN 3 WHEN g % 100 < 87 THEN 4 WHEN g % 100 < 95 THEN 5 ELSE 6 END AS stop,
                 g % 100 >= 97 AS converted,
                 ${providerList}::jsonb -> ((g * 7) % ${n})::int AS p,
                 ${providerList}::jsonb -> ((g * 13 + 1 + CASE WHEN (g * 13 + 1) % ${n} = (g * 7) % ${n} THEN 1 ELSE 0 END) % ${n})::int AS c,
                 ${offers}::jsonb -> ((g * 3) % ${OFFERS.length})::int AS o,
                 ${endIso}::timestamptz - make_interval(mins => (g * ${spacing} + (g * 37) % ${spacing})::int) AS t
          FROM generate_series(${offset + 1}::int, ${last}::int) AS g
        ) AS picked`);
    }
  });
  return total;
}
