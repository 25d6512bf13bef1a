import { describe, expect, test } from "vitest";
import { SIDEBAR, sidebarEntriesOf } from "../../app/models/access";
import { initialsOf } from "~/components/shell/types";
import * as layout from "~/routes/admin";
import * as dashboard from "~/routes/admin._index";
import * as profile from "~/routes/admin.profile";
import * as sidebarToggle from "~/routes/admin.sidebar";
import * as notFound from "~/routes/admin_.$";
import * as home from "~/routes/_index";
import { throwLoaderError } from "~/services/errors.server";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "~/services/marketplace/client.server";
import { commitFlash, getFlash } from "~/services/session.server";
import {
  newSessionCookieFor,
  sessionCookieFor,
  apiCall,
  callRoute,
  expectRedirect,
  requestAs,
  statusOf,
  type DemoAdminName,
} from "../support/routes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payloadOf(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return result.data;
  return result;
}

function headersOf(result: unknown): Headers {
  if (result && typeof result === "object" && "init" in result && result.init && typeof result.init === "object") {
    return new Headers((result.init as ResponseInit).headers);
  }
  return new Headers();
}

async function layoutAs(name: DemoAdminName, path = "/admin", headers?: HeadersInit) {
  return callRoute(layout, await requestAs(name, path, { headers }));
}

describe("admin layout loader", () => {
  test("no session → login, coming back here", async () => {
    const result = await callRoute(layout, await requestAs(null, "/admin/category?page=2"));
    const response = expectRedirect(result, "/admin/login");
    const location = new URL(response.headers.get("Location") ?? "", "http://admin.test");
    expect(location.searchParams.get("redirectTo")).toBe("/admin/category?page=2");
  });

  test("the sidebar shows only what each admin may open", async () => {
    // the loader sends which entries are open (a sidebarMask); the page names them from SIDEBAR
    const names = async (who: DemoAdminName) => sidebarEntriesOf(payloadOf(await layoutAs(who)).sidebar).map((entry) => entry.name);
    expect(await names("catalog")).toEqual(["Dashboard", "Categories"]);
    expect(await names("viewer")).toEqual(["Dashboard"]);
    expect(await names("admin")).toEqual(SIDEBAR.map((entry) => entry.name));
    const support = await names("support");
    expect(support).toContain("Service provider");
    expect(support).not.toContain("Admin Users");
    expect(support).not.toContain("Settings");
  });

  test("each entry links to its area's page, with its two-letter icon", async () => {
    expect(sidebarEntriesOf(payloadOf(await layoutAs("admin")).sidebar).map((e) => e.to)).toEqual(SIDEBAR.map((e) => e.to));
    expect(initialsOf("Query Message")).toBe("QM");
    expect(initialsOf("s3 Bucket Manager")).toBe("SB");
  });

  test("gives the admin's name and role, never the access list or password", async () => {
    const data = payloadOf(await layoutAs("catalog"));
    expect(data.admin).toEqual({ username: "catalog", role: "Support" });
    expect(JSON.stringify(data)).not.toContain("password");
  });

  test("a flash toast is handed to the page once and the flash cookie is cleared", async () => {
    const flash = await getFlash(new Request("http://admin.test/"));
    flash.flash("toast", { type: "success", message: "Saved" });
    const flashCookie = (await commitFlash(flash)).split(";")[0];
    const request = new Request("http://admin.test/admin", { headers: { Cookie: `${await sessionCookieFor("admin")}; ${flashCookie}` } });
    const result = await callRoute(layout, request);
    expect(payloadOf(result).toast).toMatchObject({ type: "success", message: "Saved", id: expect.any(String) });
    const setCookie = headersOf(result).get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^__admin_flash=/);
    const after = await getFlash(new Request("http://admin.test/", { headers: { Cookie: setCookie.split(";")[0] } }));
    expect(after.get("toast")).toBeUndefined();
  });

  test("without a toast nothing is set", async () => {
    const result = await layoutAs("admin");
    expect(payloadOf(result).toast).toBeNull();
    expect(headersOf(result).get("Set-Cookie")).toBeNull();
  });

  test("notifications are the newest audit entries, formatted", async () => {
    const { notices } = payloadOf(await layoutAs("admin"));
    expect(Array.isArray(notices.items)).toBe(true);
    expect(notices.items.length).toBeLessThanOrEqual(8);
    for (const notice of notices.items) {
      expect(notice).toMatchObject({
        id: expect.any(Number),
        text: expect.any(String),
        when: expect.any(String),
        unread: expect.any(Boolean),
      });
    }
  });

  test("the mini-sidebar preference comes from its cookie", async () => {
    expect(payloadOf(await layoutAs("admin")).miniSidebar).toBe(false);
    const toggled = await callRoute(
      sidebarToggle,
      await requestAs("admin", "/admin/sidebar", { form: { mini: "1", redirectTo: "/admin/profile" } }),
    );
    const response = expectRedirect(toggled, "/admin/profile");
    const prefs = (response.headers.get("Set-Cookie") ?? "").split(";")[0];
    expect(prefs).toMatch(/^__admin_prefs=/);
    expect(payloadOf(await layoutAs("admin", "/admin", { Cookie: prefs })).miniSidebar).toBe(true);
  });

  test("meta title is 'Admin | <sidebar entry>'", () => {
    expect(layout.titleFor("/admin/category")).toBe("Admin | Categories");
    expect(layout.titleFor("/admin/edit-categories/3")).toBe("Admin | Categories");
    expect(layout.titleFor("/admin")).toBe("Admin | Dashboard");
    expect(layout.titleFor("/admin/unknown")).toBe("Admin");
  });
});

describe("sidebar toggle", () => {
  test("with JS (js=1) it answers data instead of redirecting", async () => {
    const result = await callRoute(sidebarToggle, await requestAs("admin", "/admin/sidebar", { form: { mini: "0", js: "1" } }));
    expect(payloadOf(result)).toEqual({ miniSidebar: false });
    expect(headersOf(result).get("Set-Cookie")).toMatch(/^__admin_prefs=/);
  });

  test("an outside redirectTo falls back to /admin", async () => {
    const result = await callRoute(
      sidebarToggle,
      await requestAs("admin", "/admin/sidebar", { form: { mini: "1", redirectTo: "https://evil.example/" } }),
    );
    expect(expectRedirect(result, "/admin").headers.get("Location")).toBe("/admin");
  });
});

describe("dashboard", () => {
  const dashboardAs = async (who: DemoAdminName) => payloadOf(await callRoute(dashboard, await requestAs(who, "/admin")));
  const labels = (data: { cards: { label: string }[] }) => data.cards.map((card) => card.label);
  const CATALOGUE = ["Categories", "Sub-categories", "FAQs"];
  const BOOKINGS = ["Bookings today"];
  const MONEY = ["Payments awaiting release", "Release requests awaiting approval", "Revenue this month"];
  const ADMIN_USERS = ["Admin users"];
  const MESSAGES = ["Failed messages"];

  test("welcomes the admin and shows the API's real counts", async () => {
    const { data: stats } = await apiCall<{ data: Record<string, number> }>("/dashboard-stats");
    const data = await dashboardAs("admin");
    expect(data.username).toBe("admin");
    expect(data.error).toBeNull();
    const value = (label: string) => data.cards.find((card: { label: string }) => card.label === label);
    const n = (x: number) => x.toLocaleString("en-IN");
    expect(value("Categories")).toMatchObject({ value: n(stats.categories), to: "/admin/category" });
    expect(value("Sub-categories")).toMatchObject({ value: n(stats.subCategories) });
    expect(value("FAQs")).toMatchObject({ value: n(stats.faqs) });
    expect(value("Bookings today")).toMatchObject({ to: "/admin/bookings" });
    expect(value("Payments awaiting release")).toMatchObject({
      value: n(stats.paymentsAwaitingRelease),
      to: "/admin/payments?releasable=yes",
    });
    expect(value("Release requests awaiting approval")).toMatchObject({
      value: n(stats.releaseRequestsAwaitingApproval),
      to: "/admin/payments?release_state=requested",
    });
    expect(value("Admin users")).toMatchObject({
      value: n(stats.adminUsers),
      note: `${n(stats.activeAdminUsers)} active`,
      to: "/admin/list-admin-users",
    });
    expect(value("Failed messages")).toMatchObject({
      value: n(stats.failedMessages),
      note: `${n(stats.waitingMessages)} waiting to be sent`,
      to: "/admin/service-provider/messages?status=failed",
    });
  });

  test("each figure follows the access of its area: the loader holds nothing else", async () => {
    expect(labels(await dashboardAs("admin"))).toEqual([...CATALOGUE, ...BOOKINGS, ...MONEY, ...ADMIN_USERS, ...MESSAGES]);
    expect(labels(await dashboardAs("support"))).toEqual([...CATALOGUE, ...BOOKINGS, ...MESSAGES]);
    expect(labels(await dashboardAs("catalog"))).toEqual(CATALOGUE);
    const viewer = await dashboardAs("viewer");
    expect(viewer).toEqual({ username: "viewer", cards: [], error: null });
    // no money anywhere in what the page gets, for those without Payment
    for (const who of ["support", "catalog", "viewer"] as const) {
      const text = JSON.stringify(await dashboardAs(who));
      expect(text, who).not.toMatch(/₹|Revenue|awaiting release|Admin users/);
    }
  });

  test("cards link only to pages the admin may open", async () => {
    for (const who of ["admin", "support", "catalog"] as const) {
      for (const card of (await dashboardAs(who)).cards as { label: string; to: string | null }[]) {
        if (card.to === null) continue;
        expect(card.to, `${who}: ${card.label}`).toMatch(
          /^\/admin\/(category|bookings|payments|order-payment-status|list-admin-users|service-provider\/messages)\b/,
        );
      }
    }
  });
});

describe("profile, 404 and /", () => {
  test("profile shows the signed-in admin's own record", async () => {
    const data = payloadOf(await callRoute(profile, await requestAs("catalog", "/admin/profile")));
    expect(data).toMatchObject({ username: "catalog", role: "Support", status: "Active", access: ["Category"] });
  });

  test("unknown /admin URL: login first, then a 404", async () => {
    const anonymous = await callRoute(notFound, await requestAs(null, "/admin/no-such-page"), { "*": "no-such-page" });
    expectRedirect(anonymous, "/admin/login");
    const signedIn = await callRoute(notFound, await requestAs("viewer", "/admin/no-such-page"), { "*": "no-such-page" });
    expect(statusOf(signedIn)).toBe(404);
    expect(payloadOf(signedIn)).toEqual({ notFound: true });
  });

  test("/ goes to /admin", async () => {
    expectRedirect(await callRoute(home, await requestAs(null, "/")), "/admin");
  });
});

describe("throwLoaderError", () => {
  const thrown = (error: unknown) => {
    try {
      throwLoaderError(error);
    } catch (caught) {
      return caught;
    }
  };

  test("maps API failures to the error boundary's statuses", async () => {
    const notFoundResponse = thrown(new MarketplaceError("not-found", "Category not found", 404));
    expect(notFoundResponse).toBeInstanceOf(Response);
    expect((notFoundResponse as Response).status).toBe(404);
    const down = thrown(new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, 503)) as Response;
    expect(down.status).toBe(503);
    expect(await down.text()).toBe(API_UNAVAILABLE_MESSAGE);
    // a 400 names what the API refused (its field messages), never the 503 page
    const invalid = thrown(
      new MarketplaceError("invalid", "Please correct the highlighted fields", 400, {
        search: "Search must not contain control characters (such as NUL)",
      }),
    ) as Response;
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toBe("Search must not contain control characters (such as NUL).");
    const other = new MarketplaceError("refused", "bad", 422);
    expect(thrown(other)).toBe(other);
    const plain = new Error("boom");
    expect(thrown(plain)).toBe(plain);
  });
});

describe("with the API down", () => {
  test("the layout answers 503 (its error page offers Retry) instead of crashing", async () => {
    // a session of its own: one read a moment ago by an earlier test would be reused for a second
    const request = await requestAs(null, "/admin/category", { headers: { Cookie: await newSessionCookieFor("admin") } });
    const saved = process.env.MARKETPLACE_API_URL;
    process.env.MARKETPLACE_API_URL = "http://127.0.0.1:9/";
    try {
      const result = await callRoute(layout, request);
      expect(result).toBeInstanceOf(Response);
      expect((result as Response).status).toBe(503);
    } finally {
      process.env.MARKETPLACE_API_URL = saved;
    }
  });
});
