import { z } from "zod";
import { ACTING_ADMIN_HEADER, CLIENT_ADDRESS_HEADER } from "~/models/api";
import { OrderPaymentStatusRow, type OrderPaymentStatusQuery } from "~/models/payments";
import { getServerEnv } from "../env.server";
import { API_UNAVAILABLE_MESSAGE, apiRequest, MarketplaceError, type Caller } from "./client.server";

const OrderPaymentStatusAnswer = z.object({
  data: z.object({ data: z.array(OrderPaymentStatusRow) }),
  total_results: z.number().int().optional(),
  truncated: z.boolean().optional(),
});

const filters = (query: Partial<OrderPaymentStatusQuery>) => ({
  start_date: query.start_date,
  end_date: query.end_date,
  payment_status: query.payment_status,
  order_status: query.order_status,
});

/** GET /order-payment-status/: every row of the filter (the API stops at a cap and says so). */
export async function getOrderPaymentStatus(query: Partial<OrderPaymentStatusQuery>, caller: Caller, signal?: AbortSignal) {
  const answer = await apiRequest("/order-payment-status/", { query: filters(query), caller, signal, answer: OrderPaymentStatusAnswer });
  const rows = answer.data.data;
  return { rows, total: answer.total_results ?? rows.length, truncated: answer.truncated ?? false };
}

/**
 * GET /order-payment-status/?format=ndjson: all rows of the filter, no cap, as they arrive.
 * Resolves once the API has answered 200 (so a refusal or an unreachable API is a
 * MarketplaceError before anything is sent to the browser); the rows are then read from the
 * body line by line. The API timeout covers the wait for the answer only, not the whole stream.
 * If the stream breaks mid-way, the iterator throws.
 */
export async function streamOrderPaymentStatus(
  query: Partial<OrderPaymentStatusQuery>,
  caller: Caller,
  signal?: AbortSignal,
): Promise<AsyncIterable<OrderPaymentStatusRow>> {
  const env = getServerEnv();
  const url = new URL("order-payment-status/", env.MARKETPLACE_API_URL.replace(/\/?$/, "/"));
  for (const [key, value] of Object.entries({ ...filters(query), format: "ndjson" })) {
    if (value) url.searchParams.set(key, value);
  }
  const headers = new Headers({ accept: "application/x-ndjson" });
  headers.set(env.MARKETPLACE_API_KEY_HEADER, env.MARKETPLACE_API_KEY);
  if (caller.adminUserId !== undefined) headers.set(ACTING_ADMIN_HEADER, String(caller.adminUserId));
  if (caller.clientAddress) headers.set(CLIENT_ADDRESS_HEADER, caller.clientAddress);
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  signal?.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new Error("timeout")), env.MARKETPLACE_API_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: controller.signal });
  } catch {
    signal?.removeEventListener("abort", onAbort);
    throw new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, 503);
  } finally {
    clearTimeout(timer);
  }
  if (response.status !== 200 || !response.body || !response.headers.get("content-type")?.startsWith("application/x-ndjson")) {
    signal?.removeEventListener("abort", onAbort);
    await response.body?.cancel().catch(() => undefined);
    const kind = response.status >= 500 || response.status === 401 || response.status === 200 ? "unavailable" : response.status === 400 ? "invalid" : "refused";
    throw new MarketplaceError(kind, `The marketplace API answered ${response.status}.`, response.status === 200 ? 502 : response.status);
  }
  const body = response.body;
  return {
    async *[Symbol.asyncIterator]() {
      const reader = body.pipeThrough(new TextDecoderStream()).getReader();
      let pending = "";
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          pending += value;
          let start = 0;
          for (let nl = pending.indexOf("\n"); nl !== -1; nl = pending.indexOf("\n", start)) {
            const line = pending.slice(start, nl);
            start = nl + 1;
            if (line) yield JSON.parse(line) as OrderPaymentStatusRow;
          }
          pending = pending.slice(start);
        }
        if (pending.trim()) throw new Error("The order payment status stream ended inside a row");
      } finally {
        signal?.removeEventListener("abort", onAbort);
        // stops the download from the API if the export ended early (browser gone, error)
        await reader.cancel().catch(() => undefined);
      }
    },
  };
}
