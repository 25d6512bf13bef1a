import { MAX_PAGE_SIZE } from "~contract/list-query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorBody, ConflictBody } from "~contract/api";
import { CategoryDetail, CategoryHierarchyAdmin, CategoryRecord, CategoryTree } from "~contract/categories";
import { eq } from "drizzle-orm";
import { categories } from "../../api/src/db/schema";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed, snapshot, validCategory } from "./helpers";

const DataRecord = z.object({ data: CategoryRecord });
const DataList = z.object({ data: z.array(CategoryRecord) });
const DataTree = z.object({ data: z.array(CategoryTree) });
const DataDetail = z.object({ data: CategoryDetail });

/** Calendar day of an instant in India. */
const istDay = (iso: string) => new Date(new Date(iso).getTime() + 330 * 60_000).toISOString().slice(0, 10);

describeEachDriver("categories", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  const create = (body: unknown, actingAdmin?: number) => call(api, "POST", "/create-category", { body, actingAdmin });
  const detail = async (id: number) =>
    parsed(DataDetail, (await get(api, "/get-category-by-id", { query: { category_id: id } })).body).data;
  const byName = async (name: string) => {
    const all = parsed(DataList, (await get(api, "/get-all-category")).body).data;
    const found = all.find((c) => c.categoryName === name);
    if (!found) throw new Error(`no category ${name}`);
    return found;
  };

  describe("GET /category-hierarchy-admin", () => {
    it("pages top-level categories newest first, split by super category, with the total", async () => {
      const all = parsed(DataList, (await get(api, "/get-all-category", { query: { only_parent_categories: "true" } })).body).data;
      const newestFirst = [...all].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.category_id - a.category_id);

      const first = parsed(
        CategoryHierarchyAdmin,
        (await get(api, "/category-hierarchy-admin", { query: { page: 1, page_size: 4 } })).body,
      );
      const second = parsed(
        CategoryHierarchyAdmin,
        (await get(api, "/category-hierarchy-admin", { query: { page: 2, page_size: 4 } })).body,
      );
      expect(first.total_results).toBe(all.length);
      expect(first).toMatchObject({ current_page: 1, page_size: 4 });
      expect(second).toMatchObject({ current_page: 2, page_size: 4, total_results: all.length });

      const merged = (page: typeof first) =>
        [...page.data, ...page.Business, ...page.WebIt].sort(
          (a, b) => b.created_at.localeCompare(a.created_at) || b.category_id - a.category_id,
        );
      expect(merged(first).map((c) => c.category_id)).toEqual(newestFirst.slice(0, 4).map((c) => c.category_id));
      expect(merged(second).map((c) => c.category_id)).toEqual(newestFirst.slice(4, 8).map((c) => c.category_id));
      for (const page of [first, second]) {
        expect(page.data.every((c) => c.superCategory === "" && c.parentCategoryId === null)).toBe(true);
        expect(page.Business.every((c) => c.superCategory === "business")).toBe(true);
        expect(page.WebIt.every((c) => c.superCategory === "web-it")).toBe(true);
      }
      const beyond = parsed(CategoryHierarchyAdmin, (await get(api, "/category-hierarchy-admin", { query: { page: 99 } })).body);
      expect(beyond.data.length + beyond.Business.length + beyond.WebIt.length).toBe(0);
      expect(beyond.total_results).toBe(all.length);
    });

    it("sorts by name and by status both ways (ties by date then id the same way); order lists the page's ids; refuses an unknown sort", async () => {
      // three categories of our own, on one India day no other category has
      const made: number[] = [];
      for (const [name, status] of [
        ["Sortcat Beta", "Hold"],
        ["Sortcat Alpha", "Inactive"],
        ["Sortcat Gamma", "Active"],
      ]) {
        const answer = await create(validCategory(name, { status }));
        expect(answer.status, answer.text).toBe(201);
        made.push(answer.body.data.category_id);
      }
      for (const [i, id] of made.entries())
        await api.db
          .update(categories)
          .set({ created_at: new Date(`2021-07-04T0${i + 1}:00:00.000Z`) })
          .where(eq(categories.category_id, id));
      const ids = async (sortField: string, sortOrder: string) => {
        const page = parsed(
          CategoryHierarchyAdmin,
          (
            await get(api, "/category-hierarchy-admin", {
              query: { start_date: "2021-07-04", end_date: "2021-07-04", sortField, sortOrder },
            })
          ).body,
        );
        expect([...page.data, ...page.Business, ...page.WebIt].map((c) => c.category_id).sort()).toEqual([...page.order!].sort());
        return page.order;
      };
      const [beta, alpha, gamma] = made;
      expect(await ids("categoryName", "asc")).toEqual([alpha, beta, gamma]);
      expect(await ids("categoryName", "desc")).toEqual([gamma, beta, alpha]);
      expect(await ids("status", "asc")).toEqual([gamma, beta, alpha]);
      expect(await ids("status", "desc")).toEqual([alpha, beta, gamma]);
      // without a sort: newest first
      const newest = parsed(
        CategoryHierarchyAdmin,
        (await get(api, "/category-hierarchy-admin", { query: { start_date: "2021-07-04", end_date: "2021-07-04" } })).body,
      );
      expect(newest.order).toEqual([gamma, alpha, beta]);

      const unknown = await get(api, "/category-hierarchy-admin", { query: { sortField: "desc", sortOrder: "asc" } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors.sortField).toBe("sortField must be one of categoryName, status");
      expect((await get(api, "/category-hierarchy-admin", { query: { sortOrder: "asc" } })).status).toBe(400);
      for (const id of made) expect((await call(api, "DELETE", "/remove-category", { query: { category_id: id } })).status).toBe(200);
    });

    it("defaults to page 1 of 10", async () => {
      const page = parsed(CategoryHierarchyAdmin, (await get(api, "/category-hierarchy-admin")).body);
      expect(page).toMatchObject({ current_page: 1, page_size: 10 });
      expect(page.data.length + page.Business.length + page.WebIt.length).toBe(Math.min(10, page.total_results));
    });

    it("filters by one category", async () => {
      const legal = await byName("Legal & Compliance");
      const page = parsed(
        CategoryHierarchyAdmin,
        (await get(api, "/category-hierarchy-admin", { query: { category: legal.category_id } })).body,
      );
      expect(page.total_results).toBe(1);
      expect(page.Business.map((c) => c.categoryName)).toEqual(["Legal & Compliance"]);
      expect(page.data).toEqual([]);
    });

    it("filters by created day in India, both ends inclusive", async () => {
      const all = parsed(DataList, (await get(api, "/get-all-category", { query: { only_parent_categories: "true" } })).body).data;
      const days = [...new Set(all.map((c) => istDay(c.created_at)))].sort();
      expect(days.length).toBeGreaterThan(3);
      const [start, end] = [days[1], days[days.length - 2]];
      const expected = all
        .filter((c) => istDay(c.created_at) >= start && istDay(c.created_at) <= end)
        .map((c) => c.category_id)
        .sort();
      const page = parsed(
        CategoryHierarchyAdmin,
        (await get(api, "/category-hierarchy-admin", { query: { start_date: start, end_date: end, page_size: 200 } })).body,
      );
      expect(page.total_results).toBe(expected.length);
      expect([...page.data, ...page.Business, ...page.WebIt].map((c) => c.category_id).sort()).toEqual(expected);
      expect(expected.length).toBeLessThan(all.length);
    });

    it("puts 23:59:59.999 IST in that day and 00:00 IST in the next", async () => {
      const lateEvening = new Date("2026-03-10T18:29:59.999Z"); // 23:59:59.999 on 10 March in India
      const midnight = new Date("2026-03-10T18:30:00.000Z"); // 00:00 on 11 March in India
      const rows = await api.db
        .insert(categories)
        .values([
          { categoryName: "Boundary late", desc: "d", created_at: lateEvening, updated_at: lateEvening },
          { categoryName: "Boundary midnight", desc: "d", created_at: midnight, updated_at: midnight },
        ])
        .returning();
      const names = async (query: Record<string, string>) => {
        const page = parsed(
          CategoryHierarchyAdmin,
          (await get(api, "/category-hierarchy-admin", { query: { ...query, page_size: 200 } })).body,
        );
        return page.data
          .map((c) => c.categoryName)
          .filter((n) => n.startsWith("Boundary"))
          .sort();
      };
      expect(await names({ end_date: "2026-03-10", start_date: "2026-03-10" })).toEqual(["Boundary late"]);
      expect(await names({ start_date: "2026-03-11" })).toEqual(["Boundary midnight"]);
      expect(await names({ start_date: "2026-03-11", end_date: "2026-03-11" })).toEqual(["Boundary midnight"]);
      expect(await names({ end_date: "2026-03-09" })).toEqual([]);
      for (const row of rows) await call(api, "DELETE", "/remove-category", { query: { category_id: row.category_id } });
    });

    it("rejects bad paging and dates with field messages", async () => {
      const cases: [Record<string, string>, string][] = [
        [{ page: "0" }, "page"],
        [{ page: "abc" }, "page"],
        [{ page_size: String(MAX_PAGE_SIZE + 1) }, "page_size"],
        [{ category: "x" }, "category"],
        [{ category: "99999999999" }, "category"],
        [{ start_date: "2026-13-45" }, "start_date"],
        [{ start_date: "01/02/2026" }, "start_date"],
        [{ end_date: "tomorrow" }, "end_date"],
        [{ start_date: "2026-02-10", end_date: "2026-02-01" }, "end_date"],
      ];
      for (const [query, field] of cases) {
        const answer = await get(api, "/category-hierarchy-admin", { query });
        expect(answer.status, JSON.stringify(query)).toBe(400);
        expect(parsed(ApiErrorBody, answer.body).errors?.[field], JSON.stringify(query)).toBeTruthy();
      }
    });
  });

  describe("GET /category-hierarchy and /get-all-category", () => {
    it("nests sub and sub-sub categories under their category", async () => {
      const tree = parsed(DataTree, (await get(api, "/category-hierarchy", { query: { supercat: "business" } })).body).data;
      expect(tree.every((c) => c.superCategory === "business" && c.parentCategoryId === null)).toBe(true);
      const legal = tree.find((c) => c.categoryName === "Legal & Compliance")!;
      const registration = legal.SubCategories.find((c) => c.categoryName === "Company Registration")!;
      expect(registration.parentCategoryId).toBe(legal.category_id);
      expect(registration.SubCategories.map((c) => c.categoryName)).toContain("Private Limited Registration");
      expect(registration.SubCategories.every((c) => c.parentCategoryId === registration.category_id)).toBe(true);
      expect(tree.map((c) => c.categoryName)).not.toContain("Web Development");
    });

    it("active_only leaves out Hold and Inactive categories and their children", async () => {
      const all = parsed(DataTree, (await get(api, "/category-hierarchy", { query: { supercat: "web-it" } })).body).data;
      const active = parsed(
        DataTree,
        (await get(api, "/category-hierarchy", { query: { supercat: "web-it", active_only: "true" } })).body,
      ).data;
      const statuses = (nodes: CategoryTree[]): string[] => nodes.flatMap((n) => [n.status, ...statuses(n.SubCategories)]);
      expect(statuses(all)).toContain("Hold");
      expect(statuses(all)).toContain("Inactive");
      expect(new Set(statuses(active))).toEqual(new Set(["Active"]));
      expect(active.map((c) => c.categoryName)).not.toContain("Cyber Security");
    });

    it("rejects an unknown supercat", async () => {
      const answer = await get(api, "/category-hierarchy", { query: { supercat: "retail" } });
      expect(answer.status).toBe(400);
      expect(answer.body.errors.supercat).toBeTruthy();
    });

    it("lists categories by name, all or only top-level", async () => {
      const all = parsed(DataList, (await get(api, "/get-all-category", { query: { only_parent_categories: "false" } })).body).data;
      const parents = parsed(DataList, (await get(api, "/get-all-category", { query: { only_parent_categories: "true" } })).body).data;
      const names = all.map((c) => c.categoryName);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(parents.every((c) => c.parentCategoryId === null)).toBe(true);
      expect(all.some((c) => c.parentCategoryId !== null)).toBe(true);
      expect(parents.length).toBeLessThan(all.length);
    });

    it("fields=summary answers only ids and names, for selects", async () => {
      const full = parsed(DataList, (await get(api, "/get-all-category", { query: { only_parent_categories: "true" } })).body).data;
      const answer = await get(api, "/get-all-category", { query: { only_parent_categories: "true", fields: "summary" } });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual(full.map((c) => ({ category_id: c.category_id, categoryName: c.categoryName })));
      expect((await get(api, "/get-all-category", { query: { fields: "everything" } })).status).toBe(400);
    });

    it("fields=summary carries an ETag: 304 while unchanged, a new one after any create, edit or delete", async () => {
      const url = new URL("/get-all-category?only_parent_categories=true&fields=summary", api.url);
      const fetchWith = (etag?: string) =>
        fetch(url, { headers: { [api.apiKeyHeader]: api.apiKey, ...(etag ? { "if-none-match": etag } : {}) } });
      const first = await fetchWith();
      const etag = first.headers.get("etag")!;
      expect(first.status).toBe(200);
      expect(etag).toBeTruthy();
      const again = await fetchWith(etag);
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");

      const created = await call(api, "POST", "/create-category", { body: { categoryName: "ETag Probe", desc: "Checks revalidation" } });
      expect(created.status).toBe(201);
      const afterCreate = await fetchWith(etag);
      expect(afterCreate.status).toBe(200);
      const etag2 = afterCreate.headers.get("etag")!;
      expect(etag2).not.toBe(etag);
      expect(((await afterCreate.json()) as { data: { categoryName: string }[] }).data.map((c) => c.categoryName)).toContain("ETag Probe");

      const id = created.body.data.category_id;
      const renamed = await call(api, "PATCH", "/update-category", {
        query: { category_id: id },
        body: { categoryName: "ETag Probe Renamed", updated_at: created.body.data.updated_at },
      });
      expect(renamed.status).toBe(201);
      const afterEdit = await fetchWith(etag2);
      expect(afterEdit.status).toBe(200);
      const etag3 = afterEdit.headers.get("etag")!;

      expect((await call(api, "DELETE", "/remove-category", { query: { category_id: id } })).status).toBe(200);
      const afterDelete = await fetchWith(etag3);
      expect(afterDelete.status).toBe(200);
      expect(((await afterDelete.json()) as { data: { category_id: number }[] }).data.map((c) => c.category_id)).not.toContain(id);
    });
  });

  describe("POST /create-category", () => {
    it("creates a category (201) that the list and detail then show", async () => {
      const answer = await create(
        validCategory("Event Management", {
          superCategory: "business",
          mostPopular: true,
          pageTitle: "Events",
          metaDescription: "Plan events",
        }),
      );
      expect(answer.status).toBe(201);
      const record = parsed(DataRecord, answer.body).data;
      expect(record).toMatchObject({
        categoryName: "Event Management",
        status: "Active",
        superCategory: "business",
        mostPopular: true,
        hide_from_menu_bar: false,
        parentCategoryId: null,
        updated_by: "admin",
      });
      const page = parsed(CategoryHierarchyAdmin, (await get(api, "/category-hierarchy-admin", { query: { page_size: 1 } })).body);
      expect(page.Business[0].category_id).toBe(record.category_id);
      expect((await detail(record.category_id)).categoryName).toBe("Event Management");
    });

    it("creates sub-categories that take the parent's super category, down to three levels", async () => {
      const web = await byName("Web Development");
      const sub = parsed(
        DataRecord,
        (await create(validCategory("Portfolio Sites", { parentCategoryId: web.category_id, superCategory: "" }))).body,
      ).data;
      expect(sub).toMatchObject({ parentCategoryId: web.category_id, superCategory: "web-it" });
      const subSub = await create(validCategory("Photographer Portfolios", { parentCategoryId: sub.category_id }));
      expect(subSub.status).toBe(201);
      const tooDeep = await create(validCategory("Wedding Photographers", { parentCategoryId: subSub.body.data.category_id }));
      expect(tooDeep.status).toBe(400);
      expect(tooDeep.body.errors.parentCategoryId).toMatch(/three levels/);

      const webDetail = await detail(web.category_id);
      const portfolio = webDetail.SubCategories.find((c) => c.category_id === sub.category_id)!;
      expect(portfolio.SubSubCategories.map((c) => c.categoryName)).toEqual(["Photographer Portfolios"]);
    });

    it("validates required fields, types and lengths and changes nothing", async () => {
      const before = await snapshot(api);
      const cases: [unknown, string, RegExp][] = [
        [{ desc: "d", status: "Active" }, "categoryName", /required/],
        [validCategory("   "), "categoryName", /required/],
        [{ categoryName: "No desc", status: "Active" }, "desc", /required/],
        [validCategory("Bad status", { status: "Paused" }), "status", /status/],
        [validCategory("Bad super", { superCategory: "retail" }), "superCategory", /./],
        [validCategory("x".repeat(121)), "categoryName", /120/],
        [validCategory("Long desc", { desc: "d".repeat(2001) }), "desc", /2000/],
        [validCategory("Bad flag", { mostPopular: "yes" }), "mostPopular", /boolean/],
        [validCategory("Bad parent", { parentCategoryId: "abc" }), "parentCategoryId", /./],
        [validCategory("Huge parent", { parentCategoryId: 99999999999 }), "parentCategoryId", /range/],
        [validCategory("Unknown parent", { parentCategoryId: 999999 }), "parentCategoryId", /Unknown parent category/],
      ];
      for (const [body, field, message] of cases) {
        const answer = await create(body);
        expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(parsed(ApiErrorBody, answer.body).errors?.[field], field).toMatch(message);
      }
      expect(await snapshot(api)).toEqual(before);
    });

    it("refuses a name already used by a sibling, ignoring case", async () => {
      const clash = await create(validCategory("legal & COMPLIANCE"));
      expect(clash.status).toBe(400);
      expect(clash.body.errors.categoryName).toBe("A category with this name already exists");
      // the same name under another parent is fine
      const accounting = await byName("Accounting & Taxation");
      const elsewhere = await create(validCategory("Contract Drafting", { parentCategoryId: accounting.category_id }));
      expect(elsewhere.status).toBe(201);
      const legal = await byName("Legal & Compliance");
      const sibling = await create(validCategory("CONTRACT drafting", { parentCategoryId: legal.category_id }));
      expect(sibling.status).toBe(400);
    });
  });

  describe("GET /get-category-by-id", () => {
    it("answers the category with its parent and children", async () => {
      const registration = await byName("Company Registration");
      const data = await detail(registration.category_id);
      expect(data.parentCategory).toEqual({
        category_id: registration.parentCategoryId,
        categoryName: "Legal & Compliance",
      });
      expect(data.SubCategories.map((c) => c.categoryName)).toEqual([
        "Private Limited Registration",
        "LLP Registration",
        "One Person Company",
      ]);
      const top = await detail(registration.parentCategoryId!);
      expect(top.parentCategory).toBeNull();
      expect(top.SubCategories.find((c) => c.category_id === registration.category_id)!.SubSubCategories).toHaveLength(3);
    });

    it("is 400 for a non-numeric id and 404 for an unknown one", async () => {
      for (const category_id of ["abc", "1.5", "-3", "", "99999999999"]) {
        const answer = await get(api, "/get-category-by-id", { query: { category_id } });
        expect(answer.status, category_id).toBe(400);
        expect(answer.body.errors.category_id).toBeTruthy();
      }
      expect((await get(api, "/get-category-by-id")).status).toBe(400);
      const missing = await get(api, "/get-category-by-id", { query: { category_id: 987654 } });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: "Category not found" });
    });
  });

  describe("PATCH /update-category", () => {
    const update = (id: number, body: unknown, actingAdmin?: number) =>
      call(api, "PATCH", "/update-category", { query: { category_id: id }, body, actingAdmin });

    it("changes only the fields sent (201) and records who changed it", async () => {
      const original = parsed(
        DataRecord,
        (await create(validCategory("Yoga Classes", { pageTitle: "Yoga", metaDescription: "Meta" }))).body,
      ).data;
      const answer = await update(
        original.category_id,
        { status: "Hold", desc: "Online and offline yoga", updated_at: original.updated_at },
        2,
      );
      expect(answer.status).toBe(201);
      const updated = parsed(DataRecord, answer.body).data;
      expect(updated).toEqual({
        ...original,
        status: "Hold",
        desc: "Online and offline yoga",
        updated_at: updated.updated_at,
        updated_by: "support",
      });
      expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(original.updated_at));
      const reread = await detail(original.category_id);
      expect(reread).toMatchObject({ status: "Hold", desc: "Online and offline yoga", pageTitle: "Yoga", metaDescription: "Meta" });
    });

    it("accepts the version in any notation of the same instant", async () => {
      const original = parsed(DataRecord, (await create(validCategory("Tiffin Services"))).body).data;
      const sameInstantInIst = new Date(Date.parse(original.updated_at) + 330 * 60_000).toISOString().replace("Z", "+05:30");
      const answer = await update(original.category_id, { hide_from_menu_bar: true, updated_at: sameInstantInIst });
      expect(answer.status).toBe(201);
      expect(answer.body.data.hide_from_menu_bar).toBe(true);
    });

    it("says No Change Detected when nothing but updated_at is sent, or nothing differs", async () => {
      const original = parsed(DataRecord, (await create(validCategory("Pet Care"))).body).data;
      const before = await snapshot(api);
      const empty = await update(original.category_id, { updated_at: original.updated_at });
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ message: "No Change Detected" });
      const same = await update(original.category_id, { categoryName: "Pet Care", status: "Active", updated_at: original.updated_at });
      expect(same.status).toBe(400);
      expect(same.body.message).toBe("No Change Detected");
      expect(await snapshot(api)).toEqual(before);
    });

    it("answers 409 naming who changed it when updated_at is stale, and overwrites nothing", async () => {
      const opened = parsed(DataRecord, (await create(validCategory("Home Tutors"))).body).data;
      // "catalog" (id 3) saves first
      const first = await update(opened.category_id, { desc: "Catalog's description", updated_at: opened.updated_at }, 3);
      expect(first.status).toBe(201);
      const before = await snapshot(api);
      // "admin" saves on the version it opened earlier
      const stale = await update(opened.category_id, { desc: "Admin's description", status: "Inactive", updated_at: opened.updated_at }, 1);
      expect(stale.status).toBe(409);
      const conflict = parsed(ConflictBody, stale.body);
      expect(conflict.updated_by).toBe("catalog");
      expect(conflict.updated_at).toBe(first.body.data.updated_at);
      expect(conflict.message).toMatch(
        /^This category was changed by catalog on \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2} IST after you opened it\.$/,
      );
      expect(await detail(opened.category_id)).toMatchObject({ desc: "Catalog's description", status: "Active", updated_by: "catalog" });
      expect(await snapshot(api)).toEqual(before);
      // reloading and saving again works
      const retry = await update(opened.category_id, { desc: "Admin's description", updated_at: conflict.updated_at }, 1);
      expect(retry.status).toBe(201);
    });

    it("validates the body, the id and the category", async () => {
      const original = parsed(DataRecord, (await create(validCategory("Car Rentals"))).body).data;
      const cases: [unknown, string][] = [
        [{ status: "Gone", updated_at: original.updated_at }, "status"],
        [{ categoryName: "", updated_at: original.updated_at }, "categoryName"],
        [{ desc: "x".repeat(5000), updated_at: original.updated_at }, "desc"],
        [{ status: "Hold" }, "updated_at"],
        [{ status: "Hold", updated_at: "yesterday" }, "updated_at"],
        [{ categoryName: "Legal & Compliance", updated_at: original.updated_at }, "categoryName"],
      ];
      for (const [body, field] of cases) {
        const answer = await update(original.category_id, body);
        expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
        expect(answer.body.errors[field], field).toBeTruthy();
      }
      const badId = await call(api, "PATCH", "/update-category", {
        query: { category_id: "abc" },
        body: { status: "Hold", updated_at: original.updated_at },
      });
      expect(badId.status).toBe(400);
      const unknown = await update(999999, { status: "Hold", updated_at: original.updated_at });
      expect(unknown.status).toBe(404);
      expect(await detail(original.category_id)).toMatchObject({ status: "Active", updated_at: original.updated_at });
    });

    it("moves sub-categories along when a category's super category changes, and not the other way", async () => {
      const top = parsed(DataRecord, (await create(validCategory("Wellness", { superCategory: "business" }))).body).data;
      const sub = parsed(DataRecord, (await create(validCategory("Nutritionists", { parentCategoryId: top.category_id }))).body).data;
      const moved = await update(top.category_id, { superCategory: "web-it", updated_at: top.updated_at });
      expect(moved.status).toBe(201);
      expect((await detail(sub.category_id)).superCategory).toBe("web-it");
      const refused = await update(sub.category_id, { superCategory: "", updated_at: sub.updated_at });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.superCategory).toBeTruthy();
    });
  });

  describe("DELETE /remove-category", () => {
    it("deletes a category with its FAQs", async () => {
      const doomed = parsed(DataRecord, (await create(validCategory("Temporary"))).body).data;
      const faq = await call(api, "POST", "/create-faq", { body: { category: doomed.category_id, content: "<h3>Q?</h3><p>A</p>" } });
      expect(faq.status).toBe(201);
      const answer = await call(api, "DELETE", "/remove-category", { query: { category_id: doomed.category_id } });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: "Category Delete Successful" });
      expect((await get(api, "/get-category-by-id", { query: { category_id: doomed.category_id } })).status).toBe(404);
      expect((await get(api, `/faq-detail/${faq.body.data.id}`)).status).toBe(404);
    });

    it("refuses a category that still has sub-categories", async () => {
      const legal = await byName("Legal & Compliance");
      const before = await snapshot(api);
      const answer = await call(api, "DELETE", "/remove-category", { query: { category_id: legal.category_id } });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: "This category has sub-categories. Delete them first." });
      expect(await snapshot(api)).toEqual(before);
    });

    it("is 404 for an unknown id and 400 for a bad one", async () => {
      expect((await call(api, "DELETE", "/remove-category", { query: { category_id: 999999 } })).status).toBe(404);
      expect((await call(api, "DELETE", "/remove-category", { query: { category_id: "one" } })).status).toBe(400);
    });
  });
});
