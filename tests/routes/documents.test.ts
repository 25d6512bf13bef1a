import { describe, expect, it } from "vitest";
import * as documentsRoute from "~/routes/admin.documents._index";
import { fromJsonText } from "~/models/json-text";
import { callRoute, requestAs, statusOf } from "../support/routes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

// the rows come as one JSON text (models/json-text.ts): read as the page reads them
const load = async (query = "", who: "admin" | "support" = "admin") => {
  const page = payload(await callRoute(documentsRoute, await requestAs(who, `/admin/documents${query}`)));
  return { ...page, rows: fromJsonText(page.rows) };
};

describe("documents review", () => {
  it("lists 50 a page with every column's data: one thumbnail and a count per kind of file a row", async () => {
    const page = await load();
    expect(page.pageSize).toBe(50);
    expect(page.page).toBe(1);
    expect(page.total).toBeGreaterThanOrEqual(55);
    expect(page.rows).toHaveLength(50);
    expect(page.dialog).toBeNull();
    // a demo provider with every column filled (other tests' copies of demo providers, e2e.1a2b3c4d, have made-up phones)
    type Row = { username: string; pan: unknown; agreement: unknown; counts: { image: number; pdf: number; other: number } };
    const isFull = (r: Row) => /^[a-z]+\.[a-z]+\d+$/.test(r.username) && r.pan && r.agreement && r.counts.pdf > 0 && r.counts.image > 1;
    let withAll = page.rows.find(isFull);
    for (let n = 2; !withAll && n <= Math.ceil(page.total / 50); n++) withAll = (await load(`?page=${n}`)).rows.find(isFull);
    expect(withAll.username).toMatch(/^[a-z]+\.[a-z]+\d+$/);
    expect(withAll.phone).toMatch(/^\+91 /);
    expect(withAll.updated).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
    expect(withAll.pan.number).toMatch(/^[A-Z]{5}\d{4}[A-Z]$/);
    // the row carries one picture, not the list of files
    expect(withAll.thumb.name).toMatch(/\.(jpg|png)$/);
    expect(withAll).not.toHaveProperty("documents");
    expect(withAll.agreement).toMatchObject({ version: expect.stringMatching(/^v/), ip: expect.stringMatching(/^103\.21\./) });
    expect(withAll.agreement.acceptedAt).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  });

  it("opens a row's dialog from the URL with every file and agreement of that provider", async () => {
    const page = await load("?sortField=username&sortOrder=asc&page_size=100");
    type Row = { id: number; counts: { image: number; pdf: number; other: number }; earlierAgreements: number };
    const row = page.rows.find((r: Row) => r.earlierAgreements > 0 && r.counts.pdf > 0) as Row;
    expect(row).toBeDefined();
    const opened = await load(`?sortField=username&sortOrder=asc&page_size=100&dialog=documents&id=${row.id}`);
    // the same page beneath it
    expect(opened.rows.map((r: Row) => r.id)).toEqual(page.rows.map((r: Row) => r.id));
    expect(opened.dialog.id).toBe(row.id);
    expect(opened.dialog.documents).toHaveLength(row.counts.image + row.counts.pdf + row.counts.other);
    expect(opened.dialog.documents.filter((d: string) => d.endsWith(".pdf"))).toHaveLength(row.counts.pdf);
    expect(opened.dialog.agreements).toHaveLength(row.earlierAgreements + 1);
    expect(opened.dialog.agreements[0]).toMatchObject({ version: expect.stringMatching(/^v/), ip: expect.stringMatching(/^103\.21\./) });
    // a provider not on this page, or another dialog's name: no dialog, the list as it is
    expect((await load(`?page_size=10&dialog=documents&id=999999999`)).dialog).toBeNull();
    expect((await load(`?dialog=boost&id=${row.id}`)).dialog).toBeNull();
  });

  it("pages and changes the page size from the URL", async () => {
    const first = await load("?page_size=10");
    const second = await load("?page_size=10&page=2");
    expect(first.rows).toHaveLength(10);
    expect(second.page).toBe(2);
    const ids = new Set(first.rows.map((r: { id: number }) => r.id));
    expect(second.rows.some((r: { id: number }) => ids.has(r.id))).toBe(false);
    const odd = await load("?page_size=7&page=zero");
    expect(odd.pageSize).toBe(50);
    expect(odd.page).toBe(1);
  });

  it("searches by username", async () => {
    const page = await load("?search=aarav.sharma1");
    expect(page.rows.length).toBeGreaterThanOrEqual(1);
    expect(page.rows.every((r: { username: string }) => r.username.includes("aarav.sharma1"))).toBe(true);
    expect(page.filters.search).toBe("aarav.sharma1");
    const none = await load("?search=nobody-has-this-name");
    expect(none.total).toBe(0);
  });

  it("filters by updated date and explains bad dates", async () => {
    const future = await load("?start_date=2999-01-01");
    expect(future.total).toBe(0);
    const past = await load("?end_date=2000-01-01");
    expect(past.total).toBe(0);
    const all = await load("?start_date=2000-01-01&end_date=2999-12-31");
    expect(all.total).toBeGreaterThanOrEqual(55);

    const bad = await callRoute(documentsRoute, await requestAs("admin", "/admin/documents?start_date=2024-13-45"));
    expect(statusOf(bad)).toBe(400);
    expect(payload(bad).filterErrors.join(" ")).toMatch(/Start Date "2024-13-45" is not a date/);
    const reversed = payload(
      await callRoute(documentsRoute, await requestAs("admin", "/admin/documents?start_date=2025-05-10&end_date=2025-05-01")),
    );
    expect(reversed.filterErrors).toContain("Start Date must be on or before End Date.");
  });

  it("sorts by username, category and updated date both ways", async () => {
    const asc = await load("?sortField=username&sortOrder=asc&page_size=100");
    const names = asc.rows.map((r: { username: string }) => r.username);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(asc.sort).toEqual({ field: "username", order: "asc" });
    const desc = await load("?sortField=username&sortOrder=desc&page_size=100");
    const descNames = desc.rows.map((r: { username: string }) => r.username);
    expect(descNames).toEqual([...descNames].sort((a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(desc.total).toBe(asc.total);
    // the first of the descending order is the last of all
    const last = (await load(`?sortField=username&sortOrder=asc&page_size=100&page=${Math.ceil(asc.total / 100)}`)).rows.at(-1);
    expect(descNames[0]).toBe(last.username);
    const byUpdated = await load("?sortField=updated_at&sortOrder=asc&page_size=10");
    expect(byUpdated.sort).toEqual({ field: "updated_at", order: "asc" });
    const ignored = await load("?sortField=password&sortOrder=asc");
    expect(ignored.sort).toBeUndefined();
  });

  it("is open to Documents access only", async () => {
    expect((await load("", "support")).rows.length).toBeGreaterThan(0);
    for (const who of ["catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(documentsRoute, await requestAs(who, "/admin/documents")))).toBe(403);
    }
  });
});
