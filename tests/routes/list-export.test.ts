import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { DateTime } from "luxon";
import * as usersExportRoute from "~/routes/admin.user.export";
import * as contactsExportRoute from "~/routes/admin.list-contacts.export";
import * as adminUsersExportRoute from "~/routes/admin.list-admin-users.export";
import { csvCell } from "~/services/export-writers.server";
import { describeAuditEntry } from "~/services/audit-log/notices.server";
import { apiCall, callRoute, readToast, requestAs, statusOf } from "../support/routes";
import { csvRows, exportEntries } from "../support/export-files";

type Made = { id: number; username: string; rating: number };

async function makeUsers(count: number, body: { phone: string; is_active?: boolean }) {
  const made: Made[] = [];
  for (let i = 0; i < count; i += 25) {
    const batch = Array.from({ length: Math.min(25, count - i) }, (_, j) =>
      apiCall<{ data: Made }>("/test-fixtures/users", { method: "POST", body: { ...body, rating: ((i + j) % 9) * 0.5 + 1 } }),
    );
    made.push(...(await Promise.all(batch)).map((a) => a.data));
  }
  return made;
}

const phoneTag = () => `+91 7${String(Date.now()).slice(-9)}`;

describe("list export (issue 32 §2): the Users list", () => {
  it("exports every row the search finds, in the list's sort, past one API page, as .csv; the export is audited", async () => {
    const phone = phoneTag();
    const made = await makeUsers(203, { phone });
    const before = (await exportEntries("users")).length;
    const url = `/admin/user/export?${new URLSearchParams({ search: phone, sortField: "rating", sortOrder: "asc", page: "3", format: "csv" })}`;
    const response = (await callRoute(usersExportRoute, await requestAs("admin", url))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const today = DateTime.now().setZone("Asia/Kolkata").toISODate();
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="users-${today}.csv"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // a UTF-8 byte order mark first: Excel then reads names and the rupee sign right
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const [header, ...rows] = csvRows(text);
    expect(header).toEqual(["Username", "Name", "Email", "Phone", "Joined", "Rating", "Status"]);
    // every row, not the page the URL was on
    expect(rows).toHaveLength(made.length);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(made.map((u) => u.username)));
    expect(rows.every((r) => r[3] === phone && r[6] === "Active")).toBe(true);
    const ratings = rows.map((r) => Number(r[5]));
    expect(ratings).toEqual([...ratings].sort((a, b) => a - b));
    expect(ratings[0]).toBe(1);

    const entries = await exportEntries("users");
    expect(entries.length).toBe(before + 1);
    const entry = entries[0];
    expect(entry.action).toBe("export");
    expect(entry.entity).toBe("user");
    expect(entry.admin_username).toBe("admin");
    expect(entry.after).toEqual({
      list: "Users",
      format: "csv",
      filter: new URLSearchParams({ search: phone, sortField: "rating", sortOrder: "asc" }).toString(),
      rows: made.length,
    });
    // the audit log says it in words, and its link reopens the list as it was exported
    const described = describeAuditEntry(entry, DateTime.now(), { access: ["User"], seenUpTo: 0, self: 0 });
    expect(described.text).toBe("admin exported the Users list");
    expect(described.href).toBe(`/admin/user?${new URLSearchParams({ search: phone, sortField: "rating", sortOrder: "asc" })}`);
    expect(describeAuditEntry(entry, DateTime.now(), { access: ["Contacts"], seenUpTo: 0, self: 0 }).href).toBeNull();
  });

  it("exports the filtered rows as an .xlsx with one sheet named after the page", async () => {
    const phone = phoneTag();
    const active = await makeUsers(3, { phone });
    const blocked = await makeUsers(2, { phone, is_active: false });
    const url = `/admin/user/export?${new URLSearchParams({ search: phone, status: "Blocked", sortField: "username", sortOrder: "desc" })}&token=tok12345`;
    const response = (await callRoute(usersExportRoute, await requestAs("admin", url))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("Set-Cookie")).toMatch(/^export-tok12345=ok; Path=\/admin;/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Users"]);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["Username", "Name", "Email", "Phone", "Joined", "Rating", "Status"]);
    const names = [sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value];
    expect(names).toEqual(
      blocked
        .map((u) => u.username)
        .sort()
        .reverse(),
    );
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(7).value).toBe("Blocked");
    expect(typeof sheet.getRow(2).getCell(6).value).toBe("number");
    expect(active.some((u) => names.includes(u.username))).toBe(false);
  });

  it("a refused filter or format goes back to the list with the reason, and nothing is exported or audited", async () => {
    const before = (await exportEntries("users")).length;
    const bad = (await callRoute(
      usersExportRoute,
      await requestAs("admin", "/admin/user/export?start_date=2025-02-30&search=x1y2z3&format=csv"),
    )) as Response;
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe("/admin/user?start_date=2025-02-30&search=x1y2z3");
    expect((await readToast(bad))?.message).toMatch(/^Failed to export data: Joined from/);
    // with JavaScript: 204 and the message in the link's cookie (the browser stays on the page)
    const format = (await callRoute(usersExportRoute, await requestAs("admin", "/admin/user/export?format=pdf&token=abc123"))) as Response;
    expect(format.status).toBe(204);
    expect(decodeURIComponent(format.headers.get("Set-Cookie") ?? "")).toMatch(/^export-abc123=failed:Failed to export data: choose Excel/);
    expect((await exportEntries("users")).length).toBe(before);
  });

  it("is refused to admins without User access", async () => {
    for (const who of ["catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(usersExportRoute, await requestAs(who, "/admin/user/export?format=csv")))).toBe(403);
    }
    expect(statusOf(await callRoute(usersExportRoute, await requestAs(null, "/admin/user/export?format=csv")))).toBe(302);
  });
});

describe("list export: Contact Leads and Admin Users", () => {
  it("exports the contact leads the search finds, sorted by name, each message whole, and a formula typed as a name made harmless", async () => {
    const tag = Math.random().toString(36).slice(2, 10);
    const long = `Does the plan include GST filing for ${tag}? `.repeat(6).trim();
    for (const name of [`Zed ${tag}`, `=HYPERLINK("http://x.test","${tag}")`, `Amy ${tag}`]) {
      await apiCall("/create-contact", {
        method: "POST",
        body: { name, email: `${tag}@example.com`, contactNo: "+91 98111 22334", context: "Webinar", subject: "Question", message: long },
      });
    }
    const url = `/admin/list-contacts/export?${new URLSearchParams({ search: tag, sortField: "name", sortOrder: "asc", format: "csv" })}`;
    const response = (await callRoute(contactsExportRoute, await requestAs("admin", url))) as Response;
    expect(response.status).toBe(200);
    const text = new TextDecoder().decode(await response.arrayBuffer());
    // the message has commas in no cell here, but the formula's quotes are doubled inside a quoted cell
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("Name,Created At,Email,Contact No,Context,Subject,Message");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`^"'=HYPERLINK\\(""http://x\\.test"",""${tag}""\\)",`));
    expect(lines[2].startsWith(`Amy ${tag},`)).toBe(true);
    expect(lines[3].startsWith(`Zed ${tag},`)).toBe(true);
    // the table cuts a long message; the export keeps it whole
    expect(long.length).toBeGreaterThan(120);
    expect(lines[3].endsWith(`,${long}`)).toBe(true);
    expect(lines[3]).toContain(",+91 98111 22334,Webinar,Question,");
  });

  it("exports the admin users as filtered, never a password, and only for admins with Admin Users access", async () => {
    const url = `/admin/list-admin-users/export?${new URLSearchParams({ role: "Support", sortField: "adminUsername", sortOrder: "asc" })}`;
    const response = (await callRoute(adminUsersExportRoute, await requestAs("admin", url))) as Response;
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet("Admin Users")!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      "Username",
      "Email",
      "Role",
      "Status",
      "Access",
      "Created",
      "Last signed in",
    ]);
    const api = await apiCall<{ data: { adminUsername: string }[]; total_results: number }>(
      "/get-all-admin-users?role=Support&sortField=adminUsername&sortOrder=asc&page_size=200",
    );
    const usernames = [];
    for (let r = 2; r <= sheet.rowCount; r++) usernames.push(sheet.getRow(r).getCell(1).value);
    expect(usernames).toEqual(api.data.map((a) => a.adminUsername));
    expect(usernames).toContain("catalog");
    for (let r = 2; r <= sheet.rowCount; r++) expect(sheet.getRow(r).getCell(3).value).toBe("Support");
    expect(JSON.stringify(sheet.getSheetValues())).not.toMatch(/Password|\$2[aby]\$|argon2/i);
    for (const who of ["catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(adminUsersExportRoute, await requestAs(who, url)))).toBe(403);
      expect(statusOf(await callRoute(contactsExportRoute, await requestAs(who, "/admin/list-contacts/export")))).toBe(403);
    }
  });
});

describe("csv cells", () => {
  it("keeps a spreadsheet from reading text as a formula, but leaves numbers and phone numbers alone", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvCell("-2+3+cmd")).toBe("'-2+3+cmd");
    expect(csvCell("+91 98111 22334")).toBe("+91 98111 22334");
    expect(csvCell("-12.5")).toBe("-12.5");
    expect(csvCell(1499.5, true)).toBe("1499.50");
    expect(csvCell(undefined)).toBe("");
  });
});
