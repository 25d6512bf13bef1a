/**
 * The one marketplace client (app/services/marketplace/client.server.ts): how each answer of the
 * API reaches a route. 400, 404 and 409 come from the real API; 403, 5xx, a silent server, an
 * aborted request and answers that break the contract come from a stand-in server put in its place.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { OrderPaymentStatusRow } from "~contract/order-payment-status";
import { CreateCategoryBody } from "~contract/categories";
import { validCategory } from "../api/helpers";
import { adminUserIdOf } from "../support/routes";
import { createCategory, getCategory, updateCategory } from "~/services/marketplace/categories.server";
import { API_UNAVAILABLE_MESSAGE, apiRequest, apiStream, MarketplaceError, type Caller } from "~/services/marketplace/client.server";
import { throwLoaderError } from "~/services/errors.server";
import { streamOrderPaymentStatus } from "~/services/marketplace/order-payment-status.server";

async function failureOf(call: Promise<unknown>): Promise<MarketplaceError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MarketplaceError);
  return error as MarketplaceError;
}

describe("answers of the real API", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = { adminUserId: await adminUserIdOf("admin") };
  });

  it("a 400 gives the API's message for each field", async () => {
    const error = await failureOf(createCategory(caller, { ...CreateCategoryBody.parse(validCategory("x")), categoryName: "" }));
    expect(error.kind).toBe("invalid");
    expect(error.status).toBe(400);
    expect(error.fieldErrors.categoryName).toBeTruthy();
  });

  it("a 404 is not-found with the API's message", async () => {
    const error = await failureOf(getCategory(caller, 2_147_483_000));
    expect(error).toMatchObject({ kind: "not-found", status: 404 });
    expect(error.message).not.toBe("");
  });

  it("a 409 on a stale edit says who saved the record meanwhile, and when", async () => {
    const created = await createCategory(caller, CreateCategoryBody.parse(validCategory(`Client conflict ${Date.now()}`)));
    const saved = await updateCategory(caller, created.category_id, { desc: "first edit", updated_at: created.updated_at });
    const error = await failureOf(updateCategory(caller, created.category_id, { desc: "stale edit", updated_at: created.updated_at }));
    expect(error.kind).toBe("conflict");
    expect(error.conflict).toMatchObject({ updated_by: "admin", updated_at: saved.updated_at });
    expect((await getCategory(caller, created.category_id)).desc).toBe("first edit");
  });
});

describe("a stand-in server in the API's place", () => {
  let server: Server;
  let handler: (request: IncomingMessage, response: ServerResponse) => void = () => undefined;
  let closed: Promise<void> = Promise.resolve();
  const saved = { url: process.env.MARKETPLACE_API_URL, timeout: process.env.MARKETPLACE_API_TIMEOUT_MS };

  beforeAll(async () => {
    server = createServer((request, response) => {
      closed = new Promise((resolve) => response.on("close", () => resolve()));
      handler(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    process.env.MARKETPLACE_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    if (saved.timeout === undefined) delete process.env.MARKETPLACE_API_TIMEOUT_MS;
    else process.env.MARKETPLACE_API_TIMEOUT_MS = saved.timeout;
  });
  afterAll(async () => {
    process.env.MARKETPLACE_API_URL = saved.url;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const answer = (status: number, body: unknown, type = "application/json") => {
    handler = (_request, response) => {
      response.writeHead(status, { "content-type": type });
      response.end(typeof body === "string" ? body : JSON.stringify(body));
    };
  };

  it("a 403 is a refusal with the API's own words, and a loader's 403 page", async () => {
    answer(403, { message: "x-acting-admin names an admin who is not Active" });
    const error = await failureOf(apiRequest("/anything"));
    expect(error).toMatchObject({ kind: "refused", status: 403, message: "x-acting-admin names an admin who is not Active" });
    const page = await Promise.reject(error)
      .catch(throwLoaderError)
      .catch((thrown: unknown) => thrown);
    expect(page).toBeInstanceOf(Response);
    expect((page as Response).status).toBe(403);
    expect(await (page as Response).text()).toBe("x-acting-admin names an admin who is not Active");
  });

  it("a 5xx tells the admin the API is not answering, whatever the server said", async () => {
    answer(500, { message: "database password is hunter2" });
    const error = await failureOf(apiRequest("/anything"));
    expect(error).toMatchObject({ kind: "unavailable", status: 500, message: API_UNAVAILABLE_MESSAGE });
  });

  it("a server that never answers gives the same message once the timeout passes", async () => {
    process.env.MARKETPLACE_API_TIMEOUT_MS = "300";
    handler = () => undefined;
    const started = Date.now();
    const error = await failureOf(apiRequest("/anything"));
    expect(error).toMatchObject({ kind: "unavailable", message: API_UNAVAILABLE_MESSAGE });
    expect(Date.now() - started).toBeLessThan(5000);
    await closed;
  });

  it("the admin's request going away stops the call to the API", async () => {
    handler = () => undefined;
    const browser = new AbortController();
    const call = failureOf(apiRequest("/anything", { caller: { signal: browser.signal } }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const aborted = Date.now();
    browser.abort();
    expect((await call).kind).toBe("unavailable");
    await closed;
    // well before the 8 s timeout: the abort itself ended it
    expect(Date.now() - aborted).toBeLessThan(2000);
  });

  it("an answer that breaks the contract is refused, never passed on", async () => {
    answer(200, { data: { category_id: "not a number" } });
    const error = await failureOf(apiRequest("/get-category-by-id", { answer: z.object({ data: z.object({ category_id: z.number() }) }) }));
    expect(error.kind).toBe("unavailable");
    expect(error.message).toMatch(/does not understand/);
  });

  const row = (id: number) => ({
    order_id: id,
    short_id: `ORD${id}`,
    pay_date: null,
    final_pay_status: null,
    company_invoice_number: null,
    order_payment_status: null,
    createdDate: "2025-06-01T10:00:00.000Z",
    completedDate: null,
    client_user: { name: "A B", email: "a@b.c", phone: "1", username: "ab" },
    offerings: "One call",
    charges: "100.00",
    provider_gst: null,
    provider: { name: "C D", email: "c@d.e", phone: "2", username: "cd" },
    status: "Completed",
    paid_to_client: "0.00",
    paid_to_provider: "80.00",
    platform_commission: "16.95",
    gst: "3.05",
    sp_invoice_to_user_number: null,
  });
  const ndjson = (lines: string[]) => {
    handler = (request, response) => {
      expect(new URL(request.url ?? "", "http://x").searchParams.get("format")).toBe("ndjson");
      response.writeHead(200, { "content-type": "application/x-ndjson" });
      response.end(lines.join(""));
    };
  };
  const rowsOf = async (rows: AsyncIterable<unknown>) => {
    const seen: unknown[] = [];
    for await (const r of rows) seen.push(r);
    return seen;
  };

  it("streamed rows arrive parsed with the model", async () => {
    ndjson([JSON.stringify(row(1)) + "\n", JSON.stringify(row(2)) + "\n"]);
    const rows = await rowsOf(await streamOrderPaymentStatus({}, {}));
    expect(rows).toEqual([OrderPaymentStatusRow.parse(row(1)), OrderPaymentStatusRow.parse(row(2))]);
  });

  it("a streamed row that breaks the model stops the stream with an error", async () => {
    ndjson([JSON.stringify(row(1)) + "\n", JSON.stringify({ ...row(2), charges: 100 }) + "\n", JSON.stringify(row(3)) + "\n"]);
    const seen: unknown[] = [];
    const failure = await rowsOf({
      async *[Symbol.asyncIterator]() {
        for await (const r of await streamOrderPaymentStatus({}, {})) {
          seen.push(r);
          yield r;
        }
      },
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(MarketplaceError);
    expect(seen).toHaveLength(1);
  });

  it("a stream that ends inside a row is an error, not a short file", async () => {
    ndjson([JSON.stringify(row(1)) + "\n", JSON.stringify(row(2)).slice(0, 40)]);
    await expect(
      rowsOf(await apiStream("/order-payment-status/", { query: { format: "ndjson" }, row: OrderPaymentStatusRow })),
    ).rejects.toThrow(/ended inside a row/);
  });

  it("a refused stream is a MarketplaceError before any row", async () => {
    answer(400, {
      message: "Please correct the highlighted fields",
      errors: { end_date: "The end date must be on or after the start date" },
    });
    const error = await failureOf(streamOrderPaymentStatus({}, { start_date: "2025-06-02", end_date: "2025-06-01" }));
    expect(error).toMatchObject({ kind: "invalid", fieldErrors: { end_date: "The end date must be on or after the start date" } });
  });
});
