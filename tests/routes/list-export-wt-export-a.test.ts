/**
 * List export (issue 32 §2) of Comment Moderation, Ratings, Posts and Subscriptions: each list's
 * own records made through the API, exported as filtered and sorted, read back (.csv and .xlsx).
 */
import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import * as commentsRoute from "~/routes/admin.comments";
import * as commentsExportRoute from "~/routes/admin.comments.export";
import * as ratingsRoute from "~/routes/admin.rating";
import * as ratingsExportRoute from "~/routes/admin.rating.export";
import * as postsRoute from "~/routes/admin.posts._index";
import * as postsExportRoute from "~/routes/admin.posts.export";
import * as plansExportRoute from "~/routes/admin.subscriptions.export";
import type { CommentsPageData } from "~/models/comments";
import type { AuditEntry } from "~contract/audit-log";
import { describeAuditEntry } from "~/services/audit-log/notices.server";
import type { PlanRecord } from "~contract/subscriptions";
import { newPlan } from "../support/records";
import type { PostRow, PostsPageData } from "~/models/post-labels";
import type { PostRecord } from "~contract/posts";
import type { RatingsPageData } from "~/models/ratings";
import type { RatingRecord } from "~contract/ratings";
import { DateTime } from "luxon";
import { formatIndiaTime } from "~shared/dates";
import { apiCall, callRoute, readToast, requestAs, statusOf } from "../support/routes";
import { csvRows } from "../support/export-files";

async function exportCsv(route: Parameters<typeof callRoute>[0], url: string) {
  const response = (await callRoute(route, await requestAs("admin", url))) as Response;
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  return csvRows(new TextDecoder().decode(await response.arrayBuffer()));
}

async function exportSheet(route: Parameters<typeof callRoute>[0], url: string, name: string) {
  const response = (await callRoute(route, await requestAs("admin", url))) as Response;
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  expect(workbook.worksheets.map((s) => s.name)).toEqual([name]);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) rows.push((sheet.getRow(r).values as unknown[]).slice(1));
  return rows;
}

function payload<T>(result: unknown): T {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: T }).data;
  return result as T;
}

const tag = () => `x${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

describe("list export: Comment Moderation", () => {
  type Made = { id: number; article_id: number; article_title: string };
  const makeComment = async (body: Record<string, unknown>) =>
    (await apiCall<{ data: Made }>("/test-fixtures/comments", { method: "POST", body: { content: "A comment", ...body } })).data;
  const HEADERS = ["Author", "Email", "Article", "Date", "Status"];

  it("exports the comments the search and status find, oldest first, each article's title whole, as .csv and .xlsx", async () => {
    const t = tag();
    const approved = await makeComment({
      name: `Asha ${t}`,
      email: `asha.${t}@example.in`,
      is_approved: true,
      created_at: "2026-01-01T04:30:00Z",
    });
    const anonymous = await makeComment({ name: `Anon ${t}`, email: null, created_at: "2026-01-03T04:30:00Z" });
    const named = await makeComment({ name: `Ravi ${t}`, email: `ravi.${t}@example.in`, created_at: "2026-01-02T04:30:00Z" });
    const query = { search: t, status: "pending", sortField: "created_at", sortOrder: "asc" };
    const expected = [
      [`Ravi ${t}`, `ravi.${t}@example.in`, named.article_title, formatIndiaTime("2026-01-02T04:30:00Z", "MMM dd, yyyy HH:mm"), "Pending"],
      [`Anon ${t}`, "Anonymous", anonymous.article_title, formatIndiaTime("2026-01-03T04:30:00Z", "MMM dd, yyyy HH:mm"), "Pending"],
    ];
    // the table cuts the title; the export keeps it whole
    expect(named.article_title.length).toBeGreaterThan(30);

    const csv = await exportCsv(commentsExportRoute, `/admin/comments/export?${new URLSearchParams({ ...query, format: "csv" })}`);
    expect(csv).toEqual([HEADERS, ...expected]);
    const sheet = await exportSheet(commentsExportRoute, `/admin/comments/export?${new URLSearchParams(query)}`, "Comment Moderation");
    expect(sheet).toEqual([HEADERS, ...expected]);

    // the same rows, in the same order, as the page shows them
    const page = payload<CommentsPageData>(
      await callRoute(commentsRoute, await requestAs("admin", `/admin/comments?${new URLSearchParams(query)}`)),
    );
    expect(page.rows.map((r) => r.author)).toEqual(expected.map((r) => r[0]));
    expect(page.rows[0].article).toBe(`${named.article_title.slice(0, 30)}…`);
    expect(page.rows.map((r) => r.date)).toEqual(expected.map((r) => r[3]));
    expect(approved.id).not.toBe(named.id);

    // sorted by status, approved first: the approved comment leads
    const byStatus = await exportCsv(
      commentsExportRoute,
      `/admin/comments/export?${new URLSearchParams({ search: t, sortField: "is_approved", sortOrder: "desc", format: "csv" })}`,
    );
    expect(byStatus.slice(1).map((r) => r[4])).toEqual(["Approved", "Pending", "Pending"]);
    expect(byStatus[1].slice(0, 2)).toEqual([`Asha ${t}`, `asha.${t}@example.in`]);
  });

  it("a refused status goes back to the list with the reason; admins without Comments access are refused", async () => {
    const bad = (await callRoute(
      commentsExportRoute,
      await requestAs("admin", "/admin/comments/export?status=bogus&search=abc&format=csv"),
    )) as Response;
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe("/admin/comments?status=bogus&search=abc");
    expect((await readToast(bad))?.message).toBe("Failed to export data: Status: choose Approved or Pending.");
    for (const who of ["catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(commentsExportRoute, await requestAs(who, "/admin/comments/export?format=csv")))).toBe(403);
    }
  });
});

describe("list export: Ratings", () => {
  const HEADERS = ["Order Id", "User", "Service Provider", "Service", "Type", "Comment", "Date"];
  /** a Completed order of this test's own (a copy of a demo one), rated */
  async function rate(type: string, comment: string) {
    const order = (
      await apiCall<{ data: { order_id: number } }>("/test-fixtures/orders", {
        method: "POST",
        body: { serviceType: "AddOnService", status: "Completed" },
      })
    ).data;
    return (await apiCall<{ data: RatingRecord }>("/create-rating", { method: "POST", body: { order_id: order.order_id, type, comment } }))
      .data;
  }

  it("exports the ratings the filter card finds, newest first, as the table shows them, as .csv and .xlsx", async () => {
    const t = tag();
    const older = await rate("Poor", `Late, and rude: "never again" ${t}`);
    const newer = await rate("Poor", "");
    const other = await rate("Excellent", `Great ${t}`);
    const day = DateTime.now().setZone("Asia/Kolkata").toISODate()!;
    const query = { serviceType: "AddOnService", type: "Poor", start_date: day, end_date: day };
    const csv = await exportCsv(ratingsExportRoute, `/admin/rating/export?${new URLSearchParams({ ...query, format: "csv" })}`);
    expect(csv[0]).toEqual(HEADERS);
    // exactly the rows the list holds under this filter, in its order (newest first)
    const api = await apiCall<{ data: RatingRecord[] }>(`/get-all-ratings?${new URLSearchParams({ ...query, page_size: "200" })}`);
    expect(csv.slice(1).map((r) => r[0])).toEqual(api.data.map((r) => r.short_id));
    const shortIds = csv.slice(1).map((r) => r[0]);
    expect(shortIds.indexOf(newer.short_id)).toBeLessThan(shortIds.indexOf(older.short_id));
    expect(shortIds).not.toContain(other.short_id);
    expect(csv.slice(1).every((r) => r[3] === "Add-On Service" && r[4] === "Poor")).toBe(true);
    const date = DateTime.now().setZone("Asia/Kolkata").toFormat("dd-LLL-yyyy", { locale: "en-US" });
    expect(csv.find((r) => r[0] === older.short_id)).toEqual([
      older.short_id,
      older.userUsername,
      older.serviceProviderUsername,
      "Add-On Service",
      "Poor",
      `Late, and rude: "never again" ${t}`,
      date,
    ]);
    // no comment: a blank cell (the table's "—")
    expect(csv.find((r) => r[0] === newer.short_id)?.[5]).toBe("");

    // audited under the ratings' own kind of record: its link reopens the list as exported, for Ratings admins only
    const [entry] = (await apiCall<{ data: AuditEntry[] }>("/audit-entries?action=export&entity_id=ratings&page_size=1")).data;
    expect(entry).toMatchObject({ entity: "rating", admin_username: "admin" });
    expect(entry.after).toMatchObject({ list: "Ratings", format: "csv", filter: new URLSearchParams(query).toString() });
    const described = describeAuditEntry(entry, DateTime.now(), { access: ["Ratings"], seenUpTo: 0, self: 0 });
    expect(described.text).toBe("admin exported the Ratings list");
    expect(described.href).toBe(`/admin/rating?${new URLSearchParams(query)}`);
    expect(describeAuditEntry(entry, DateTime.now(), { access: ["Comments"], seenUpTo: 0, self: 0 }).href).toBeNull();

    // the page shows the same first rows
    const page = payload<RatingsPageData>(
      await callRoute(ratingsRoute, await requestAs("admin", `/admin/rating?${new URLSearchParams(query)}`)),
    );
    expect(page.rows.map((r) => r.shortId)).toEqual(shortIds.slice(0, page.rows.length));

    const sheet = await exportSheet(ratingsExportRoute, `/admin/rating/export?${new URLSearchParams(query)}`, "Ratings");
    expect(sheet[0]).toEqual(HEADERS);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(shortIds);
    expect(sheet.find((r) => r[0] === older.short_id)?.[5]).toBe(`Late, and rude: "never again" ${t}`);
  });

  it("a refused filter goes back to the list with the reasons; admins without Ratings access are refused", async () => {
    const bad = (await callRoute(ratingsExportRoute, await requestAs("admin", "/admin/rating/export?type=Superb&format=csv"))) as Response;
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe("/admin/rating?type=Superb");
    expect((await readToast(bad))?.message).toBe("Failed to export data: Type: choose a rating type from the list.");
    for (const who of ["catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(ratingsExportRoute, await requestAs(who, "/admin/rating/export?format=csv")))).toBe(403);
    }
  });
});

describe("list export: Posts", () => {
  const HEADERS = ["Title", "Author", "Status", "Tags", "Created At", "Updated At"];
  const createPost = async (body: Record<string, unknown>) =>
    (await apiCall<{ data: PostRecord }>("/blog/articles/", { method: "POST", actingAdmin: "admin", body })).data;

  it("exports the posts the search and status find, sorted by author, as the table shows them, as .csv and .xlsx", async () => {
    const t = tag();
    await createPost({ title: `Draft ${t}`, author: "Asha", tags: ["Tax"] });
    await createPost({ title: `Live ${t} one`, author: "Zoya", status: "published", tags: ["GST", "Tax, India"] });
    await createPost({ title: `Live ${t} two`, author: "Bela", status: "published" });
    const query = { search: t, status: "published", sortField: "author", sortOrder: "asc" };
    const page = payload<PostsPageData>(
      await callRoute(postsRoute, await requestAs("admin", `/admin/posts?${new URLSearchParams(query)}`)),
    );
    const shown = (r: PostRow) => [
      r.title,
      r.author,
      r.status === "published" ? "Published" : "Draft",
      r.tags.join(", "),
      r.createdAt,
      r.updatedAt,
    ];
    expect(page.rows.map((r) => r.title)).toEqual([`Live ${t} two`, `Live ${t} one`]);

    const csv = await exportCsv(postsExportRoute, `/admin/posts/export?${new URLSearchParams({ ...query, format: "csv" })}`);
    expect(csv).toEqual([HEADERS, ...page.rows.map(shown)]);
    // no tags: a blank cell (the table's "—"); tags as the table joins them
    expect(csv[1][3]).toBe("");
    expect(csv[2][3]).toBe("GST, Tax, India");
    expect(csv[1][4]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);

    const sheet = await exportSheet(
      postsExportRoute,
      `/admin/posts/export?${new URLSearchParams({ search: t, sortField: "title", sortOrder: "desc" })}`,
      "Posts",
    );
    expect(sheet[0]).toEqual(HEADERS);
    expect(sheet.slice(1).map((r) => r[0])).toEqual([`Live ${t} two`, `Live ${t} one`, `Draft ${t}`]);
    expect(sheet[3].slice(1, 4)).toEqual(["Asha", "Draft", "Tax"]);
  });

  it("a search too long goes back to the list with the reason; admins without S3 Bucket Manager access are refused", async () => {
    const long = "x".repeat(101);
    const bad = (await callRoute(postsExportRoute, await requestAs("admin", `/admin/posts/export?search=${long}&format=csv`))) as Response;
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe(`/admin/posts?search=${long}`);
    expect((await readToast(bad))?.message).toBe("Failed to export data: Search is at most 100 characters.");
    for (const who of ["catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(postsExportRoute, await requestAs(who, "/admin/posts/export?format=csv")))).toBe(403);
    }
  });
});

describe("list export: Subscriptions", () => {
  const HEADERS = [
    "Plan Name",
    "Plan Amount",
    "Plan Duration",
    "Service Fee",
    "Booster Points",
    "Approval Time",
    "Status",
    "Service Providers",
  ];

  it("exports every plan in the cards' order, as each card says it, the price a number of rupees, as .csv and .xlsx", async () => {
    const mine = await newPlan<PlanRecord>(apiCall, {
      charge: "1234567.5",
      plan_validity: 24,
      profile_boost: 1,
      max_approval: 1,
      status: "Inactive",
    });
    const plans = (await apiCall<{ data: PlanRecord[] }>("/get-all-plan")).data;

    const csv = await exportCsv(plansExportRoute, "/admin/subscriptions/export?format=csv");
    expect(csv[0]).toEqual(HEADERS);
    expect(csv.slice(1).map((r) => r[0])).toEqual(plans.map((p) => p.plan_name));
    expect(csv.find((r) => r[0] === mine.plan_name)).toEqual([
      mine.plan_name,
      "1234567.50",
      "2 Years",
      "12.50 %",
      "1 booster point",
      "1 day",
      "Inactive",
      "No service provider holds it",
    ]);
    const pro = csv.find((r) => r[0] === "Pro")!;
    expect(pro.slice(1, 7)).toEqual(["7999.00", "One Year", "10.00 %", "400 booster points", "1 day", "Active"]);
    expect(pro[7]).toMatch(/^Held by \d+ service providers$/);

    const sheet = await exportSheet(plansExportRoute, "/admin/subscriptions/export", "Subscriptions");
    expect(sheet[0]).toEqual(HEADERS);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(plans.map((p) => p.plan_name));
    expect(sheet.find((r) => r[0] === mine.plan_name)?.[1]).toBe(1234567.5);
  });

  it("a refused format goes back to the cards with the reason; admins without Subscription Plan access are refused", async () => {
    const bad = (await callRoute(plansExportRoute, await requestAs("admin", "/admin/subscriptions/export?format=pdf"))) as Response;
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe("/admin/subscriptions");
    expect((await readToast(bad))?.message).toBe("Failed to export data: choose Excel (.xlsx) or CSV.");
    for (const who of ["catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(plansExportRoute, await requestAs(who, "/admin/subscriptions/export?format=csv")))).toBe(403);
    }
  });
});
