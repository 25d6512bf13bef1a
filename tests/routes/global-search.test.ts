/**
 * /admin/search (issue 32 §1) as the loader answers it: pages by name and records grouped by area,
 * only of the areas the signed-in admin may open (per demo role), each leading to its page.
 */
import { describe, expect, it } from "vitest";
import type { ContactRecord } from "~contract/contacts";
import { SEARCH_MESSAGES } from "~contract/global-search";
import type { SearchPageData } from "~/models/global-search";
import * as searchRoute from "~/routes/admin.search";
import { apiCall, callRoute, requestAs, type DemoAdminName } from "../support/routes";

const load = async (q: string, who: DemoAdminName = "admin") =>
  (await callRoute(searchRoute, await requestAs(who, `/admin/search?${new URLSearchParams({ q })}`))) as SearchPageData;
const tag = () => `zq${Math.random().toString(36).slice(2, 8)}`;
const createContact = async (name: string) =>
  (
    await apiCall<{ data: ContactRecord }>("/create-contact", {
      method: "POST",
      body: { name, email: "lead@example.com", message: "Hello" },
    })
  ).data;

describe("global search page", () => {
  it("finds a contact lead by name and links to its message; the areas searched are the admin's own", async () => {
    const name = `Lead ${tag()}`;
    const contact = await createContact(name);

    const asSupport = await load(name, "support");
    expect(asSupport.groups.map((g) => g.area)).toEqual(["orders", "providers", "users", "categories", "contacts", "customer-queries"]);
    const contacts = asSupport.groups.find((g) => g.area === "contacts")!;
    expect(contacts.label).toBe("Contact Leads");
    expect(contacts.hits).toEqual([
      expect.objectContaining({ id: contact.id, title: name, href: `/admin/list-contacts?dialog=message&id=${contact.id}` }),
    ]);
    expect(contacts.listHref).toBe(`/admin/list-contacts?${new URLSearchParams({ search: name })}`);

    const asAdmin = await load(name, "admin");
    expect(asAdmin.groups.map((g) => g.area)).toEqual([
      "orders",
      "providers",
      "users",
      "categories",
      "posts",
      "admin-users",
      "contacts",
      "customer-queries",
    ]);
    // Category access only: the lead is not searched for at all
    expect((await load(name, "catalog")).groups.map((g) => g.area)).toEqual(["categories"]);
    // no access: nothing asked of the API, no error
    expect(await load(name, "viewer")).toEqual({ q: name, pages: [], groups: [], notice: null });
  });

  it("finds pages by name among those the admin may open", async () => {
    expect((await load("pay", "admin")).pages.map((p) => p.name)).toEqual(["Payments", "Order Payment Status"]);
    expect((await load("pay", "support")).pages).toEqual([]);
    expect((await load("profile", "viewer")).pages).toEqual([{ name: "Profile", to: "/admin/profile" }]);
    expect((await load("categ", "catalog")).pages).toEqual([{ name: "Categories", to: "/admin/category" }]);
  });

  it("a text too short for records still finds pages, and says why no records were searched", async () => {
    const data = await load("us", "admin");
    expect(data.groups).toEqual([]);
    expect(data.notice).toEqual({ tone: "info", message: SEARCH_MESSAGES.tooShort });
    expect(data.pages.map((p) => p.name)).toEqual(["Admin Users", "Order Payment Status", "User"]);
  });

  it("no text: an empty page; too long: told, nothing searched", async () => {
    expect(await load("   ")).toEqual({ q: "", pages: [], groups: [], notice: null });
    const long = await load("x".repeat(101));
    expect(long.notice).toEqual({ tone: "error", message: "Search is at most 100 characters." });
    expect(long.groups).toEqual([]);
  });
});
