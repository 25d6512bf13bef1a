/** categories: the handlers of the calls categories.routes.ts defines. */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { CategoryDetail, CategoryRecord, type CategoryListQuery, type CategoryTree } from "~contract/categories";
import type { Database } from "../../db/client";
import { categories, type CategoryRow } from "../../db/schema";
import { recordAudit, requireActor, type Tx } from "../../lib/audit";
import { assertIds, badRequest, INVALID_INPUT_MESSAGE, nextVersion, notFound, parseVersion, staleEdit } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { categoryRecord } from "../../lib/serialize";
import { Record, listRoute, treeRoute, allRoute, detailRoute, createCategoryRoute, updateRoute, removeRoute } from "./categories.routes";

/** The categories list's order, ties by id: newest first, by name, or by status (each by date, the same way). */
function listOrder(query: CategoryListQuery): SQL[] {
  const dir = query.sortField && query.sortOrder === "asc" ? asc : desc;
  const key =
    query.sortField === "categoryName" ? [dir(categories.categoryName)] : query.sortField === "status" ? [dir(categories.status)] : [];
  return [...key, dir(categories.created_at), dir(categories.category_id)];
}

export const CATEGORY_NOT_FOUND = "Category not found";

export const DUPLICATE_NAME = "A category with this name already exists";

export const HAS_SUB_CATEGORIES = "This category has sub-categories. Delete them first.";

/** category → sub-category → sub-sub-category */
export const MAX_DEPTH = 3;

const DAY_MS = 86_400_000;

/** Midnight of a calendar day in India (UTC+05:30, no daylight saving). */
const istMidnight = (day: string) => new Date(`${day}T00:00:00.000+05:30`);

async function findCategory(db: Database | Tx, id: number, lock = false): Promise<CategoryRow | undefined> {
  const query = db.select().from(categories).where(eq(categories.category_id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** 1 for a top-level category, 2 for a sub-category, 3 for a sub-sub-category. */
async function depthOf(db: Database | Tx, row: CategoryRow): Promise<number> {
  let depth = 1;
  let parentId = row.parentCategoryId;
  while (parentId !== null && depth <= MAX_DEPTH + 1) {
    const parent = await findCategory(db, parentId);
    if (!parent) break;
    depth += 1;
    parentId = parent.parentCategoryId;
  }
  return depth;
}

async function assertUniqueName(db: Database | Tx, name: string, parentId: number | null, exceptId?: number) {
  const conditions: SQL[] = [
    sql`lower(${categories.categoryName}) = lower(${name})`,
    parentId === null ? isNull(categories.parentCategoryId) : eq(categories.parentCategoryId, parentId),
  ];
  if (exceptId !== undefined) conditions.push(ne(categories.category_id, exceptId));
  const [clash] = await db
    .select({ id: categories.category_id })
    .from(categories)
    .where(and(...conditions))
    .limit(1);
  if (clash) throw badRequest(INVALID_INPUT_MESSAGE, { categoryName: DUPLICATE_NAME });
}

function buildTree(rows: CategoryRow[], roots: CategoryRow[]): CategoryTree[] {
  const children = new Map<number, CategoryRow[]>();
  for (const row of rows) {
    if (row.parentCategoryId === null) continue;
    const list = children.get(row.parentCategoryId) ?? [];
    list.push(row);
    children.set(row.parentCategoryId, list);
  }
  const node = (row: CategoryRow, depth: number): CategoryTree => ({
    ...categoryRecord(row),
    SubCategories: depth >= MAX_DEPTH ? [] : (children.get(row.category_id) ?? []).map((child) => node(child, depth + 1)),
  });
  return roots.map((root) => node(root, 1));
}

export function categoriesRouter(db: Database) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    assertIds({ category: query.category });
    const conditions: SQL[] = [isNull(categories.parentCategoryId)];
    if (query.category) conditions.push(eq(categories.category_id, query.category));
    if (query.start_date) conditions.push(gte(categories.created_at, istMidnight(query.start_date)));
    if (query.end_date) {
      conditions.push(lt(categories.created_at, new Date(istMidnight(query.end_date).getTime() + DAY_MS)));
    }
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(categories)
        .where(where)
        .orderBy(...listOrder(query))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      db.select({ total: count() }).from(categories).where(where),
    ]);
    const records = rows.map(categoryRecord);
    return c.json(
      {
        data: records.filter((r) => r.superCategory !== "business" && r.superCategory !== "web-it"),
        Business: records.filter((r) => r.superCategory === "business"),
        WebIt: records.filter((r) => r.superCategory === "web-it"),
        total_results: Number(total),
        current_page: query.page,
        page_size: query.page_size,
        order: records.map((r) => r.category_id),
      },
      200,
    );
  });

  router.openapi(treeRoute, async (c) => {
    const query = c.req.valid("query");
    const rows = await db
      .select()
      .from(categories)
      .where(query.active_only ? eq(categories.status, "Active") : undefined)
      .orderBy(asc(categories.categoryName), asc(categories.category_id));
    const roots = rows.filter(
      (row) => row.parentCategoryId === null && (query.supercat === undefined || row.superCategory === query.supercat),
    );
    return c.json({ data: buildTree(rows, roots) }, 200);
  });

  router.openapi(allRoute, async (c) => {
    const query = c.req.valid("query");
    const where = query.only_parent_categories ? isNull(categories.parentCategoryId) : undefined;
    const order = [asc(categories.categoryName), asc(categories.category_id)] as const;
    if (query.fields === "summary") {
      // Selects re-read this list on every page load: a validator over (count, newest change)
      // lets the admin keep its copy and get a body-less 304 while nothing changed.
      const [version] = await db
        .select({ total: count(), newest: sql<string>`coalesce(max(${categories.updated_at})::text, '')` })
        .from(categories)
        .where(where);
      const etag = `W/"categories-${query.only_parent_categories ? "parents" : "all"}-${version.total}-${Buffer.from(version.newest).toString("base64url")}"`;
      c.header("ETag", etag);
      if (c.req.header("if-none-match") === etag) return c.body(null, 304);
      const options = await db
        .select({ category_id: categories.category_id, categoryName: categories.categoryName })
        .from(categories)
        .where(where)
        .orderBy(...order);
      return c.json({ data: options }, 200);
    }
    const rows = await db
      .select()
      .from(categories)
      .where(where)
      .orderBy(...order);
    return c.json({ data: rows.map(categoryRecord) }, 200);
  });

  router.openapi(detailRoute, async (c) => {
    const { category_id } = c.req.valid("query");
    const row = await findCategory(db, category_id);
    if (!row) throw notFound(CATEGORY_NOT_FOUND);
    const parent = row.parentCategoryId === null ? undefined : await findCategory(db, row.parentCategoryId);
    const subs = await db
      .select()
      .from(categories)
      .where(eq(categories.parentCategoryId, row.category_id))
      .orderBy(asc(categories.category_id));
    const subSubs = subs.length
      ? await db
          .select()
          .from(categories)
          .where(
            inArray(
              categories.parentCategoryId,
              subs.map((s) => s.category_id),
            ),
          )
          .orderBy(asc(categories.category_id))
      : [];
    const detail: CategoryDetail = {
      ...categoryRecord(row),
      parentCategory: parent ? { category_id: parent.category_id, categoryName: parent.categoryName } : null,
      SubCategories: subs.map((sub) => ({
        ...categoryRecord(sub),
        SubSubCategories: subSubs.filter((s) => s.parentCategoryId === sub.category_id).map(categoryRecord),
      })),
    };
    return c.json({ data: detail }, 200);
  });

  router.openapi(createCategoryRoute, async (c) => {
    const actor = await requireActor(c, db);
    const body = c.req.valid("json");
    assertIds({ parentCategoryId: body.parentCategoryId });
    const created = await db.transaction(async (tx) => {
      const parentId = body.parentCategoryId ?? null;
      let superCategory: string = body.superCategory;
      if (parentId !== null) {
        const parent = await findCategory(tx, parentId);
        if (!parent) throw badRequest(INVALID_INPUT_MESSAGE, { parentCategoryId: "Unknown parent category" });
        if ((await depthOf(tx, parent)) >= MAX_DEPTH) {
          throw badRequest(INVALID_INPUT_MESSAGE, {
            parentCategoryId: "Categories go three levels deep: a sub-sub-category cannot have sub-categories",
          });
        }
        superCategory = parent.superCategory;
      }
      await assertUniqueName(tx, body.categoryName, parentId);
      const now = new Date();
      const [row] = await tx
        .insert(categories)
        .values({
          categoryName: body.categoryName,
          desc: body.desc,
          status: body.status,
          superCategory,
          pageTitle: body.pageTitle,
          metaDescription: body.metaDescription,
          mostPopular: body.mostPopular,
          hide_from_menu_bar: body.hide_from_menu_bar,
          parentCategoryId: parentId,
          created_at: now,
          updated_at: now,
          updated_by: actor.adminUsername,
        })
        .returning();
      const record = categoryRecord(row);
      await recordAudit(tx, actor, { action: "create", entity: "category", entityId: row.category_id, after: record });
      return record;
    });
    return c.json({ data: created }, 201);
  });

  router.openapi(updateRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { category_id } = c.req.valid("query");
    const { updated_at, ...fields } = c.req.valid("json");
    const version = parseVersion(updated_at);
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<
      Pick<CategoryRecord, keyof typeof fields>
    >;
    if (Object.keys(given).length === 0) throw badRequest("No Change Detected");

    const updated = await db.transaction(async (tx) => {
      const current = await findCategory(tx, category_id, true);
      if (!current) throw notFound(CATEGORY_NOT_FOUND);
      if (current.updated_at.getTime() !== version) throw staleEdit("category", current);

      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(given)) {
        const old = current[key as keyof CategoryRow];
        if (old !== value) {
          before[key] = old;
          after[key] = value;
        }
      }
      if (Object.keys(after).length === 0) throw badRequest("No Change Detected");
      if ("superCategory" in after && current.parentCategoryId !== null) {
        throw badRequest(INVALID_INPUT_MESSAGE, {
          superCategory: "A sub-category takes its parent's super category",
        });
      }
      if (typeof after.categoryName === "string") {
        await assertUniqueName(tx, after.categoryName, current.parentCategoryId, current.category_id);
      }
      const [row] = await tx
        .update(categories)
        .set({ ...after, updated_at: nextVersion(current.updated_at), updated_by: actor.adminUsername })
        .where(eq(categories.category_id, category_id))
        .returning();
      if ("superCategory" in after) {
        // sub-categories follow their top-level category
        const subs = await tx
          .update(categories)
          .set({ superCategory: row.superCategory })
          .where(eq(categories.parentCategoryId, category_id))
          .returning({ id: categories.category_id });
        if (subs.length) {
          await tx
            .update(categories)
            .set({ superCategory: row.superCategory })
            .where(
              inArray(
                categories.parentCategoryId,
                subs.map((s) => s.id),
              ),
            );
        }
      }
      await recordAudit(tx, actor, { action: "update", entity: "category", entityId: category_id, before, after });
      return categoryRecord(row);
    });
    return c.json({ data: updated }, 201);
  });

  router.openapi(removeRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { category_id } = c.req.valid("query");
    await db.transaction(async (tx) => {
      const current = await findCategory(tx, category_id, true);
      if (!current) throw notFound(CATEGORY_NOT_FOUND);
      const [child] = await tx
        .select({ id: categories.category_id })
        .from(categories)
        .where(and(eq(categories.parentCategoryId, category_id), isNotNull(categories.parentCategoryId)))
        .limit(1);
      if (child) throw badRequest(HAS_SUB_CATEGORIES);
      await tx.delete(categories).where(eq(categories.category_id, category_id));
      await recordAudit(tx, actor, {
        action: "delete",
        entity: "category",
        entityId: category_id,
        before: categoryRecord(current),
      });
    });
    return c.json({ message: "Category Delete Successful" }, 200);
  });

  return router;
}
