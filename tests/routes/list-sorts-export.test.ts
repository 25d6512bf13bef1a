/**
 * Issue 32 §3: an export reads the list's URL, so it follows the list's sort. For each list sorted
 * here (Ratings, Payments, Booking List, Service Provider Bank Details, Subscriptions), the export's
 * rows come in the order the page shows them.
 */
import { describe, expect, it } from "vitest";
import * as ratingsRoute from "~/routes/admin.rating";
import * as ratingsExportRoute from "~/routes/admin.rating.export";
import * as paymentsRoute from "~/routes/admin.payments._index";
import * as paymentsExportRoute from "~/routes/admin.payments.export";
import * as bookingsRoute from "~/routes/admin.bookings._index";
import * as bookingsExportRoute from "~/routes/admin.bookings.export";
import * as bankRoute from "~/routes/admin.service-provider-bank-details";
import * as bankExportRoute from "~/routes/admin.service-provider-bank-details.export";
import * as plansRoute from "~/routes/admin.subscriptions._index";
import * as plansExportRoute from "~/routes/admin.subscriptions.export";
import { callRoute, readToast, requestAs } from "../support/routes";
import { csvRows } from "../support/export-files";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

function payload(result: unknown): Any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

async function exportCsv(route: Parameters<typeof callRoute>[0], url: string) {
  const response = (await callRoute(route, await requestAs("admin", url))) as Response;
  expect(response.status).toBe(200);
  return csvRows(new TextDecoder().decode(await response.arrayBuffer())).slice(1);
}

const LISTS: {
  name: string;
  path: string;
  route: Parameters<typeof callRoute>[0];
  exportRoute: Parameters<typeof callRoute>[0];
  sorts: string[];
  /** the page's rows as the export's first cells */
  shown: (page: Any) => string[];
  /** the export's column holding them */
  column: number;
}[] = [
  {
    name: "Ratings",
    path: "/admin/rating",
    route: ratingsRoute,
    exportRoute: ratingsExportRoute,
    sorts: ["sortField=type&sortOrder=asc", "sortField=created_at&sortOrder=asc"],
    shown: (page) => page.rows.map((r: Any) => r.shortId),
    column: 0,
  },
  {
    name: "Payments",
    path: "/admin/payments",
    route: paymentsRoute,
    exportRoute: paymentsExportRoute,
    sorts: ["sortField=total_amount&sortOrder=desc", "sortField=release_date&sortOrder=asc", "sortField=payment_status&sortOrder=asc"],
    shown: (page) => page.rows.map((r: Any) => r.shortId),
    column: 0,
  },
  {
    name: "Booking List",
    path: "/admin/bookings",
    route: bookingsRoute,
    exportRoute: bookingsExportRoute,
    sorts: ["sortField=charges&sortOrder=asc", "sortField=status&sortOrder=desc&tab=all"],
    shown: (page) => page.rows.map((r: Any) => r.shortId),
    column: 0,
  },
  {
    name: "Service Provider Bank Details",
    path: "/admin/service-provider-bank-details",
    route: bankRoute,
    exportRoute: bankExportRoute,
    sorts: ["sortField=account_holder_name&sortOrder=desc", "sortField=username&sortOrder=asc"],
    shown: (page) => page.rows.map((r: Any) => `${r.username} ${r.holder}`),
    column: -1,
  },
  {
    name: "Subscriptions",
    path: "/admin/subscriptions",
    route: plansRoute,
    exportRoute: plansExportRoute,
    sorts: ["sortField=plan_name&sortOrder=asc", "sortField=plan_validity&sortOrder=desc"],
    shown: (page) => page.plans.map((p: Any) => p.name),
    column: 0,
  },
];

describe("list sorts: the export follows the list's sort", () => {
  for (const list of LISTS) {
    it(`${list.name}: the export's rows are in the page's order, for each sort`, async () => {
      for (const sort of list.sorts) {
        const page = payload(await callRoute(list.route, await requestAs("admin", `${list.path}?${sort}&page_size=100`)));
        const shown = list.shown(page);
        expect(shown.length, sort).toBeGreaterThan(1);
        const rows = await exportCsv(list.exportRoute, `${list.path}/export?${sort}&format=csv`);
        // bank details: the username and holder cells (the export's 2nd and 3rd)
        const cells = rows.map((r) => (list.column === -1 ? `${r[1]} ${r[2]}` : r[list.column]));
        expect(cells.slice(0, shown.length), sort).toEqual(shown);
      }
    });
  }

  it("an export asked with a sort its list cannot apply goes back to the list with the reason, as a refused filter does", async () => {
    const refused = (await callRoute(
      paymentsExportRoute,
      await requestAs("admin", "/admin/payments/export?sortField=gateway&sortOrder=asc&format=csv"),
    )) as Response;
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/admin/payments?sortField=gateway&sortOrder=asc");
    expect((await readToast(refused))?.message).toBe('Failed to export data: Sort: this list cannot be sorted by "gateway".');
  });
});
