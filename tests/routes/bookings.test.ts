import { describe, expect, it } from "vitest";
import * as listRoute from "~/routes/admin.bookings._index";
import { formatInr } from "~shared/money";
import { apiCall, callRoute, requestAs, statusOf } from "../support/routes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

async function list(path: string, who: "admin" | "support" | "viewer" | "catalog" = "admin"): Promise<Any> {
  return callRoute(listRoute, await requestAs(who, path));
}

describe("bookings list", () => {
  it("each tab asks the API for its status", async () => {
    const tabs: [string, string][] = [
      ["pending", "Pending"],
      ["in-progress", "InProgress"],
      ["scheduled", "Scheduled"],
      ["partially-completed", "PartialyCompleted"],
      ["completed", "Completed"],
      ["canceled", "Cancelled"],
      ["tickets", "Tickets"],
    ];
    for (const [tab, status] of tabs) {
      const page = await list(`/admin/bookings?tab=${tab}&page_size=100`);
      const api = await apiCall(`/get-bookings?status=${status}&page_size=1`);
      expect(page.tab).toBe(tab);
      expect(page.total, tab).toBe(api.total_results);
      expect(page.rows.length).toBeGreaterThan(0);
      expect(
        page.rows.every((r: Any) => r.status === status),
        tab,
      ).toBe(true);
    }
    const all = await list("/admin/bookings");
    expect(all.tab).toBe("all");
    expect(all.total).toBe((await apiCall("/get-bookings?page_size=1")).total_results);
    // an unknown tab is All Booking
    expect((await list("/admin/bookings?tab=nope")).tab).toBe("all");
  });

  it("rows carry formatted dates and rupees; the API's exact strings are kept", async () => {
    const page = await list("/admin/bookings?page_size=5");
    const api = await apiCall("/get-bookings?page_size=5");
    expect(page.rows).toHaveLength(5);
    const [row] = page.rows;
    const [raw] = api.data;
    expect(row.orderId).toBe(raw.order_id);
    expect(row.shortId).toBe(raw.short_id);
    expect(row.charges).toBe(formatInr(raw.charges));
    expect(row.createdAt).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    expect(row.user).toBe(raw.userUsername);
    expect(row.provider).toBe(raw.serviceProviderUsername);
  });

  it("shows service types and statuses as words (Add-On Service, In Progress, Partially Completed)", async () => {
    const [addOn] = (await apiCall("/get-bookings?serviceType=AddOnService&status=PartialyCompleted&page_size=1")).data;
    const page = await list(`/admin/bookings?search=${addOn.short_id}`);
    const row = page.rows.find((r: { orderId: number }) => r.orderId === addOn.order_id);
    expect(row.serviceType).toBe("Add-On Service");
    expect(row.status).toBe("PartialyCompleted"); // the badge reads statusLabel(status): "Partially Completed"
    const { statusLabel } = await import("~/components/bookings/status");
    expect(statusLabel(row.status)).toBe("Partially Completed");
    expect(statusLabel("InProgress")).toBe("In Progress");
  });

  it("searches by short id and pages, all from the URL", async () => {
    const api = await apiCall("/get-bookings?page_size=1");
    const shortId = api.data[0].short_id;
    const found = await list(`/admin/bookings?search=${shortId}`);
    expect(found.total).toBe(1);
    expect(found.rows[0].shortId).toBe(shortId);
    expect(found.search).toBe(shortId);

    const p1 = await list("/admin/bookings?page_size=10&page=1");
    const p2 = await list("/admin/bookings?page_size=10&page=2");
    expect(p2.page).toBe(2);
    expect(p2.pageSize).toBe(10);
    const ids = new Set(p1.rows.map((r: Any) => r.orderId));
    expect(p2.rows.some((r: Any) => ids.has(r.orderId))).toBe(false);

    // past the last page → redirect to the last one
    const far = await list("/admin/bookings?page_size=10&page=9999");
    expect(far).toBeInstanceOf(Response);
    expect((far as Response).headers.get("Location")).toMatch(/page=\d+/);
    // a bad page size falls back with a message, 200
    const bad = await list("/admin/bookings?page_size=abc");
    expect(bad.pageSize).toBe(10);
    expect(bad.errors.length).toBeGreaterThan(0);
  });

  it("passes the URL's sort to the API (the Created At, Charges and Status headers' links), with the tab; refuses one it cannot apply", async () => {
    for (const [query, api] of [
      ["sortField=charges&sortOrder=asc", "sortField=charges&sortOrder=asc"],
      ["sortField=charges&sortOrder=desc", "sortField=charges&sortOrder=desc"],
      ["sortField=status&sortOrder=asc", "sortField=status&sortOrder=asc"],
      ["sortField=created_at&sortOrder=asc&tab=completed", "sortField=created_at&sortOrder=asc&status=Completed"],
    ]) {
      const page = await list(`/admin/bookings?${query}&page_size=50`);
      const answer = await apiCall(`/get-bookings?${api}&page_size=50`);
      expect(page.sort).toEqual({ field: new URLSearchParams(query).get("sortField"), order: new URLSearchParams(query).get("sortOrder") });
      expect(page.rows.map((r: Any) => r.orderId)).toEqual(answer.data.map((r: Any) => r.order_id));
      expect(page.errors).toEqual([]);
    }
    expect((await list("/admin/bookings")).sort).toBeNull();
    const refused = await list("/admin/bookings?sortField=provider&sortOrder=asc");
    expect(refused.errors).toEqual(['Sort: this list cannot be sorted by "provider".']);
    expect(refused.sort).toBeNull();
    expect(refused.rows.map((r: Any) => r.orderId)).toEqual((await list("/admin/bookings")).rows.map((r: Any) => r.orderId));
  });

  it("the payment-details dialog shows the gateway answer of the row", async () => {
    const api = await apiCall("/get-bookings?page_size=10");
    const withPayment = api.data.find((r: Any) => r.phonepe_response);
    const page = await list(`/admin/bookings?page_size=10&payment=${withPayment.order_id}`);
    expect(page.payment.orderId).toBe(withPayment.order_id);
    expect(JSON.parse(page.payment.json)).toEqual(withPayment.phonepe_response);
    expect(page.payment.fields.map((f: Any) => f.label)).toEqual(expect.arrayContaining(["Code", "Transaction Id", "State"]));
    // the status in words, as the list's column shows it
    expect(page.payment.status).toBe(page.rows.find((r: Any) => r.orderId === withPayment.order_id).paymentStatus);
    expect(page.payment.status).not.toMatch(/_/);
    expect(page.paymentNotice).toBeNull();
  });

  it("the payment-details dialog opens by order id from any page or tab (a shared URL)", async () => {
    const firstPage = new Set((await apiCall("/get-bookings?page_size=10")).data.map((r: Any) => r.order_id));
    const all = (await apiCall("/get-bookings?page_size=100")).data;
    const offPage = all.find((r: Any) => !firstPage.has(r.order_id) && r.phonepe_response && r.status !== "Pending");
    expect(offPage).toBeTruthy();
    // page 1, a tab it is not in, and a search that finds nothing: the dialog opens all the same
    for (const query of ["page_size=10", "tab=pending", "search=nobody-like-this"]) {
      const page = await list(`/admin/bookings?${query}&payment=${offPage.order_id}`);
      expect(
        page.rows.some((r: Any) => r.orderId === offPage.order_id),
        query,
      ).toBe(false);
      expect(page.payment, query).toMatchObject({ orderId: offPage.order_id, shortId: offPage.short_id });
      expect(JSON.parse(page.payment.json)).toEqual(offPage.phonepe_response);
      expect(page.payment.fields.find((f: Any) => f.label === "Transaction Id").value).toBe(offPage.phonepe_response.data.transactionId);
      expect(page.paymentNotice).toBeNull();
    }
  });

  it("an unknown or malformed order id in the payment dialog's URL is told, not ignored", async () => {
    for (const id of ["999999999", "abc", "0", ""]) {
      const page = await list(`/admin/bookings?payment=${id}`);
      expect(page.payment, id).toBeNull();
      expect(page.paymentNotice, id).toMatchObject({ title: "Order not found" });
      expect(page.paymentNotice.message, id).toContain(
        id === "999999999" ? "No booking has the id 999999999" : id ? `"${id}" is not a booking id` : "does not name a booking",
      );
      expect(page.rows.length).toBeGreaterThan(0);
    }
  });

  it("needs Bookings access", async () => {
    expect(statusOf(await list("/admin/bookings", "viewer"))).toBe(403);
    expect(statusOf(await list("/admin/bookings", "catalog"))).toBe(403);
    expect(statusOf(await list("/admin/bookings", "support"))).toBe(200);
  });
});
