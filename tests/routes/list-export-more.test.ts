import { beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import * as providersExportRoute from "~/routes/admin.service-provider.export";
import * as queriesExportRoute from "~/routes/admin.query-msg.export";
import * as journeysExportRoute from "~/routes/admin.track-booking-journey.export";
import * as bucketExportRoute from "~/routes/admin.s3-bucket-manager.export";
import * as auditExportRoute from "~/routes/admin.audit-log.export";
import * as queriesRoute from "~/routes/admin.query-msg";
import type { AuditEntry } from "~contract/audit-log";
import type { BookingJourneyRecord } from "~contract/booking-journeys";
import type { QueryChatGroup } from "~contract/customer-queries";
import type { StoredFileRecord } from "~contract/bucket-manager";
import type { ProviderListRow } from "~contract/service-providers";
import { formatDateTime } from "~/utils/dates";
import { apiCall, callRoute, readToast, requestAs, statusOf } from "../support/routes";
import { csvRows, exportEntries } from "../support/export-files";

async function workbookOf(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return workbook;
}

/** A sheet's header and the rows below it, as plain values. */
function sheetRows(sheet: ExcelJS.Worksheet): { header: unknown[]; rows: unknown[][] } {
  const rows: unknown[][] = [];
  for (let r = 2; r <= sheet.rowCount; r++) rows.push((sheet.getRow(r).values as unknown[]).slice(1));
  return { header: (sheet.getRow(1).values as unknown[]).slice(1), rows };
}

async function csvOf(route: Parameters<typeof callRoute>[0], url: string) {
  const response = (await callRoute(route, await requestAs("admin", url))) as Response;
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  return csvRows(new TextDecoder().decode(await response.arrayBuffer()));
}

describe("list export: Service Providers", () => {
  type Answer = { data: { data: ProviderListRow[] }; total_results: number; cursors?: { next?: string | null } };
  /** every provider the API lists under `query`, following its Next cursor */
  async function apiProviders(query: Record<string, string>) {
    const rows: ProviderListRow[] = [];
    let cursor: string | null | undefined;
    let total = 0;
    for (let page = 1; ; page++) {
      const params = new URLSearchParams({ ...query, page: String(page), page_size: "1000", ...(cursor ? { cursor } : {}) });
      const answer = await apiCall<Answer>(`/get-all-serviceProvider?${params}`);
      rows.push(...answer.data.data);
      total = answer.total_results;
      cursor = answer.cursors?.next;
      if (answer.data.data.length < 1000) break;
    }
    return { rows, total };
  }

  it("exports every provider in the list's sort (Status, then the user), as .csv; audited as a service provider export", async () => {
    const query = { sortField: "status", sortOrder: "asc" };
    const api = await apiProviders(query);
    expect(api.rows.length).toBeGreaterThan(0);
    const before = (await exportEntries("providers")).length;
    const [header, ...rows] = await csvOf(
      providersExportRoute,
      `/admin/service-provider/export?${new URLSearchParams({ ...query, page: "2", dialog: "boost", id: "1", format: "csv" })}`,
    );
    expect(header).toEqual([
      "Provider Username",
      "Category",
      "Contact No",
      "Reg Date",
      "Update Date",
      "Refresh At",
      "Plan",
      "Stage",
      "Status",
      "Verification",
      "Last Login",
      "Accepted T&C",
      "Boosting Point",
      "Pro",
      "Admin Rating",
    ]);
    expect(rows.map((r) => r[0])).toEqual(api.rows.map((p) => p.userId.username));
    const statuses = rows.map((r) => r[8]);
    expect(statuses).toEqual([...statuses].sort());
    for (const [i, p] of api.rows.entries()) {
      expect(rows[i][9]).toBe(p.userId.verified ? "Verified" : "Unverified");
      expect(rows[i][12]).toBe(String(p.boosterPoints));
      expect(rows[i][13]).toBe(p.is_pro ? "Yes" : "No");
      expect(rows[i][14]).toBe(String(p.admin_rating));
    }
    const entries = await exportEntries("providers");
    expect(entries.length).toBe(before + 1);
    expect(entries[0].entity).toBe("service_provider");
    expect(entries[0].after).toEqual({
      list: "Service Providers",
      format: "csv",
      filter: new URLSearchParams(query).toString(),
      rows: api.total,
    });
  });

  it("exports the filtered providers as .xlsx, username descending; a refused filter goes back with the reason", async () => {
    const query = { status: "Active", sortField: "username", sortOrder: "desc" };
    const api = await apiProviders(query);
    const response = (await callRoute(
      providersExportRoute,
      await requestAs("admin", `/admin/service-provider/export?${new URLSearchParams(query)}`),
    )) as Response;
    expect(response.status).toBe(200);
    const workbook = await workbookOf(response);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Service Providers"]);
    const { rows } = sheetRows(workbook.worksheets[0]);
    expect(rows.map((r) => r[0])).toEqual(api.rows.map((p) => p.userId.username));
    expect(rows.every((r) => r[8] === "Active")).toBe(true);
    expect(typeof rows[0][12]).toBe("number");

    const bad = (await callRoute(
      providersExportRoute,
      await requestAs("admin", "/admin/service-provider/export?plan=Gold&format=csv"),
    )) as Response;
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe("/admin/service-provider?plan=Gold");
    expect((await readToast(bad))?.message).toMatch(/^Failed to export data: Plan: choose a value from the list/);
    for (const who of ["catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(providersExportRoute, await requestAs(who, "/admin/service-provider/export")))).toBe(403);
    }
  });
});

describe("list export: Customer Queries", () => {
  type Answer = { data: { data: QueryChatGroup[]; total: number } };

  it("exports every pair in the list's order (oldest message first when sorted so), the chat count a number, as .xlsx; audited", async () => {
    const query = { sortField: "date", sortOrder: "asc" };
    const api = (await apiCall<Answer>(`/get-grouped-chats-admin?${new URLSearchParams({ ...query, page_size: "1000" })}`)).data;
    expect(api.total).toBeLessThanOrEqual(1000);
    expect(api.total).toBeGreaterThan(1);
    const before = (await exportEntries("customer-queries")).length;
    const url = `/admin/query-msg/export?${new URLSearchParams({ ...query, query: String(api.data[0].id), page: "2" })}`;
    const response = (await callRoute(queriesExportRoute, await requestAs("admin", url))) as Response;
    expect(response.status).toBe(200);
    const workbook = await workbookOf(response);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Customer Queries"]);
    const { header, rows } = sheetRows(workbook.worksheets[0]);
    expect(header).toEqual(["User", "Phone", "Provider", "Provider Phone", "Chats", "Date"]);
    expect(rows).toHaveLength(api.total);
    for (const [i, g] of api.data.entries()) {
      expect(rows[i][0]).toBe(g.user.name);
      expect(rows[i][2]).toBe(g.provider.name);
      expect(rows[i][4]).toBe(g.chat_count);
      expect(rows[i][5]).toBe(formatDateTime(g.date));
    }
    const entries = await exportEntries("customer-queries");
    expect(entries.length).toBe(before + 1);
    expect(entries[0].entity).toBe("query_chat");
    expect(entries[0].after).toEqual({
      list: "Customer Queries",
      format: "xlsx",
      filter: new URLSearchParams(query).toString(),
      rows: api.total,
    });
  });

  it("the page sorts by date both ways through the URL (the API's order), and the export follows a search", async () => {
    const asc = (await apiCall<Answer>("/get-grouped-chats-admin?sortField=date&sortOrder=asc&page_size=10")).data.data;
    const newest = (await apiCall<Answer>("/get-grouped-chats-admin?page_size=10")).data.data;
    const loaded = (await callRoute(queriesRoute, await requestAs("admin", "/admin/query-msg?sortField=date&sortOrder=asc"))) as {
      data: { rows: { id: number }[]; sort: unknown };
    };
    expect(loaded.data.rows.map((r) => r.id)).toEqual(asc.map((g) => g.id));
    expect(loaded.data.sort).toEqual({ field: "date", order: "asc" });
    expect(asc[0].id).not.toBe(newest[0].id);

    const search = newest[0].provider.username;
    const api = (await apiCall<Answer>(`/get-grouped-chats-admin?${new URLSearchParams({ search, page_size: "1000" })}`)).data;
    const [, ...rows] = await csvOf(queriesExportRoute, `/admin/query-msg/export?${new URLSearchParams({ search, format: "csv" })}`);
    expect(rows.map((r) => r[2])).toEqual(api.data.map((g) => g.provider.name));
    expect(rows.map((r) => r[4])).toEqual(api.data.map((g) => String(g.chat_count)));

    const bad = (await callRoute(
      queriesExportRoute,
      await requestAs("admin", `/admin/query-msg/export?search=${"x".repeat(101)}`),
    )) as Response;
    expect(bad.status).toBe(302);
    expect((await readToast(bad))?.message).toMatch(/^Failed to export data: Search is at most 100 characters/);
    expect(statusOf(await callRoute(queriesExportRoute, await requestAs("catalog", "/admin/query-msg/export")))).toBe(403);
  });
});

describe("list export: Pending Bookings (booking journeys)", () => {
  type Answer = { results: BookingJourneyRecord[]; total: number };

  it("exports the journeys stopped at the step asked for, newest first, one row a card; audited", async () => {
    const started = new Date(Date.UTC(2024, 0, 9, 6, 0)).toISOString();
    const service = `Export journey ${Date.now()}`;
    await apiCall("/test-fixtures/booking-journeys", {
      method: "POST",
      body: {
        journeys: [
          { stop: 3, started_at: started, service_name: service },
          { stop: 3, started_at: started, service_name: service },
          { stop: 6, started_at: started, service_name: service },
        ],
      },
    });
    const query = { step: "3", start_date: "2024-01-09", end_date: "2024-01-09" };
    const api = await apiCall<Answer>(`/track-booking-journey/?${new URLSearchParams({ ...query, page_size: "1000" })}`);
    expect(api.results.filter((j) => j.service_name === service)).toHaveLength(2);
    const before = (await exportEntries("booking-journeys")).length;
    const [header, ...rows] = await csvOf(
      journeysExportRoute,
      `/admin/track-booking-journey/export?${new URLSearchParams({ ...query, journey: String(api.results[0].id), format: "csv" })}`,
    );
    expect(header).toEqual([
      "Journey Id",
      "Service",
      "User",
      "User Username",
      "User Phone",
      "Provider",
      "Provider Username",
      "Provider Phone",
      "Started At",
      "Last Updated",
      "Stopped At",
    ]);
    expect(rows.map((r) => Number(r[0]))).toEqual(api.results.map((j) => j.id));
    expect(rows.every((r) => r[10] === "Order Summary")).toBe(true);
    expect(rows.filter((r) => r[1] === service)).toHaveLength(2);
    const entries = await exportEntries("booking-journeys");
    expect(entries.length).toBe(before + 1);
    expect(entries[0].entity).toBe("booking_journey");
    expect(entries[0].after).toEqual({
      list: "Pending Bookings",
      format: "csv",
      filter: new URLSearchParams(query).toString(),
      rows: api.total,
    });

    // all five steps done: "Completed all steps"
    const [, ...done] = await csvOf(
      journeysExportRoute,
      `/admin/track-booking-journey/export?${new URLSearchParams({ ...query, step: "6", format: "csv" })}`,
    );
    expect(done.filter((r) => r[1] === service).map((r) => r[10])).toEqual(["Completed all steps"]);
    expect(statusOf(await callRoute(journeysExportRoute, await requestAs("catalog", "/admin/track-booking-journey/export")))).toBe(403);
  });
});

describe("list export: S3 Bucket Manager files", () => {
  type Answer = { data: { results: StoredFileRecord[]; total: number; next_continuation_token: string | null } };
  const tag = `exp${Date.now().toString(36)}`;
  const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");

  beforeAll(async () => {
    // files of this file's own, more than one page of 10
    const form = new FormData();
    for (let i = 0; i < 12; i++) form.append("files", new Blob([new Uint8Array(PDF)]), `${tag}-${i}.pdf`);
    await apiCall("/s3/upload", { method: "POST", body: form, actingAdmin: "admin" });
  });

  it("exports every stored file, newest first, from the first file whatever page the URL is on; audited", async () => {
    const files: StoredFileRecord[] = [];
    let token: string | null = null;
    let total = 0;
    do {
      const params = new URLSearchParams({ page_size: "100", ...(token ? { continuation_token: token } : {}) });
      const answer: Answer = await apiCall<Answer>(`/s3/list?${params}`);
      files.push(...answer.data.results);
      total = answer.data.total;
      token = answer.data.next_continuation_token;
    } while (token);
    expect(files.length).toBe(total);
    expect(total).toBeGreaterThan(10);
    const second = (await apiCall<Answer>("/s3/list?page_size=10")).data.next_continuation_token;
    const before = (await exportEntries("bucket-files")).length;
    const url = `/admin/s3-bucket-manager/export?${new URLSearchParams({ ...(second ? { token: second } : {}), page_size: "10", preview: "1" })}`;
    const response = (await callRoute(bucketExportRoute, await requestAs("admin", url))) as Response;
    expect(response.status).toBe(200);
    const workbook = await workbookOf(response);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["S3 Bucket Manager"]);
    const { header, rows } = sheetRows(workbook.worksheets[0]);
    expect(header).toEqual(["Name", "Uploaded At", "Size"]);
    expect(rows.map((r) => r[0])).toEqual(files.map((f) => f.file_name));
    const entries = await exportEntries("bucket-files");
    expect(entries.length).toBe(before + 1);
    expect(entries[0].entity).toBe("file");
    expect(entries[0].after).toEqual({ list: "S3 Bucket Manager", format: "xlsx", filter: "", rows: total });
  });

  it("exports the files a search finds; a bad date goes back with the reason; only S3 Bucket Manager admins", async () => {
    const search = tag;
    const api = (await apiCall<Answer>(`/s3/list?${new URLSearchParams({ search, page_size: "100" })}`)).data;
    const [, ...rows] = await csvOf(bucketExportRoute, `/admin/s3-bucket-manager/export?${new URLSearchParams({ search, format: "csv" })}`);
    expect(rows.map((r) => r[0])).toEqual(api.results.map((f) => f.file_name));
    expect(rows.length).toBe(12);
    expect(rows.map((r) => r[2])).toEqual(api.results.map(() => "45 B"));

    const bad = (await callRoute(
      bucketExportRoute,
      await requestAs("admin", "/admin/s3-bucket-manager/export?uploaded_at=yesterday"),
    )) as Response;
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe("/admin/s3-bucket-manager?uploaded_at=yesterday");
    expect((await readToast(bad))?.message).toMatch(/^Failed to export data/);
    expect(statusOf(await callRoute(bucketExportRoute, await requestAs("catalog", "/admin/s3-bucket-manager/export")))).toBe(403);
  });
});

describe("list export: Audit log", () => {
  type Answer = { data: AuditEntry[]; total_results: number };

  it("exports the entries the filter narrows to, newest first, in words; audited as an audit log export", async () => {
    // something to find: an export of another list leaves an entry of kind service_provider
    await csvOf(providersExportRoute, "/admin/service-provider/export?format=csv&status=Hold");
    const query = { entity: "service_provider", action: "export" };
    const api = await apiCall<Answer>(`/audit-entries?${new URLSearchParams({ ...query, page_size: "1000" })}`);
    expect(api.total_results).toBeGreaterThan(0);
    const before = (await exportEntries("audit-log")).length;
    const url = `/admin/audit-log/export?${new URLSearchParams({ ...query, entry: String(api.data[0].id), format: "csv" })}`;
    const [header, ...rows] = await csvOf(auditExportRoute, url);
    expect(header).toEqual(["When", "Admin", "Action", "Record", "Changed"]);
    expect(rows).toHaveLength(api.total_results);
    for (const [i, e] of api.data.entries()) {
      expect(rows[i][0]).toBe(formatDateTime(e.created_at));
      expect(rows[i][1]).toBe(e.admin_username ?? "System");
      expect(rows[i][2]).toBe("Exported");
      expect(rows[i][3]).toBe("the Service Providers list");
    }
    const entries = await exportEntries("audit-log");
    expect(entries.length).toBe(before + 1);
    expect(entries[0].entity).toBe("audit_log");
    expect(entries[0].after).toEqual({
      list: "Audit Log",
      format: "csv",
      filter: new URLSearchParams(query).toString(),
      rows: api.total_results,
    });
  });

  it("a filter the page drops (with its note) is dropped from the export too; only Admin Users admins export the log", async () => {
    const api = await apiCall<Answer>("/audit-entries?action=export&page_size=1000");
    const [, ...rows] = await csvOf(auditExportRoute, "/admin/audit-log/export?action=export&entity=nothing&format=csv");
    expect(rows.length).toBe(api.total_results);
    expect(rows.every((r) => r[2] === "Exported")).toBe(true);
    for (const who of ["support", "catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(auditExportRoute, await requestAs(who, "/admin/audit-log/export")))).toBe(403);
    }
  });

  it("one record's history (?entity=…&record=…): a stored file's upload, by its name", async () => {
    const name = `exp-history-${Date.now().toString(36)}.pdf`;
    const form = new FormData();
    form.append("files", new Blob([new Uint8Array(Buffer.from("%PDF-1.4\n%%EOF\n", "latin1"))]), name);
    await apiCall("/s3/upload", { method: "POST", body: form, actingAdmin: "admin" });
    const api = await apiCall<Answer>(`/audit-entries?${new URLSearchParams({ entity: "file", entity_id: name })}`);
    expect(api.total_results).toBe(1);
    const [, ...rows] = await csvOf(
      auditExportRoute,
      `/admin/audit-log/export?${new URLSearchParams({ entity: "file", record: name, format: "csv" })}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].slice(1, 3)).toEqual(["admin", "Created"]);
  });
});
