import { describe, expect, it, vi } from "vitest";
import ExcelJS from "exceljs";
import { DateTime } from "luxon";
import * as reportRoute from "~/routes/admin.order-payment-status._index";
import * as exportRoute from "~/routes/admin.order-payment-status.export";
import type { OrderPaymentStatusRow } from "~contract/order-payment-status";
import { formatInr } from "~shared/money";
import { apiCall, callRoute, readToast, requestAs, statusOf, testApi } from "../support/routes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

async function apiReport(query: Record<string, string>) {
  const answer = await apiCall<{ data: { data: OrderPaymentStatusRow[] }; total_results: number; truncated: boolean }>(
    `/order-payment-status/?${new URLSearchParams(query)}`,
  );
  return answer.data.data;
}

async function readWorkbook(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return workbook;
}

/** The API answers the report's calls with a 503, as a broken API would; the session check still answers. */
function failReportCalls() {
  const realFetch = globalThis.fetch;
  const api = testApi().url;
  return vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.startsWith(api) && url.includes("/order-payment-status/")) return Promise.resolve(new Response("{}", { status: 503 }));
    return realFetch(input, init);
  });
}

describe("order payment status report", () => {
  it("passes the filters through and pages the rows", async () => {
    const query = { order_status: "Completed", payment_status: "WITHDRAWN" };
    const api = await apiReport(query);
    expect(api.length).toBeGreaterThan(0);
    const result = payload(
      await callRoute(
        reportRoute,
        await requestAs("admin", `/admin/order-payment-status?${new URLSearchParams({ ...query, page_size: "100" })}`),
      ),
    );
    expect(result.total).toBe(api.length);
    expect(result.rows.map((r: { shortId: string }) => r.shortId)).toEqual(api.slice(0, 100).map((r) => r.short_id));
    expect(result.rows[0].charges).toBe(formatInr(api[0].charges));
    expect(result.rows.every((r: { status: string; payStatus: string }) => r.status === "Completed" && r.payStatus === "WITHDRAWN")).toBe(
      true,
    );
    expect(result.exportHref).toBe("/admin/order-payment-status/export?order_status=Completed&payment_status=WITHDRAWN");
    expect(result.filtered).toBe(true);
  });

  it("filters by date range and reports a bad filter in words", async () => {
    const all = await apiReport({});
    const day = DateTime.fromISO(all[0].createdDate).setZone("Asia/Kolkata").toISODate()!;
    const api = await apiReport({ start_date: day, end_date: day });
    const result = payload(
      await callRoute(reportRoute, await requestAs("admin", `/admin/order-payment-status?start_date=${day}&end_date=${day}`)),
    );
    expect(result.total).toBe(api.length);
    const bad = await callRoute(
      reportRoute,
      await requestAs("admin", "/admin/order-payment-status?order_status=Nope&start_date=2025-02-30"),
    );
    expect(statusOf(bad)).toBe(400);
    expect(payload(bad).filterErrors.length).toBe(2);
  });

  it("refuses admins without Payment access", async () => {
    for (const who of ["viewer", "catalog"] as const) {
      expect(statusOf(await callRoute(reportRoute, await requestAs(who, "/admin/order-payment-status")))).toBe(403);
      expect(statusOf(await callRoute(exportRoute, await requestAs(who, "/admin/order-payment-status/export")))).toBe(403);
    }
  });
});

describe("export to Excel", () => {
  it("streams an .xlsx of exactly the filtered rows", async () => {
    const query = { order_status: "Completed", payment_status: "PAYMENT_SUCCESS" };
    const api = await apiReport(query);
    const response = (await callRoute(
      exportRoute,
      await requestAs("admin", `/admin/order-payment-status/export?${new URLSearchParams(query)}&token=abc123`),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const today = DateTime.now().setZone("Asia/Kolkata").toISODate();
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="order-payment-status-${today}.xlsx"`);
    // the page (with JavaScript) reads this one-time cookie to say "Export successful"
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^export-abc123=ok; Path=\/admin; Max-Age=60; SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/i);
    const workbook = await readWorkbook(response);
    const sheet = workbook.getWorksheet("Order Payment Status");
    expect(sheet).toBeDefined();
    expect(workbook.worksheets).toHaveLength(1);
    expect(sheet!.rowCount).toBe(api.length + 1);
    expect(sheet!.getRow(1).getCell(1).value).toBe("Order Id");
    const header = (sheet!.getRow(1).values as unknown[]).slice(1);
    const chargesCol = header.indexOf("Charges") + 1;
    const statusCol = header.indexOf("Final Pay Status") + 1;
    expect(sheet!.getRow(2).getCell(1).value).toBe(api[0].short_id);
    expect(sheet!.getRow(2).getCell(chargesCol).value).toBe(Number(api[0].charges));
    expect(sheet!.getRow(2).getCell(chargesCol).numFmt).toBe("#,##0.00");
    expect(sheet!.getRow(2).getCell(statusCol).value).toBe("Payment Success");
  });

  it("labels WITHDRAWN as Released and exports the whole unfiltered report", async () => {
    const api = await apiReport({});
    const response = (await callRoute(exportRoute, await requestAs("admin", "/admin/order-payment-status/export"))) as Response;
    const sheet = (await readWorkbook(response)).getWorksheet("Order Payment Status")!;
    expect(sheet.rowCount).toBe(api.length + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const statusCol = header.indexOf("Final Pay Status") + 1;
    const labels = new Set<unknown>();
    sheet.eachRow((row, n) => n > 1 && labels.add(row.getCell(statusCol).value));
    expect(labels.has("Released")).toBe(true);
    expect(labels.has("WITHDRAWN")).toBe(false);
  });

  it("a failure goes back to the report with the filters and the toast", async () => {
    const spy = failReportCalls();
    try {
      const response = await callRoute(exportRoute, await requestAs("admin", "/admin/order-payment-status/export?order_status=Pending"));
      expect(response).toHaveRedirect("/admin/order-payment-status?order_status=Pending");
      expect((await readToast(response as Response))?.message).toBe("Failed to export data");
      const page = await callRoute(reportRoute, await requestAs("admin", "/admin/order-payment-status"));
      expect(payload(page).fetchError).toBe("Failed to fetch order payment status data");
    } finally {
      spy.mockRestore();
    }
  });
});

describe("export outcome for the page with JavaScript (?token=…)", () => {
  const exportWith = async (query: string) =>
    (await callRoute(exportRoute, await requestAs("admin", `/admin/order-payment-status/export?${query}`))) as Response;

  it("a bad filter answers 204 (the browser stays on the page) with the failure in the token's cookie", async () => {
    const response = await exportWith("order_status=Nope&token=tok12345");
    expect(response.status).toBe(204);
    expect(response.headers.get("Location")).toBeNull();
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^export-tok12345=failed:[^;]+; Path=\/admin; Max-Age=60; SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(decodeURIComponent(cookie.split(";")[0].slice("export-tok12345=failed:".length))).toBe(
      "Failed to export data: Order Status: choose a status from the list.",
    );
    expect(await readToast(response)).toBeNull();
  });

  it('an API failure answers 204 with "Failed to export data" in the cookie; without a token it stays a redirect', async () => {
    const spy = failReportCalls();
    try {
      const response = await exportWith("order_status=Pending&token=tok67890");
      expect(response.status).toBe(204);
      expect(response.headers.get("Set-Cookie")).toMatch(/^export-tok67890=failed:Failed%20to%20export%20data;/);
      expect(await exportWith("order_status=Pending")).toHaveRedirect("/admin/order-payment-status?order_status=Pending");
    } finally {
      spy.mockRestore();
    }
  });

  it("ignores a token that is not one (no cookie named after it)", async () => {
    const response = await exportWith("order_status=Nope&token=a%3Bb%3Dc");
    expect(response).toHaveRedirect("/admin/order-payment-status?order_status=Nope");
    expect(response.headers.get("Set-Cookie") ?? "").not.toMatch(/export-/);
  });
});

describe("report labels", () => {
  it("shows order statuses as the filters and the Booking List name them (Partially Completed, not PartialyCompleted)", async () => {
    const api = await apiReport({ order_status: "PartialyCompleted" });
    expect(api.length).toBeGreaterThan(0);
    const result = payload(
      await callRoute(reportRoute, await requestAs("admin", "/admin/order-payment-status?order_status=PartialyCompleted")),
    );
    expect(result.rows.length).toBeGreaterThan(0);
    expect(new Set(result.rows.map((r: { status: string }) => r.status))).toEqual(new Set(["Partially Completed"]));
    const all = payload(await callRoute(reportRoute, await requestAs("admin", "/admin/order-payment-status?page_size=100")));
    for (const row of all.rows)
      expect(["Pending", "In Progress", "Scheduled", "Partially Completed", "Completed", "Cancelled", "Tickets"]).toContain(row.status);

    const response = (await callRoute(
      exportRoute,
      await requestAs("admin", "/admin/order-payment-status/export?order_status=PartialyCompleted"),
    )) as Response;
    const sheet = (await readWorkbook(response)).getWorksheet("Order Payment Status")!;
    const col = (sheet.getRow(1).values as unknown[]).slice(1).indexOf("Order Status") + 1;
    expect(sheet.getRow(2).getCell(col).value).toBe("Partially Completed");
  });
});

describe("export streamed from the API", () => {
  it("exports every row the API streams, in order, with the same cells", async () => {
    const api = await apiReport({});
    const response = (await callRoute(exportRoute, await requestAs("admin", "/admin/order-payment-status/export"))) as Response;
    const sheet = (await readWorkbook(response)).getWorksheet("Order Payment Status")!;
    const ids: unknown[] = [];
    sheet.eachRow((row, n) => n > 1 && ids.push(row.getCell(1).value));
    expect(ids).toEqual(api.map((r) => r.short_id));
  });

  it("a filter that matches nothing downloads a sheet with only the header row", async () => {
    const query = "start_date=2099-01-01&end_date=2099-12-31";
    expect(await apiReport({ start_date: "2099-01-01", end_date: "2099-12-31" })).toEqual([]);
    const response = (await callRoute(exportRoute, await requestAs("admin", `/admin/order-payment-status/export?${query}`))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="order-payment-status-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = await readWorkbook(response);
    const sheet = workbook.getWorksheet("Order Payment Status")!;
    expect(sheet.rowCount).toBe(1);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toContain("Charges");
    expect(sheet.getRow(1).font?.bold).toBe(true);
  });

  it("writes every row's cells: blanks stay empty, dates in India time, money as numbers with two decimals", async () => {
    const api = await apiReport({});
    const response = (await callRoute(exportRoute, await requestAs("admin", "/admin/order-payment-status/export"))) as Response;
    const sheet = (await readWorkbook(response)).getWorksheet("Order Payment Status")!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toHaveLength(24);
    const col = (name: string) => header.indexOf(name) + 1;
    api.forEach((r, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(col("Order Id")).value).toBe(r.short_id);
      expect(row.getCell(col("Created Date")).value).toBe(
        DateTime.fromISO(r.createdDate).setZone("Asia/Kolkata").toFormat("dd-MM-yyyy HH:mm"),
      );
      // a missing value is an empty cell (no text, no zero)
      expect(row.getCell(col("Completed Date")).value ?? "").toBe(
        r.completedDate ? DateTime.fromISO(r.completedDate).setZone("Asia/Kolkata").toFormat("dd-MM-yyyy HH:mm") : "",
      );
      expect(row.getCell(col("Company Invoice Number")).value ?? "").toBe(r.company_invoice_number ?? "");
      expect(row.getCell(col("Client Email")).value).toBe(r.client_user.email);
      for (const [name, value] of [
        ["Charges", r.charges],
        ["Paid To Provider", r.paid_to_provider],
        ["GST", r.gst],
      ] as const) {
        expect(row.getCell(col(name)).value).toBe(Number(value));
        expect(row.getCell(col(name)).numFmt).toBe("#,##0.00");
      }
    });
  });

  it("a stream that breaks mid-way ends the download with an error (no short file)", async () => {
    const realFetch = globalThis.fetch;
    const api = testApi().url;
    const [row] = await apiReport({});
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.startsWith(api) && url.includes("/order-payment-status/")) {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(`${JSON.stringify(row)}\n`));
            setTimeout(() => controller.error(new Error("connection reset")), 20);
          },
        });
        return Promise.resolve(new Response(body, { status: 200, headers: { "Content-Type": "application/x-ndjson" } }));
      }
      return realFetch(input, init);
    });
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = (await callRoute(exportRoute, await requestAs("admin", "/admin/order-payment-status/export"))) as Response;
      expect(response.status).toBe(200);
      await expect(response.arrayBuffer()).rejects.toThrow();
    } finally {
      spy.mockRestore();
      errors.mockRestore();
    }
  });
});

describe("export date cells", () => {
  it("istDateTime equals formatDateTime (India time) without luxon", async () => {
    const { istDateTime } = await import("~/services/order-payment-status/export.server");
    const { formatDateTime } = await import("~/utils/dates");
    for (const iso of [
      "2025-01-01T00:00:00.000Z",
      "2025-06-30T18:29:59.000Z",
      "2025-06-30T18:30:00.000Z",
      "2024-02-29T23:59:00Z",
      "2026-11-21T13:37:00.123Z",
    ]) {
      expect(istDateTime(iso)).toBe(formatDateTime(iso));
    }
    expect(istDateTime(null)).toBe("");
    expect(istDateTime("nope")).toBe("");
  });
});
