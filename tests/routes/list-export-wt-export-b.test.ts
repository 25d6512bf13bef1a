import { describe, expect, it } from "vitest";
import { releaseCell } from "~/services/payments/payments-list.server";
import ExcelJS from "exceljs";
import * as bookingsExportRoute from "~/routes/admin.bookings.export";
import * as paymentsExportRoute from "~/routes/admin.payments.export";
import * as bankRoute from "~/routes/admin.service-provider-bank-details";
import * as bankExportRoute from "~/routes/admin.service-provider-bank-details.export";
import { maskAccountNumber } from "~/services/bank-details/reveal.server";
import * as documentsExportRoute from "~/routes/admin.documents.export";
import { formatDate, formatDateTime } from "~/utils/dates";
import { csvCell } from "~/services/export-writers.server";
import { orderStatusLabel } from "~contract/order-labels";
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "~contract/payments";
import { apiCall, callRoute, readToast, requestAs, statusOf } from "../support/routes";
import { csvRows, exportEntries } from "../support/export-files";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** A sheet's rows below its header, as plain values. */
function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  for (let r = 2; r <= sheet.rowCount; r++) rows.push((sheet.getRow(r).values as unknown[]).slice(1));
  return rows;
}

describe("list export: the Booking List", () => {
  it("exports the tab's bookings the search finds, in the list's order, charges as rupee numbers, as .xlsx; audited", async () => {
    // two orders of our own (copies of a seeded Completed order, so they share its user)
    const made: { order_id: number; short_id: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const { data } = await apiCall<{ data: { order_id: number; short_id: string } }>("/test-fixtures/orders", {
        method: "POST",
        body: { serviceType: "Service", status: "Completed" },
      });
      made.push(data);
    }
    const [mine] = (await apiCall<{ data: Any[] }>(`/get-bookings?search=${made[0].short_id}`)).data;
    const user: string = mine.userUsername;
    const before = (await exportEntries("bookings")).length;

    const url = `/admin/bookings/export?${new URLSearchParams({ tab: "completed", search: user, page: "2", payment: String(made[0].order_id) })}`;
    const response = (await callRoute(bookingsExportRoute, await requestAs("admin", url))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Booking List"]);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      "Order Id",
      "Created At",
      "User",
      "Service Provider",
      "Service Type",
      "Charges",
      "Payment Status",
      "Status",
    ]);
    // exactly the list's rows under that tab and search, in its order (every page)
    const api = await apiCall<{ data: Any[]; total_results: number }>(
      `/get-bookings?${new URLSearchParams({ status: "Completed", search: user, page_size: "200" })}`,
    );
    expect(api.total_results).toBeLessThanOrEqual(200);
    const rows = sheetRows(sheet);
    expect(rows.map((r) => r[0])).toEqual(api.data.map((b) => b.short_id));
    for (const m of made) expect(rows.map((r) => r[0])).toContain(m.short_id);
    for (const [i, raw] of api.data.entries()) {
      const row = rows[i];
      expect(row[1]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
      expect(row[2]).toBe(raw.userUsername);
      expect(row[3]).toBe(raw.serviceProviderUsername);
      expect(row[5]).toBe(Number(raw.charges));
      expect(row[6] ?? null).toBe(
        raw.paymentStatus ? (PAYMENT_STATUS_LABELS[raw.paymentStatus as PaymentStatus] ?? raw.paymentStatus) : null,
      );
      expect(row[7]).toBe(orderStatusLabel("Completed"));
    }
    expect(rows.find((r) => r[0] === made[0].short_id)![4]).toBe("Service");
    expect(typeof rows[0][5]).toBe("number");
    expect(sheet.getRow(2).getCell(6).numFmt).toMatch(/0\.00/);

    const entries = await exportEntries("bookings");
    expect(entries.length).toBe(before + 1);
    expect(entries[0].entity).toBe("order");
    expect(entries[0].after).toEqual({
      list: "Booking List",
      format: "xlsx",
      filter: new URLSearchParams({ tab: "completed", search: user }).toString(),
      rows: api.total_results,
    });
  });

  it("as .csv: one order by its short id, charges with two decimals", async () => {
    const { data: made } = await apiCall<{ data: { order_id: number; short_id: string } }>("/test-fixtures/orders", {
      method: "POST",
      body: { serviceType: "Consultation", status: "Pending" },
    });
    const [raw] = (await apiCall<{ data: Any[] }>(`/get-bookings?search=${made.short_id}`)).data;
    const url = `/admin/bookings/export?${new URLSearchParams({ search: made.short_id, format: "csv" })}`;
    const response = (await callRoute(bookingsExportRoute, await requestAs("admin", url))) as Response;
    expect(response.status).toBe(200);
    const [header, ...rows] = csvRows(new TextDecoder().decode(await response.arrayBuffer()));
    expect(header).toEqual(["Order Id", "Created At", "User", "Service Provider", "Service Type", "Charges", "Payment Status", "Status"]);
    expect(rows).toHaveLength(1);
    expect(rows[0][0]).toBe(made.short_id);
    expect(rows[0][4]).toBe("Consultation");
    expect(rows[0][5]).toBe(Number(raw.charges).toFixed(2));
    expect(rows[0][7]).toBe("Pending");
  });

  it("a refused search goes back to the list with the reason; admins without Bookings access are refused", async () => {
    const before = (await exportEntries("bookings")).length;
    const long = "x".repeat(101);
    const bad = (await callRoute(
      bookingsExportRoute,
      await requestAs("admin", `/admin/bookings/export?tab=pending&search=${long}&format=csv`),
    )) as Response;
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe(`/admin/bookings?tab=pending&search=${long}`);
    expect((await readToast(bad))?.message).toMatch(/^Failed to export data: Search is at most 100 characters/);
    expect((await exportEntries("bookings")).length).toBe(before);
    for (const who of ["catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(bookingsExportRoute, await requestAs(who, "/admin/bookings/export?format=csv")))).toBe(403);
    }
  });
});

describe("list export: Payments", () => {
  it("exports the payments the filter panel keeps, in the list's order, the amount a rupee number, as .csv and .xlsx", async () => {
    const { data: order } = await apiCall<{ data: { short_id: string; payments: { payment_id: number; payment_status: string }[] } }>(
      "/test-fixtures/orders",
      { method: "POST", body: { serviceType: "Service", status: "Completed" } },
    );
    const [paid] = order.payments;
    expect(paid).toBeDefined();
    const { data: record } = await apiCall<{ data: Any }>(`/payments/${paid.payment_id}`);
    const filter = { provider: String(record.serviceProvider_id), status: paid.payment_status };
    const api = await apiCall<{ data: Any[]; total_results: number }>(`/payments?${new URLSearchParams({ ...filter, page_size: "200" })}`);
    expect(api.total_results).toBeLessThanOrEqual(200);
    expect(api.data.map((p) => p.payment_id)).toContain(paid.payment_id);
    const header = ["Order Id", "Date", "Release date", "User", "Provider", "Service", "Gateway", "Payment Status", "Amount", "Release"];

    const csvUrl = `/admin/payments/export?${new URLSearchParams({ ...filter, page: "2", dialog: "release", id: String(paid.payment_id), format: "csv" })}`;
    const csv = (await callRoute(paymentsExportRoute, await requestAs("admin", csvUrl))) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [head, ...rows] = csvRows(new TextDecoder().decode(await csv.arrayBuffer()));
    expect(head).toEqual(header);
    expect(rows).toHaveLength(api.data.length);
    for (const [i, raw] of api.data.entries()) {
      expect(rows[i]).toEqual([
        raw.short_id,
        formatDate(raw.payment_date),
        raw.release_date ? formatDate(raw.release_date) : "",
        raw.userUsername,
        raw.serviceProviderUsername,
        rows[i][5],
        raw.payment_gateway,
        PAYMENT_STATUS_LABELS[paid.payment_status as PaymentStatus],
        Number(raw.total_amount).toFixed(2),
        releaseCell(raw, null)?.text ?? "",
      ]);
    }
    expect(rows.find((r) => r[0] === order.short_id)?.[5]).toBe("Service");

    const xlsxUrl = `/admin/payments/export?${new URLSearchParams(filter)}`;
    const xlsx = (await callRoute(paymentsExportRoute, await requestAs("admin", xlsxUrl))) as Response;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.getWorksheet("Payments")!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(header);
    const sheetAmounts = sheetRows(sheet).map((r) => r[8]);
    expect(sheetAmounts).toEqual(api.data.map((p) => Number(p.total_amount)));
    expect(sheet.getRow(2).getCell(9).numFmt).toMatch(/0\.00/);

    const [entry] = await exportEntries("payments");
    expect(entry.entity).toBe("payment");
    expect(entry.after).toEqual({
      list: "Payments",
      format: "xlsx",
      filter: new URLSearchParams(filter).toString(),
      rows: api.total_results,
    });
  });

  it("a refused filter goes back to the list with the reason; admins without Payment access are refused", async () => {
    const before = (await exportEntries("payments")).length;
    const bad = (await callRoute(
      paymentsExportRoute,
      await requestAs("admin", "/admin/payments/export?status=PAID&format=csv"),
    )) as Response;
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe("/admin/payments?status=PAID");
    expect((await readToast(bad))?.message).toBe("Failed to export data: Status: choose a status from the list.");
    expect((await exportEntries("payments")).length).toBe(before);
    for (const who of ["catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(paymentsExportRoute, await requestAs(who, "/admin/payments/export?format=csv")))).toBe(403);
    }
  });
});

describe("list export: Service Provider Bank Details", () => {
  const PATH = "/admin/service-provider-bank-details";

  it("exports the accounts the search finds, in the list's order, every number masked as the table shows it, even one just revealed", async () => {
    const made: { username: string }[] = [];
    for (const variant of [0, 2]) {
      // the demo data gives every second provider a bank account (seed/providers.ts), the copy gets its own
      made.push((await apiCall<{ data: { username: string } }>("/test-fixtures/providers", { method: "POST", body: { variant } })).data);
    }
    const accounts = await apiCall<Any[]>(`/accounts/?${new URLSearchParams({ search: "e2e.", page_size: "200" })}`);
    expect(accounts.length).toBeLessThan(200);
    const mine = made.map((m) => accounts.find((a) => a.service_provider_username === m.username));
    expect(mine.every(Boolean)).toBe(true);
    const full = (
      await apiCall<{ data: { account_number: string } }>(`/accounts/${mine[0].id}/reveal`, { method: "POST", actingAdmin: "admin" })
    ).data.account_number;
    expect(full.length).toBeGreaterThan(4);

    // the admin reveals one on screen: the page shows it in full on the next load…
    const posted = (await callRoute(
      bankRoute,
      await requestAs("admin", `${PATH}?search=e2e.`, { form: { intent: "reveal", id: String(mine[0].id) } }),
    )) as Response;
    const grant = (posted.headers.get("Set-Cookie") ?? "").split(";")[0];
    expect(grant).toMatch(/^__bank_reveal=/);
    // …and exports with that URL and that grant: the number stays masked in the file
    const url = `${PATH}/export?${new URLSearchParams({ search: "e2e.", reveal: String(mine[0].id), format: "csv" })}`;
    const csv = (await callRoute(bankExportRoute, await requestAs("admin", url, { headers: { Cookie: grant } }))) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="bank-details-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = new TextDecoder().decode(await csv.arrayBuffer());
    expect(text).not.toContain(full);
    const [header, ...rows] = csvRows(text);
    expect(header).toEqual(["#", "SP username", "Account Holder", "Account Number", "IFSC Code", "Bank Name", "Branch"]);
    expect(rows.map((r) => r[1])).toEqual(accounts.map((a) => a.service_provider_username));
    for (const [i, a] of accounts.entries()) {
      expect(rows[i]).toEqual([
        String(i + 1),
        a.service_provider_username,
        a.account_holder_name,
        maskAccountNumber(a.account_number),
        a.ifsc_code,
        a.bank_name,
        a.branch,
      ]);
      expect(rows[i][3]).toMatch(/^X+\d{4}$/);
    }
    expect(rows.find((r) => r[1] === made[0].username)?.[3]).toBe(maskAccountNumber(full));
    // the same URL and grant do show the number in full on the page (so the export was given a live reveal)
    const page = (await callRoute(
      bankRoute,
      await requestAs("admin", `${PATH}?search=e2e.&reveal=${mine[0].id}`, { headers: { Cookie: grant } }),
    )) as Any;
    const shown = (page.data ?? page).rows.find((r: Any) => r.id === mine[0].id);
    expect(shown).toMatchObject({ revealed: true, number: full });

    // the .xlsx, searched for one provider: that account alone, masked
    const one = `${PATH}/export?${new URLSearchParams({ search: made[1].username, reveal: String(mine[1].id) })}`;
    const xlsx = (await callRoute(bankExportRoute, await requestAs("admin", one))) as Response;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.getWorksheet("Service Provider Bank Details")!;
    expect(sheetRows(sheet)).toEqual([
      [1, made[1].username, mine[1].account_holder_name, mine[1].account_number, mine[1].ifsc_code, mine[1].bank_name, mine[1].branch],
    ]);
    expect(JSON.stringify(sheet.getSheetValues())).not.toContain(full);
    const [entry] = await exportEntries("bank-details");
    expect(entry.entity).toBe("bank_account");
    expect(entry.after).toEqual({
      list: "Service Provider Bank Details",
      format: "xlsx",
      filter: new URLSearchParams({ search: made[1].username }).toString(),
      rows: 1,
    });
  });

  it("a refused search goes back to the list with the reason; admins without Bank Details access are refused", async () => {
    const long = "y".repeat(101);
    const bad = (await callRoute(bankExportRoute, await requestAs("admin", `${PATH}/export?search=${long}&format=csv`))) as Response;
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe(`${PATH}?search=${long}`);
    expect((await readToast(bad))?.message).toBe("Failed to export data: Search is at most 100 characters.");
    for (const who of ["catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(bankExportRoute, await requestAs(who, `${PATH}/export?format=csv`)))).toBe(403);
    }
  });
});

describe("list export: Service Provider Documents", () => {
  it("exports the providers the search finds, in the chosen sort, each cell in the table's words, as .csv and .xlsx", async () => {
    const made: { username: string; serviceProvider_id: number }[] = [];
    for (const variant of [0, 1]) {
      made.push(
        (
          await apiCall<{ data: { username: string; serviceProvider_id: number } }>("/test-fixtures/providers", {
            method: "POST",
            body: { variant },
          })
        ).data,
      );
    }
    const filter = { search: "e2e.", sortField: "username", sortOrder: "desc" };
    const api = await apiCall<{ data: Any[]; total_results: number }>(
      `/get-all-serviceprovider-documents?${new URLSearchParams({ ...filter, page_size: "200" })}`,
    );
    expect(api.total_results).toBeLessThanOrEqual(200);
    const header = ["Username", "Phone", "Category", "Updated Date", "PAN Verification", "Documents", "Accepted Agreements", "Review"];

    const url = `/admin/documents/export?${new URLSearchParams({ ...filter, page: "2", dialog: "documents", id: String(made[0].serviceProvider_id), format: "csv" })}`;
    const csv = (await callRoute(documentsExportRoute, await requestAs("admin", url))) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="documents-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [head, ...rows] = csvRows(new TextDecoder().decode(await csv.arrayBuffer()));
    expect(head).toEqual(header);
    const usernames = rows.map((r) => r[0]);
    expect(usernames).toEqual(api.data.map((r) => r.userId.username));
    expect([...usernames].sort().reverse()).toEqual(usernames);
    for (const m of made) expect(usernames).toContain(m.username);
    for (const [i, raw] of api.data.entries()) {
      const row = rows[i];
      // csvCell: the fixtures' phones hold letters, so the formula guard quotes them ("'+9100ab…")
      expect(row[1]).toBe(csvCell(raw.userId.phone));
      expect(row[2]).toBe(raw.category?.categoryName ?? "");
      expect(row[3]).toBe(formatDate(raw.updated_at));
      expect(row[4]).toMatch(
        raw.pan_verification_details?.verified_pan ? /^PAN verified \S+ · .+; Face match/ : /^PAN not verified; Face match/,
      );
      expect(row[5]).toMatch(/^(No files|\d+ (images?|PDFs?|others?)( · \d+ (images?|PDFs?|others?))*)$/);
      const latest = raw.userId.agreements.at(-1);
      expect(row[6]).toBe(
        latest
          ? `${latest.version} · ${formatDateTime(latest.accepted_at)} · ${latest.accepted_ip}${raw.userId.agreements.length > 1 ? ` (+${raw.userId.agreements.length - 1} earlier)` : ""}`
          : "None",
      );
      // the review in words: its status (a rejection's reason), who and when
      expect(row[7]).toMatch(new RegExp(`^${raw.review_status}`));
      if (raw.review_status === "Pending") expect(row[7]).toBe("Pending");
    }

    const xlsx = (await callRoute(
      documentsExportRoute,
      await requestAs("admin", `/admin/documents/export?${new URLSearchParams(filter)}`),
    )) as Response;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.getWorksheet("Service Provider Documents")!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(header);
    expect(sheetRows(sheet).map((r) => r[0])).toEqual(usernames);
    const [entry] = await exportEntries("documents");
    expect(entry.entity).toBe("provider_document");
    expect(entry.after).toEqual({
      list: "Service Provider Documents",
      format: "xlsx",
      filter: new URLSearchParams(filter).toString(),
      rows: api.total_results,
    });
  });

  it("a refused date goes back to the list with the reason; admins without Documents access are refused", async () => {
    const before = (await exportEntries("documents")).length;
    const bad = (await callRoute(
      documentsExportRoute,
      await requestAs("admin", "/admin/documents/export?start_date=2025-02-30&format=csv"),
    )) as Response;
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe("/admin/documents?start_date=2025-02-30");
    expect((await readToast(bad))?.message).toMatch(/^Failed to export data: Start Date/);
    expect((await exportEntries("documents")).length).toBe(before);
    for (const who of ["catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(documentsExportRoute, await requestAs(who, "/admin/documents/export?format=csv")))).toBe(403);
    }
  });
});
