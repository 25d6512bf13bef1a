import { afterAll, describe, expect, it } from "vitest";
import * as layout from "~/routes/admin";
import * as viewsRoute from "~/routes/admin.views";
import * as usersExportRoute from "~/routes/admin.user.export";
import type { ListViewsData } from "~/models/list-views";
import { apiCall, adminUserIdOf, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";

// the demo "support" admin (User and Contacts access among others): its views on the Contacts list are this file's own
const AS = "support";
const tag = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function shellViews(path: string): Promise<ListViewsData | null> {
  const result = await callRoute(layout, await requestAs(AS, path));
  const body = (result as { data: { listViews: ListViewsData | null } }).data;
  return body.listViews;
}
const post = async (form: Record<string, string>, as: "support" | "viewer" = AS) =>
  (await callRoute(viewsRoute, await requestAs(as, "/admin/views", { form }))) as Response;

afterAll(async () => {
  // leave the support admin without a default on Contacts (other files open it plainly)
  await apiCall("/saved-views/default", {
    method: "PUT",
    body: { list: "contacts", viewId: null },
    headers: { "x-acting-admin": String(await adminUserIdOf(AS)) },
  });
});

describe("saved views (issue 32 §4) through the shell and /admin/views", () => {
  it("saves the page as a view, lists it on the list, opens it by its link and as the default; ?view=none opens the list plainly", async () => {
    const name = `Newest ${tag()}`;
    const query = "sortField=createdAt&sortOrder=desc&page_size=25&columns=name&columns=email";
    const saved = expectRedirect(
      await post({ intent: "save-view", list: "contacts", name, query: `${query}&page=4`, isDefault: "on" }),
      "/admin/list-contacts?",
    );
    // back on the list as the view shows it (the page number is not part of a view)
    expect(saved.headers.get("Location")).toBe(`/admin/list-contacts?${query}`);
    expect(await readToast(saved)).toMatchObject({ type: "success", message: `View "${name}" saved` });

    const views = await shellViews(`/admin/list-contacts?${query}`);
    const view = views?.views?.find((v) => v.name === name);
    expect(view).toMatchObject({ query, shared: false, mine: true, isDefault: true });
    // not a list page: no views
    expect(await shellViews("/admin/profile")).toBeNull();

    // its link follows the view as saved
    const opened = await callRoute(layout, await requestAs(AS, `/admin/list-contacts?view=${view?.id}`));
    expect(expectRedirect(opened, "/admin/list-contacts?").headers.get("Location")).toBe(`/admin/list-contacts?${query}`);
    // the list opened with nothing in its URL opens the default
    const plain = await callRoute(layout, await requestAs(AS, "/admin/list-contacts"));
    expect(expectRedirect(plain, "/admin/list-contacts?").headers.get("Location")).toBe(`/admin/list-contacts?${query}`);
    expect(statusOf(await callRoute(layout, await requestAs(AS, "/admin/list-contacts?view=none")))).toBe(200);
    // an unknown view: back to the list with the words
    const unknown = expectRedirect(
      await callRoute(layout, await requestAs(AS, "/admin/list-contacts?view=2147483000")),
      "/admin/list-contacts?view=none",
    );
    expect(await readToast(unknown)).toMatchObject({ type: "error", message: "View not found" });

    // no default any more: the plain list stays plain
    const cleared = expectRedirect(
      await post({ intent: "default-view", list: "contacts", viewId: "", back: query }),
      "/admin/list-contacts?",
    );
    expect(await readToast(cleared)).toMatchObject({ message: "The list now opens without a view" });
    expect(statusOf(await callRoute(layout, await requestAs(AS, "/admin/list-contacts")))).toBe(200);

    const deleted = expectRedirect(
      await post({ intent: "delete-view", list: "contacts", viewId: String(view?.id), back: query }),
      `/admin/list-contacts?${query}`,
    );
    expect(await readToast(deleted)).toMatchObject({ type: "success", message: `View "${name}" deleted` });
    expect((await shellViews("/admin/list-contacts?view=none"))?.views?.some((v) => v.name === name)).toBe(false);
  });

  it("a refused view is told on the list it came from and nothing is kept; a list the admin may not open is 403", async () => {
    const blank = expectRedirect(
      await post({ intent: "save-view", list: "contacts", name: "   ", query: "search=x" }),
      "/admin/list-contacts?search=x",
    );
    expect(await readToast(blank)).toMatchObject({ type: "error", message: "Name is required" });
    const long = expectRedirect(
      await post({ intent: "save-view", list: "contacts", name: `Long ${tag()}`, query: `search=${"x".repeat(2_100)}` }),
      "/admin/list-contacts?",
    );
    expect((await readToast(long))?.message).toMatch(/too long to keep/);
    expect((await shellViews("/admin/list-contacts?view=none"))?.views?.some((v) => v.name.startsWith("Long "))).toBe(false);
    // the viewer may open no list: the form is refused, nothing is saved
    expect(statusOf(await post({ intent: "save-view", list: "contacts", name: `Viewer ${tag()}`, query: "" }, "viewer"))).toBe(403);
    expect(statusOf(await post({ intent: "save-view", list: "secrets", name: "x", query: "" }))).toBe(400);
  });

  it("the export writes the columns the page shows, in their declared order", async () => {
    const url = `/admin/user/export?${new URLSearchParams([
      ["columns", "rating"],
      ["columns", "username"],
      ["page_size", "10"],
      ["format", "csv"],
    ])}`;
    const response = (await callRoute(usersExportRoute, await requestAs("admin", url))) as Response;
    expect(response.status).toBe(200);
    const [header] = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe("Username,Rating");
  });
});
