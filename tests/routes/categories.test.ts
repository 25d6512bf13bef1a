import { describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import * as listRoute from "~/routes/admin.category._index";
import * as addRoute from "~/routes/admin.add-categories";
import * as editRoute from "~/routes/admin.edit-categories.$categoryid";
import * as subListRoute from "~/routes/admin.sub-categories.$categoryid";
import * as subSubListRoute from "~/routes/admin.subsub-categories.$categoryid";
import * as addSubRoute from "~/routes/admin.add-subcategories.$categoryid";
import * as editSubRoute from "~/routes/admin.edit-subcategories.$subcategoryid";
import { changedFields } from "~/services/categories/category-actions.server";
import type { CategoryDetail, CategoryRecord } from "~contract/categories";
import { apiCall, ApiCallError, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";
import { newCategory } from "../support/records";

const suffix = () => Math.random().toString(36).slice(2, 10);
const createCategory = (fields: Partial<CategoryRecord> & { parentCategoryId?: number } = {}) =>
  newCategory<CategoryRecord>(apiCall, fields);

/** What a loader/action gave: the payload of data(…) or the plain object. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

async function readCategory(id: number) {
  return (await apiCall<{ data: CategoryDetail }>(`/get-category-by-id?category_id=${id}`)).data;
}

async function allCategoryNames() {
  const answer = await apiCall<{ data: CategoryRecord[] }>("/get-all-category?only_parent_categories=false");
  return answer.data.map((c) => c.categoryName);
}

function formOf(record: CategoryRecord, changes: Record<string, string> = {}): Record<string, string> {
  const form: Record<string, string> = {
    intent: "save",
    categoryName: record.categoryName,
    desc: record.desc,
    status: record.status,
    superCategory: record.superCategory,
    pageTitle: record.pageTitle,
    metaDescription: record.metaDescription,
    hide_from_menu_bar: record.hide_from_menu_bar ? "Yes" : "No",
    updated_at: record.updated_at,
    ...changes,
  };
  if (record.mostPopular) form.mostPopular = "on";
  return form;
}

describe("categories list", () => {
  it("pages from the URL with clean fallbacks", async () => {
    for (let i = 0; i < 12; i++) await createCategory();
    const first = payload(await callRoute(listRoute, await requestAs("admin", "/admin/category")));
    expect(first.pageSize).toBe(10);
    expect(first.page).toBe(1);
    expect(first.rows).toHaveLength(10);
    expect(first.total).toBeGreaterThanOrEqual(12);

    const second = payload(await callRoute(listRoute, await requestAs("admin", "/admin/category?page=2&page_size=10")));
    expect(second.page).toBe(2);
    const firstIds = new Set(first.rows.map((r: { id: number }) => r.id));
    expect(second.rows.some((r: { id: number }) => firstIds.has(r.id))).toBe(false);

    const bad = payload(await callRoute(listRoute, await requestAs("admin", "/admin/category?page=abc&page_size=7")));
    expect(bad.page).toBe(1);
    expect(bad.pageSize).toBe(10);

    const big = payload(await callRoute(listRoute, await requestAs("admin", "/admin/category?page_size=25")));
    expect(big.pageSize).toBe(25);
    expect(big.rows.length).toBeLessThanOrEqual(25);
    // descriptions are cut to 30 characters followed by "..."
    const long = big.rows.find((r: { description: string }) => r.description.endsWith("..."));
    expect(long?.description.length).toBe(33);
  });

  it("sends a page past the end to the last page", async () => {
    const result = await callRoute(listRoute, await requestAs("admin", "/admin/category?page=9999"));
    expectRedirect(result, "/admin/category?page=");
  });

  it("really filters by category and dates", async () => {
    const mine = await createCategory();
    const byCategory = payload(await callRoute(listRoute, await requestAs("admin", `/admin/category?category=${mine.category_id}`)));
    expect(byCategory.rows.map((r: { id: number }) => r.id)).toEqual([mine.category_id]);
    expect(byCategory.filters.category).toBe(String(mine.category_id));
    expect(byCategory.parentOptions.some((o: { value: string }) => o.value === String(mine.category_id))).toBe(true);

    const today = DateTime.now().setZone("Asia/Kolkata").toISODate();
    const todays = payload(
      await callRoute(listRoute, await requestAs("admin", `/admin/category?start_date=${today}&end_date=${today}&page_size=100`)),
    );
    expect(todays.rows.some((r: { id: number }) => r.id === mine.category_id)).toBe(true);

    const future = payload(await callRoute(listRoute, await requestAs("admin", "/admin/category?start_date=2999-01-01")));
    expect(future.total).toBe(0);
    expect(future.rows).toEqual([]);
  });

  it("passes the URL's sort to the API (the Category Name and Status headers' links), in the API's order; refuses one it cannot apply", async () => {
    for (const [sortField, sortOrder] of [
      ["categoryName", "asc"],
      ["categoryName", "desc"],
      ["status", "asc"],
    ]) {
      const page = payload(
        await callRoute(listRoute, await requestAs("admin", `/admin/category?sortField=${sortField}&sortOrder=${sortOrder}&page_size=100`)),
      );
      const api = await apiCall<{ order: number[] }>(
        `/category-hierarchy-admin?sortField=${sortField}&sortOrder=${sortOrder}&page_size=100`,
      );
      expect(page.sort).toEqual({ field: sortField, order: sortOrder });
      expect(page.rows.map((r: { id: number }) => r.id)).toEqual(api.order);
    }
    const refused = await callRoute(listRoute, await requestAs("admin", "/admin/category?sortField=desc&sortOrder=asc"));
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).filterErrors).toEqual(['Sort: this list cannot be sorted by "desc".']);
    expect(payload(refused).sort).toBeNull();
  });

  it("explains bad filter input instead of failing", async () => {
    const badDate = await callRoute(listRoute, await requestAs("admin", "/admin/category?start_date=2024-13-45"));
    expect(statusOf(badDate)).toBe(400);
    expect(payload(badDate).filterErrors.join(" ")).toMatch(/From Date .* is not a date/);
    expect(Array.isArray(payload(badDate).rows)).toBe(true);

    const reversed = await callRoute(listRoute, await requestAs("admin", "/admin/category?start_date=2024-05-10&end_date=2024-05-01"));
    expect(statusOf(reversed)).toBe(400);
    expect(payload(reversed).filterErrors).toContain("From Date must be on or before To Date.");

    const badCategory = await callRoute(listRoute, await requestAs("admin", "/admin/category?category=abc"));
    expect(statusOf(badCategory)).toBe(400);
  });

  it("asks before deleting, then deletes and returns to the same list", async () => {
    const doomed = await createCategory();
    const withDialog = payload(
      await callRoute(listRoute, await requestAs("admin", `/admin/category?page_size=25&dialog=delete&id=${doomed.category_id}`)),
    );
    expect(withDialog.dialog).toEqual({ id: doomed.category_id, name: doomed.categoryName });

    const result = await callRoute(
      listRoute,
      await requestAs("admin", `/admin/category?page_size=25&dialog=delete&id=${doomed.category_id}`, {
        form: { intent: "delete", id: String(doomed.category_id) },
      }),
    );
    const response = expectRedirect(result, "/admin/category?page_size=25");
    expect(response.headers.get("Location")).toBe("/admin/category?page_size=25");
    expect(await readToast(response)).toMatchObject({ type: "success", message: "Category Delete Successful" });
    await expect(readCategory(doomed.category_id)).rejects.toBeInstanceOf(ApiCallError);
  });

  it("tells why a delete was refused (category with sub-categories)", async () => {
    const parent = await createCategory();
    await createCategory({ parentCategoryId: parent.category_id });
    const result = await callRoute(
      listRoute,
      await requestAs("admin", "/admin/category", { form: { intent: "delete", id: String(parent.category_id) } }),
    );
    const toast = await readToast(expectRedirect(result, "/admin/category"));
    expect(toast?.type).toBe("error");
    expect(toast?.message).toBeTruthy();
    expect(toast?.message).not.toBe("Category Delete Successful");
    expect((await readCategory(parent.category_id)).category_id).toBe(parent.category_id);
  });

  it("answers a delete naming no category id with an error toast, deleting nothing", async () => {
    const result = await callRoute(listRoute, await requestAs("admin", "/admin/category", { form: { intent: "delete", id: "abc" } }));
    const toast = await readToast(expectRedirect(result, "/admin/category"));
    expect(toast).toMatchObject({ type: "error", message: "Some Error Occurred" });
  });

  it("answers 400 to an unknown intent", async () => {
    const result = await callRoute(listRoute, await requestAs("admin", "/admin/category", { form: { intent: "explode" } }));
    expect(statusOf(result)).toBe(400);
  });

  it("lets a catalog admin in and keeps a viewer out", async () => {
    expect(statusOf(await callRoute(listRoute, await requestAs("catalog", "/admin/category")))).toBe(200);
    expect(statusOf(await callRoute(listRoute, await requestAs("viewer", "/admin/category")))).toBe(403);
    expect(statusOf(await callRoute(addRoute, await requestAs("viewer", "/admin/add-categories")))).toBe(403);
    expect(
      statusOf(
        await callRoute(
          addRoute,
          await requestAs("viewer", "/admin/add-categories", { form: { intent: "create", categoryName: "x", desc: "y" } }),
        ),
      ),
    ).toBe(403);
    expectRedirect(await callRoute(listRoute, await requestAs(null, "/admin/category")), "/admin/login?redirectTo=");
  });
});

describe("add category", () => {
  it("shows errors beside the fields, keeps what was typed and creates nothing", async () => {
    const name = `Missing Desc ${suffix()}`;
    const result = await callRoute(
      addRoute,
      await requestAs("admin", "/admin/add-categories", {
        form: { intent: "create", categoryName: name, desc: "", status: "Active", pageTitle: "Kept title", mostPopular: "on" },
      }),
    );
    expect(statusOf(result)).toBe(400);
    const body = payload(result);
    expect(body.fieldErrors.desc).toBe("Description is required");
    expect(body.repopulateFields).toMatchObject({ categoryName: name, pageTitle: "Kept title", mostPopular: "on" });
    expect(await allCategoryNames()).not.toContain(name);

    const empty = payload(
      await callRoute(
        addRoute,
        await requestAs("admin", "/admin/add-categories", { form: { intent: "create", categoryName: " ", desc: "" } }),
      ),
    );
    expect(empty.fieldErrors.categoryName).toBe("Category Name is required");
  });

  it("adds a category and says so", async () => {
    const name = `Added ${suffix()}`;
    const result = await callRoute(
      addRoute,
      await requestAs("catalog", "/admin/add-categories", {
        form: {
          intent: "create",
          categoryName: name,
          desc: "Made by a route test",
          status: "Hold",
          superCategory: "business",
          pageTitle: "Title",
          metaDescription: "Meta",
          mostPopular: "on",
        },
      }),
    );
    const response = expectRedirect(result, "/admin/category");
    expect(await readToast(response)).toMatchObject({ type: "success", message: "New Category Added" });
    const created = (await apiCall<{ data: CategoryRecord[] }>("/get-all-category?only_parent_categories=true")).data.find(
      (c) => c.categoryName === name,
    );
    expect(created).toMatchObject({ status: "Hold", superCategory: "business", mostPopular: true, pageTitle: "Title" });
  });
});

describe("edit category", () => {
  it("loads the record, prefilled, with 404 for unknown ids", async () => {
    const record = await createCategory({ superCategory: "web-it", hide_from_menu_bar: true });
    const loaded = payload(
      await callRoute(editRoute, await requestAs("admin", `/admin/edit-categories/${record.category_id}`), {
        categoryid: String(record.category_id),
      }),
    );
    expect(loaded.defaults).toMatchObject({ categoryName: record.categoryName, hide_from_menu_bar: "Yes", updated_at: record.updated_at });
    expect(loaded.category.superCategory).toBeTruthy();
    expect(loaded.faqs).toEqual([]);
    expect(loaded.faqError).toBeNull();

    for (const id of ["99999999", "abc"]) {
      const missing = await callRoute(editRoute, await requestAs("admin", `/admin/edit-categories/${id}`), { categoryid: id });
      expect(statusOf(missing)).toBe(404);
    }
  });

  it("says No Change Detected and writes nothing when nothing changed", async () => {
    const record = await createCategory();
    const result = await callRoute(
      editRoute,
      await requestAs("admin", `/admin/edit-categories/${record.category_id}`, {
        form: formOf(record, { categoryName: `  ${record.categoryName}  ` }),
      }),
      { categoryid: String(record.category_id) },
    );
    const response = expectRedirect(result, `/admin/edit-categories/${record.category_id}`);
    expect(await readToast(response)).toMatchObject({ message: "No Change Detected" });
    expect((await readCategory(record.category_id)).updated_at).toBe(record.updated_at);
  });

  it("saves the changed fields", async () => {
    const record = await createCategory();
    const result = await callRoute(
      editRoute,
      await requestAs("admin", `/admin/edit-categories/${record.category_id}`, {
        form: formOf(record, { desc: "A new description", hide_from_menu_bar: "Yes" }),
      }),
      { categoryid: String(record.category_id) },
    );
    const response = expectRedirect(result, `/admin/edit-categories/${record.category_id}`);
    expect(await readToast(response)).toMatchObject({
      type: "success",
      title: "Updated Successfully",
      message: "Category Data Updated Successfully",
    });
    const after = await readCategory(record.category_id);
    expect(after).toMatchObject({ desc: "A new description", hide_from_menu_bar: true, categoryName: record.categoryName });
    expect(after.updated_at).not.toBe(record.updated_at);
  });

  it("computes only the changed fields against the current record", () => {
    const record = {
      category_id: 1,
      categoryName: "Name",
      desc: "Desc",
      status: "Active",
      superCategory: "",
      pageTitle: "",
      metaDescription: "",
      mostPopular: false,
      hide_from_menu_bar: false,
      parentCategoryId: null,
      created_at: "",
      updated_at: "",
      updated_by: null,
    } satisfies CategoryRecord;
    expect(
      changedFields(record, {
        categoryName: "Name ",
        desc: "Other",
        status: "Active",
        superCategory: "",
        pageTitle: "",
        metaDescription: "",
        mostPopular: true,
        hide_from_menu_bar: false,
      }),
    ).toEqual({ desc: "Other", mostPopular: true });
  });

  it("refuses a stale save, names who changed it, and overwrites nothing", async () => {
    const record = await createCategory();
    // the admin opens the page…
    const opened = payload(
      await callRoute(editRoute, await requestAs("admin", `/admin/edit-categories/${record.category_id}`), {
        categoryid: String(record.category_id),
      }),
    );
    // …another admin saves meanwhile…
    await apiCall(`/update-category?category_id=${record.category_id}`, {
      method: "PATCH",
      actingAdmin: "support",
      body: { desc: "Support's description", updated_at: record.updated_at },
    });
    // …then the first admin saves what they typed
    const result = await callRoute(
      editRoute,
      await requestAs("admin", `/admin/edit-categories/${record.category_id}`, {
        form: formOf(record, { desc: "Admin's description", updated_at: opened.defaults.updated_at }),
      }),
      { categoryid: String(record.category_id) },
    );
    expect(statusOf(result)).toBe(409);
    const body = payload(result);
    expect(body.formError).toMatch(
      /^support changed this category at .+ after you opened it\. Your changes were not saved — reload to see theirs\.$/,
    );
    expect(body.repopulateFields.desc).toBe("Admin's description");
    expect((await readCategory(record.category_id)).desc).toBe("Support's description");
  });

  it("keeps typed values and shows errors on a bad edit", async () => {
    const record = await createCategory();
    const result = await callRoute(
      editRoute,
      await requestAs("admin", `/admin/edit-categories/${record.category_id}`, {
        form: formOf(record, { categoryName: "", desc: "typed" }),
      }),
      { categoryid: String(record.category_id) },
    );
    expect(statusOf(result)).toBe(400);
    expect(payload(result).fieldErrors.categoryName).toBe("Category Name is required");
    expect(payload(result).repopulateFields.desc).toBe("typed");
    expect((await readCategory(record.category_id)).updated_at).toBe(record.updated_at);
  });
});

describe("sub-categories", () => {
  it("adds a sub-category and a sub-sub-category, and lists them", async () => {
    const parent = await createCategory();
    const addLoaded = payload(
      await callRoute(addSubRoute, await requestAs("admin", `/admin/add-subcategories/${parent.category_id}`), {
        categoryid: String(parent.category_id),
      }),
    );
    expect(addLoaded.parent.name).toBe(parent.categoryName);

    const invalid = await callRoute(
      addSubRoute,
      await requestAs("admin", `/admin/add-subcategories/${parent.category_id}`, {
        form: { intent: "create", categoryName: "", desc: "kept", status: "Active" },
      }),
      { categoryid: String(parent.category_id) },
    );
    expect(statusOf(invalid)).toBe(400);
    expect(payload(invalid).fieldErrors.categoryName).toBe("Sub-Category Name is required");
    expect(payload(invalid).repopulateFields.desc).toBe("kept");

    const subName = `Sub ${suffix()}`;
    const added = await callRoute(
      addSubRoute,
      await requestAs("admin", `/admin/add-subcategories/${parent.category_id}`, {
        form: { intent: "create", categoryName: subName, desc: "A sub-category", status: "Active", pageTitle: "Sub title" },
      }),
      { categoryid: String(parent.category_id) },
    );
    expect(await readToast(expectRedirect(added, "/admin/category"))).toMatchObject({ message: "New Sub-Category Added" });

    const subs = payload(
      await callRoute(subListRoute, await requestAs("admin", `/admin/sub-categories/${parent.category_id}`), {
        categoryid: String(parent.category_id),
      }),
    );
    expect(subs.category.name).toBe(parent.categoryName);
    expect(subs.rows.map((r: { name: string }) => r.name)).toEqual([subName]);
    const subId = subs.rows[0].id;

    const subSubName = `SubSub ${suffix()}`;
    await callRoute(
      addSubRoute,
      await requestAs("admin", `/admin/add-subcategories/${subId}`, {
        form: { intent: "create", categoryName: subSubName, desc: "A sub-sub-category", status: "Hold" },
      }),
      { categoryid: String(subId) },
    );
    const subSubs = payload(
      await callRoute(subSubListRoute, await requestAs("admin", `/admin/subsub-categories/${subId}`), { categoryid: String(subId) }),
    );
    expect(subSubs.category).toMatchObject({ name: subName, parent: { id: parent.category_id, name: parent.categoryName } });
    expect(subSubs.rows.map((r: { name: string; status: string }) => [r.name, r.status])).toEqual([[subSubName, "Hold"]]);

    const lonely = await createCategory();
    const empty = payload(
      await callRoute(subListRoute, await requestAs("admin", `/admin/sub-categories/${lonely.category_id}`), {
        categoryid: String(lonely.category_id),
      }),
    );
    expect(empty.rows).toEqual([]);
    expect(empty.total).toBe(0);
  });

  it("sorts a category's sub-categories by name and status from the URL; a sort it cannot apply is said", async () => {
    const parent = await createCategory();
    const made: Record<string, number> = {};
    for (const [name, status] of [
      ["Beta", "Active"],
      ["Alpha", "Hold"],
      ["Gamma", "Inactive"],
    ]) {
      const sub = await createCategory({
        parentCategoryId: parent.category_id,
        categoryName: `${name} ${suffix()}`,
        status: status as "Active",
      });
      made[name] = sub.category_id;
    }
    const ids = async (query: string) =>
      payload(
        await callRoute(subListRoute, await requestAs("admin", `/admin/sub-categories/${parent.category_id}${query}`), {
          categoryid: String(parent.category_id),
        }),
      );
    const byName = await ids("?sortField=categoryName&sortOrder=asc");
    expect(byName.rows.map((r: { id: number }) => r.id)).toEqual([made.Alpha, made.Beta, made.Gamma]);
    expect(byName.sort).toEqual({ field: "categoryName", order: "asc" });
    expect((await ids("?sortField=categoryName&sortOrder=desc")).rows.map((r: { id: number }) => r.id)).toEqual([
      made.Gamma,
      made.Beta,
      made.Alpha,
    ]);
    expect((await ids("?sortField=status&sortOrder=desc")).rows.map((r: { id: number }) => r.id)).toEqual([
      made.Gamma,
      made.Alpha,
      made.Beta,
    ]);
    // newest first without a sort
    expect((await ids("")).rows.map((r: { id: number }) => r.id)).toEqual([made.Gamma, made.Alpha, made.Beta]);
    const refused = await ids("?sortField=desc&sortOrder=asc");
    expect(refused.sortError).toBe('Sort: this list cannot be sorted by "desc".');
    expect(refused.sort).toBeNull();
  });

  it("really edits a sub-category", async () => {
    const parent = await createCategory();
    const sub = await createCategory({ parentCategoryId: parent.category_id });
    const params = { subcategoryid: String(sub.category_id) };
    const loaded = payload(await callRoute(editSubRoute, await requestAs("admin", `/admin/edit-subcategories/${sub.category_id}`), params));
    expect(loaded.sub.parent).toEqual({ id: parent.category_id, name: parent.categoryName });
    const form = { intent: "save", ...loaded.defaults };

    const same = await callRoute(editSubRoute, await requestAs("admin", `/admin/edit-subcategories/${sub.category_id}`, { form }), params);
    expect(await readToast(expectRedirect(same, `/admin/edit-subcategories/${sub.category_id}`))).toMatchObject({
      message: "No Change Detected",
    });
    expect((await readCategory(sub.category_id)).updated_at).toBe(sub.updated_at);

    const changed = await callRoute(
      editSubRoute,
      await requestAs("admin", `/admin/edit-subcategories/${sub.category_id}`, { form: { ...form, status: "Inactive", pageTitle: "New" } }),
      params,
    );
    expect(await readToast(expectRedirect(changed, `/admin/edit-subcategories/${sub.category_id}`))).toMatchObject({
      type: "success",
      title: "Updated Successfully",
    });
    expect(await readCategory(sub.category_id)).toMatchObject({ status: "Inactive", pageTitle: "New", desc: sub.desc });

    // the form still carries the first version: a stale save is refused
    const stale = await callRoute(
      editSubRoute,
      await requestAs("admin", `/admin/edit-subcategories/${sub.category_id}`, { form: { ...form, desc: "Late" } }),
      params,
    );
    expect(statusOf(stale)).toBe(409);
    expect(payload(stale).formError).toMatch(/^admin changed this sub-category at /);
  });
});
