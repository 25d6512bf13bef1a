import { MAX_PAGE_SIZE } from "~contract/list-query";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BookingRow } from "~contract/bookings";
import { OrderRecord } from "~contract/orders";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { get, parsed } from "./helpers";

const list = (api: TestApi, query: Record<string, string | number> = {}) => get(api, "/get-bookings", { query });
const rows = (body: { data: unknown[] }) => body.data.map((r) => parsed(BookingRow, r));
const STATUSES = ["Pending", "InProgress", "Scheduled", "PartialyCompleted", "Completed", "Cancelled", "Tickets"];

describeEachDriver("bookings list", (driver) => {
  let api: TestApi;
  let all: BookingRow[];
  beforeAll(async () => {
    api = await startTestApi({ driver });
    all = rows((await list(api, { page_size: 200 })).body);
  });
  afterAll(() => api?.close());

  it("lists every order newest first, 10 a page, with the latest payment's status and raw response", async () => {
    const answer = await list(api);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total_results: 56, current_page: 1, page_size: 10 });
    expect(rows(answer.body)).toEqual(all.slice(0, 10));
    const created = all.map((r) => r.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(new Set(all.map((r) => r.serviceType))).toEqual(new Set(["Consultation", "Service", "Retainership", "AddOnService"]));
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(STATUSES));
    for (const r of all) {
      expect(r.charges).toMatch(/^\d+\.\d{2}$/);
      expect(r.paymentStatus).not.toBeNull();
      expect((r.phonepe_response as { data: { merchantId: string } }).data.merchantId).toBeTruthy();
    }
    // an order whose first attempt failed shows its later success
    const retried = all.filter((r) => r.status === "Pending" && r.paymentStatus === "PAYMENT_SUCCESS");
    expect(retried.length).toBeGreaterThan(0);
  });

  it("pages without overlap and past the end", async () => {
    const pages = [];
    for (let page = 1; page <= 6; page++) pages.push(...rows((await list(api, { page, page_size: 10 })).body));
    expect(pages.map((r) => r.order_id)).toEqual(all.map((r) => r.order_id));
    expect(rows((await list(api, { page: 7 })).body)).toEqual([]);
    expect((await list(api, { page: 7 })).body.total_results).toBe(56);
  });

  it("filters by status (the tabs) and service type", async () => {
    for (const status of STATUSES) {
      const answer = await list(api, { status, page_size: 200 });
      expect(answer.status).toBe(200);
      const page = rows(answer.body);
      expect(page.length, status).toBe(8);
      expect(page.every((r) => r.status === status)).toBe(true);
      expect(answer.body.total_results).toBe(8);
    }
    expect((await list(api, { status: "All" })).body.total_results).toBe(56);
    expect((await list(api, { status: "" })).body.total_results).toBe(56);
    const scheduled = rows((await list(api, { status: "Scheduled", page: 2, page_size: 5 })).body);
    expect(scheduled).toHaveLength(3);
    const consult = rows((await list(api, { serviceType: "Consultation", status: "Completed" })).body);
    expect(consult).toHaveLength(2);
    expect(consult.every((r) => r.serviceType === "Consultation" && r.status === "Completed")).toBe(true);
  });

  it("searches the short id and both parties", async () => {
    const one = all[17];
    expect(rows((await list(api, { search: one.short_id.toLowerCase() })).body).map((r) => r.order_id)).toEqual([one.order_id]);
    const byUser = rows((await list(api, { search: one.userUsername.toUpperCase(), page_size: 200 })).body);
    expect(byUser.map((r) => r.order_id)).toContain(one.order_id);
    for (const r of byUser) expect(`${r.userUsername} ${r.serviceProviderUsername}`).toContain(one.userUsername);
    const byProvider = rows((await list(api, { search: one.serviceProviderUsername, page_size: 200 })).body);
    expect(byProvider.map((r) => r.order_id)).toContain(one.order_id);
    expect((await list(api, { search: "100%_nobody" })).body.total_results).toBe(0);
  });

  it("sorts by Created At, Charges and Status (each by date, the same way) both ways, ties by id; the cursors follow the sort", async () => {
    const keys: Record<string, (r: BookingRow) => (number | string)[]> = {
      created_at: (r) => [Date.parse(r.created_at), r.order_id],
      charges: (r) => [Math.round(Number(r.charges) * 100), r.order_id],
      status: (r) => [r.status, Date.parse(r.created_at), r.order_id],
    };
    const compare = (a: (number | string)[], b: (number | string)[]) => {
      for (const [i, x] of a.entries()) if (x !== b[i]) return x < b[i] ? -1 : 1;
      return 0;
    };
    for (const [sortField, key] of Object.entries(keys)) {
      for (const sortOrder of ["asc", "desc"] as const) {
        const answer = await list(api, { page_size: 200, sortField, sortOrder });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const sorted = rows(answer.body);
        expect(sorted).toHaveLength(all.length);
        const expected = [...all].sort((a, b) => compare(key(a), key(b)) * (sortOrder === "asc" ? 1 : -1));
        expect(
          sorted.map((r) => r.order_id),
          `${sortField} ${sortOrder}`,
        ).toEqual(expected.map((r) => r.order_id));
        // keyset pages under the sort: Next from page 1, then Previous back, then the last page
        const first = await list(api, { page_size: 20, sortField, sortOrder });
        const next = await list(api, { page_size: 20, page: 2, sortField, sortOrder, cursor: first.body.cursors.next });
        expect(rows(next.body).map((r) => r.order_id)).toEqual(expected.slice(20, 40).map((r) => r.order_id));
        const back = await list(api, { page_size: 20, page: 1, sortField, sortOrder, cursor: next.body.cursors.previous });
        expect(rows(back.body).map((r) => r.order_id)).toEqual(expected.slice(0, 20).map((r) => r.order_id));
        const last = await list(api, { page_size: 20, sortField, sortOrder, cursor: "last" });
        expect(rows(last.body).map((r) => r.order_id)).toEqual(expected.slice(40).map((r) => r.order_id));
      }
    }
    // a cursor made under another sort is not used: the numbered page is answered
    const newest = await list(api, { page_size: 20 });
    const stale = await list(api, { page_size: 20, page: 1, sortField: "charges", sortOrder: "asc", cursor: newest.body.cursors.next });
    const byCharges = rows((await list(api, { page_size: 20, sortField: "charges", sortOrder: "asc" })).body);
    expect(rows(stale.body)).toEqual(byCharges);

    const unknown = await list(api, { sortField: "provider", sortOrder: "asc" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.sortField).toBe("sortField must be one of created_at, charges, status");
    expect((await list(api, { sortField: "charges" })).body.errors.sortOrder).toBe("sortOrder (asc or desc) is required with sortField");
  });

  it("refuses bad queries", async () => {
    for (const query of [
      { status: "Done" },
      { page: 0 },
      { page_size: MAX_PAGE_SIZE + 1 },
      { serviceType: "Other" },
      { search: "x".repeat(101) },
    ] as Record<string, string | number>[]) {
      const answer = await list(api, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.message).toBe("Please correct the highlighted fields");
    }
    expect((await get(api, "/get-bookings", { key: null })).status).toBe(401);
  });

  it("GET /get-all-orders pages full order records by status", async () => {
    const answer = await get(api, "/get-all-orders", { query: { status: "Cancelled", page_size: 5 } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total_results: 8, current_page: 1, page_size: 5 });
    const records = (answer.body.data as unknown[]).map((r) => parsed(OrderRecord, r));
    expect(records).toHaveLength(5);
    for (const r of records) {
      expect(r.status).toBe("Cancelled");
      expect(r.cancelled_orders).toHaveLength(1);
    }
    expect((await get(api, "/get-all-orders")).body.total_results).toBe(56);
    expect((await get(api, "/get-all-orders", { query: { status: "x" } })).status).toBe(400);
  });
});
