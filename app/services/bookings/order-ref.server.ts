import { isRecordId } from "~contract/ids";
import { ORDER_MESSAGES } from "~contract/orders";
import type { OrderRef } from "~/services/marketplace/orders.server";

/**
 * The order a URL's {bookingid} names: by id (digits, a positive int4) or by short id
 * (ORD000012, as the payments list links it); anything else is a 404.
 */
export function orderRefParam(raw: string | undefined): OrderRef {
  const value = raw ?? "";
  if (isRecordId(value)) return { order_id: Number(value) };
  if (/^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(value)) {
    return { short_id: value };
  }
  throw new Response(ORDER_MESSAGES.notFound, { status: 404, statusText: "Not Found" });
}

/**
 * Which form of the order's id a route's URLs use: the payments list links /admin/payments/{short_id},
 * the bookings list /admin/bookings/{order_id} (spec 2 §2). The other form redirects there.
 */
export type OrderUrlForm = "short_id" | "order_id";

/** The same URL with the order named in the route's form, or null when it already is. */
export function canonicalOrderPath(url: URL, order: { order_id: number; short_id: string }, form: OrderUrlForm): string | null {
  const wanted = form === "short_id" ? order.short_id : String(order.order_id);
  const path = url.pathname.replace(/\/+$/, "");
  const cut = path.lastIndexOf("/");
  if (path.slice(cut + 1) === wanted) return null;
  return path.slice(0, cut + 1) + encodeURIComponent(wanted) + url.search;
}
