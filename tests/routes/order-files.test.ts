import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as bookingFileRoute from "~/routes/admin.bookings.$bookingid_.files.$name";
import * as paymentFileRoute from "~/routes/admin.payments.$bookingid_.files.$name";
import type { OrderFile } from "~contract/orders";
import { storageFromEnv } from "../../api/src/storage";
import { demoFileBytes, ensureDemoFiles } from "../../api/src/storage/demo-files";
import { apiCall, callRoute, readToast, requestAs, statusOf, testApi, type DemoAdminName } from "../support/routes";

type Order = { order_id: number; short_id: string };

/** Two orders that have files, with their file lists (read from the API, not by seed arithmetic). */
let mine: Order;
let other: Order;
let myFiles: OrderFile[];
let otherFiles: OrderFile[];

async function filesOf(orderId: number): Promise<OrderFile[]> {
  return (await apiCall<{ data: OrderFile[] }>(`/get-order-related-files?order_id=${orderId}`)).data;
}

const routes = { bookings: bookingFileRoute, payments: paymentFileRoute };
async function get(
  name: string,
  {
    query = "",
    who = "admin",
    under = "bookings",
    order = mine,
    headers,
  }: { query?: string; who?: DemoAdminName; under?: "bookings" | "payments"; order?: Order; headers?: HeadersInit } = {},
) {
  // the payment detail names its order by short id (/admin/payments/ORD000012), the booking detail by id
  const id = under === "payments" ? order.short_id : String(order.order_id);
  const url = `/admin/${under}/${id}/files/${encodeURIComponent(name)}${query}`;
  return (await callRoute(routes[under], await requestAs(who, url, { headers }), { bookingid: id, name })) as Response;
}

beforeAll(async () => {
  const orders = (await apiCall<{ data: Order[] }>("/get-bookings?page_size=100")).data;
  const withFiles: { order: Order; files: OrderFile[] }[] = [];
  for (const order of orders) {
    const files = await filesOf(order.order_id);
    if (files.length >= 2) withFiles.push({ order, files });
    if (withFiles.length === 2) break;
  }
  [{ order: mine, files: myFiles }, { order: other, files: otherFiles }] = withFiles;
  // the routes' API reads the same storage folder the demo seed fills (FILES_DIR, ./data/files)
  await ensureDemoFiles(
    storageFromEnv(),
    [...myFiles, ...otherFiles].map((f) => f.file),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("order files", () => {
  it("opens the order's PDF inline and downloads it with ?download=1", async () => {
    const name = myFiles[0].file;
    const inline = await get(name);
    expect(inline.status).toBe(200);
    expect(inline.headers.get("Content-Type")).toBe("application/pdf");
    expect(inline.headers.get("Content-Disposition")).toMatch(new RegExp(`^inline; filename="${name.replace(/\./g, "\\.")}"`));
    expect(inline.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await inline.arrayBuffer())).toEqual(new Uint8Array(demoFileBytes(name)));

    const download = await get(name, { query: "?download=1" });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment; /);
  });

  it("serves the same files under /admin/payments/{id} with Payment access", async () => {
    const name = myFiles[1].file;
    const response = await get(name, { under: "payments" });
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array(demoFileBytes(name)));
  });

  it("serves only this order's files: another order's file is told, not served", async () => {
    const foreign = otherFiles.find((f) => !myFiles.some((m) => m.file === f.file))!.file;
    expect((await get(foreign, { order: other })).status).toBe(200);
    for (const under of ["bookings", "payments"] as const) {
      const response = await get(foreign, { under });
      expect(response).toHaveRedirect(`/admin/${under}/${under === "payments" ? mine.short_id : mine.order_id}`);
      await expect(response).toSendToast({ type: "error", message: `The file could not be downloaded: ${foreign} was not found.` });
    }
  });

  it("refuses names with folders or '..' and unknown orders", async () => {
    for (const name of ["../package.json", "..%2Fpackage.json", "a/b.pdf", ".env", `../${myFiles[0].file}`]) {
      const response = await get(name);
      expect(response, name).toHaveRedirect(`/admin/bookings/${mine.order_id}`);
      expect((await readToast(response))?.message, name).toMatch(/^The file could not be downloaded/);
    }
    const unknown = (await callRoute(bookingFileRoute, await requestAs("admin", "/admin/bookings/999999999/files/a.pdf"), {
      bookingid: "999999999",
      name: "a.pdf",
    })) as Response;
    expect(unknown).toHaveRedirect("/admin/bookings/999999999");
    // an unknown short id is told like an unknown id; what is neither is a 404
    const unknownShort = (await callRoute(bookingFileRoute, await requestAs("admin", "/admin/bookings/ORD999999/files/a.pdf"), {
      bookingid: "ORD999999",
      name: "a.pdf",
    })) as Response;
    expect(unknownShort).toHaveRedirect("/admin/bookings/ORD999999");
    expect(
      statusOf(
        await callRoute(bookingFileRoute, await requestAs("admin", "/admin/bookings/a.b/files/a.pdf"), { bookingid: "a.b", name: "a.pdf" }),
      ),
    ).toBe(404);
  });

  it("tells the admin when the stored file is missing or the storage fails", async () => {
    const realFetch = globalThis.fetch;
    const api = testApi().url;
    const name = myFiles[0].file;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.startsWith(api) && url.includes("/files/"))
        return Promise.resolve(new Response(JSON.stringify({ message: "File not found" }), { status: 404 }));
      return realFetch(input, init);
    });
    const missing = await get(name, { headers: { Referer: `http://admin.test/admin/bookings/${mine.order_id}?dialog=cancel&by=User` } });
    expect(missing).toHaveRedirect(`/admin/bookings/${mine.order_id}?dialog=cancel&by=User`);
    await expect(missing).toSendToast({ type: "error", message: `The file could not be downloaded: ${name} was not found.` });

    vi.restoreAllMocks();
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.startsWith(api) && url.includes("/files/")) return Promise.resolve(new Response("{}", { status: 500 }));
      return realFetch(input, init);
    });
    const broken = await get(name, { under: "payments" });
    expect(broken).toHaveRedirect(`/admin/payments/${mine.short_id}`);
    const toast = await readToast(broken);
    expect(toast?.message).toMatch(/^The file could not be downloaded: The marketplace API is not answering/);
    expect(toast?.message).not.toContain(api);
  });

  it("needs Bookings under /admin/bookings and Payment under /admin/payments", async () => {
    const name = myFiles[0].file;
    expect(statusOf(await get(name, { who: "catalog" }))).toBe(403);
    expect(statusOf(await get(name, { who: "support" }))).toBe(200);
    expect(statusOf(await get(name, { who: "support", under: "payments" }))).toBe(403);
    const anonymous = await get(name, { who: null as unknown as DemoAdminName });
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
  });
});
