import { fileFailure, serveStoredFile } from "~/services/file-route.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { orderRefParam } from "./order-ref.server";

/** Where the booking detail lives for each route: the page a failed download returns to. */
const DETAIL_BASE = { Bookings: "/admin/bookings", Payment: "/admin/payments" } as const;

/**
 * /admin/bookings/{bookingid}/files/{name} (Bookings) and /admin/payments/{bookingid}/files/{name}
 * (Payment; the route checked that access first): one of this order's files, streamed from the
 * storage through the admin. Only a name the order's file list holds is served (the page's access
 * does not open every stored file); images and PDFs inline, anything else (or ?download=1) as an
 * attachment. A missing file, another order's file or a storage failure sends the admin back to the
 * booking with an error toast.
 */
export async function orderFileLoader(
  request: Request,
  params: { bookingid?: string; name?: string },
  api: Marketplace,
  access: keyof typeof DETAIL_BASE,
) {
  const ref = orderRefParam(params.bookingid);
  const pagePath = `${DETAIL_BASE[access]}/${"order_id" in ref ? ref.order_id : ref.short_id}`;
  const name = params.name ?? "";
  try {
    const files = "order_id" in ref ? await api.raw.listOrderFiles(ref.order_id) : (await api.raw.getOrderDetail(ref)).files;
    if (!files.some((f) => f.file === name)) throw new MarketplaceError("not-found", "Not found", 404);
  } catch (error) {
    return fileFailure(request, name || "The file", error, pagePath);
  }
  return serveStoredFile(request, name, api.caller, pagePath);
}
