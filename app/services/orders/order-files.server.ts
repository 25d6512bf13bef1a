import { fileFailure, serveStoredFile } from "~/components/providers/file-route.server";
import type { RouteAccess } from "~/models/access";
import { ORDER_MESSAGES } from "~/models/order";
import { requireAdmin } from "~/services/auth.server";
import { MarketplaceError, type Caller } from "~/services/marketplace/client.server";
import { listOrderFiles } from "~/services/marketplace/orders.server";

/** The order id of /admin/{bookings|payments}/{bookingid}…; 404 for anything but a positive int4. */
export function orderIdParam(raw: string | undefined): number {
  const id = /^\d{1,10}$/.test(raw ?? "") ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) {
    throw new Response(ORDER_MESSAGES.notFound, { status: 404, statusText: "Not Found" });
  }
  return id;
}

/** Where the booking detail lives for each access: the page a failed download returns to. */
const DETAIL_BASE: Partial<Record<RouteAccess, string>> = { Bookings: "/admin/bookings", Payment: "/admin/payments" };

/**
 * /admin/bookings/{bookingid}/files/{name} (Bookings) and /admin/payments/{bookingid}/files/{name}
 * (Payment): one of this order's files, streamed from the storage through the admin. Only a name the
 * order's file list holds is served (the page's access does not open every stored file); images and
 * PDFs inline, anything else (or ?download=1) as an attachment. A missing file, another order's file
 * or a storage failure sends the admin back to the booking with an error toast.
 */
export async function orderFileLoader(request: Request, params: { bookingid?: string; name?: string }, access: "Bookings" | "Payment") {
  const admin = await requireAdmin(request, access);
  const orderId = orderIdParam(params.bookingid);
  const pagePath = `${DETAIL_BASE[access]}/${orderId}`;
  const caller: Caller = { adminUserId: admin.adminUserId };
  const name = params.name ?? "";
  try {
    const files = await listOrderFiles(orderId, caller);
    if (!files.some((f) => f.file === name)) throw new MarketplaceError("not-found", "Not found", 404);
  } catch (error) {
    return fileFailure(request, name || "The file", error, pagePath);
  }
  return serveStoredFile(request, name, caller, pagePath);
}
