import { fileFailure, serveStoredFile } from "~/services/file-route.server";
import type { RouteAccess } from "~contract/access";
import { requireAdmin } from "~/services/auth.server";
import { MarketplaceError, type Caller, callerOf } from "~/services/marketplace/client.server";
import { getOrderDetail, listOrderFiles } from "~/services/marketplace/orders.server";
import { orderRefParam } from "./order-ref.server";

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
  const { admin } = await requireAdmin(request, access);
  const ref = orderRefParam(params.bookingid);
  const pagePath = `${DETAIL_BASE[access]}/${"order_id" in ref ? ref.order_id : ref.short_id}`;
  const caller: Caller = callerOf(admin, request);
  const name = params.name ?? "";
  try {
    const files = "order_id" in ref ? await listOrderFiles(caller, ref.order_id) : (await getOrderDetail(caller, ref)).files;
    if (!files.some((f) => f.file === name)) throw new MarketplaceError("not-found", "Not found", 404);
  } catch (error) {
    return fileFailure(request, name || "The file", error, pagePath);
  }
  return serveStoredFile(request, name, caller, pagePath);
}
