import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorBody, ConflictBody } from "~contract/api";
import { PLAN_MESSAGES, PlanHeldBody, PlanRecord } from "~contract/subscriptions";
import { auditLog, plans, serviceProviders, users } from "../../api/src/db/schema";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const DataPlan = z.object({ data: PlanRecord });
const DataPlans = z.object({ data: z.array(PlanRecord) });

const suffix = () => Math.random().toString(36).slice(2, 8);

const validPlan = (name: string, extra: Record<string, unknown> = {}) => ({
  plan_name: name,
  charge: "1499.50",
  service_fee: "12.5",
  profile_boost: 100,
  plan_validity: 12,
  max_approval: 7,
  status: "Active",
  ...extra,
});

describeEachDriver("subscription plans", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  const create = (body: unknown, actingAdmin?: number | null) => call(api, "POST", "/create-plan", { body, actingAdmin });
  const update = (id: number | string, body: unknown, actingAdmin?: number) =>
    call(api, "PUT", "/update-plan", { query: { plan_id: id }, body, actingAdmin });
  const remove = (id: number | string, actingAdmin?: number) =>
    call(api, "DELETE", "/delete-plan", { query: { plan_id: id }, actingAdmin });
  const all = async () => parsed(DataPlans, (await get(api, "/get-all-plan")).body).data;
  const detail = async (id: number) => parsed(DataPlan, (await get(api, "/get-plan-by-id", { query: { plan_id: id } })).body).data;
  const newPlan = async (extra: Record<string, unknown> = {}) => {
    const answer = await create(validPlan(`Plan ${suffix()}`, extra));
    expect(answer.status).toBe(201);
    return parsed(DataPlan, answer.body).data;
  };
  const auditOf = (id: number) =>
    api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "plan"), eq(auditLog.entity_id, String(id))))
      .orderBy(asc(auditLog.id));
  /** "nothing changed": the plans and the audit log's length */
  const state = async () => ({ plans: await all(), audit: (await api.db.select({ id: auditLog.id }).from(auditLog)).length });
  /** a provider (copy of the first demo one) holding this plan; deleted when `deleted` */
  const holdPlan = async (planId: number, deleted = false) => {
    const [template] = await api.db.select().from(serviceProviders).orderBy(asc(serviceProviders.serviceProvider_id)).limit(1);
    const { serviceProvider_id: _id, ...rest } = template;
    const [user] = await api.db
      .insert(users)
      .values({ username: `holder.${suffix()}`, firstName: "Plan", lastName: "Holder" })
      .returning();
    const [row] = await api.db
      .insert(serviceProviders)
      .values({ ...rest, user_id: user.id, plan_id: planId, deleted_at: deleted ? new Date() : null })
      .returning();
    return row.serviceProvider_id;
  };

  describe("GET /get-all-plan", () => {
    it("lists the demo plans with their values, cheapest first, and how many live providers hold each", async () => {
      const list = await all();
      const demo = list.filter((p) => ["Free", "Basic", "Elite", "Pro"].includes(p.plan_name));
      expect(demo.map((p) => [p.plan_name, p.charge, p.service_fee, p.profile_boost, p.plan_validity, p.max_approval, p.status])).toEqual([
        ["Free", "0.00", "20.00", 0, 1, 7, "Active"],
        ["Basic", "999.00", "15.00", 50, 3, 5, "Active"],
        ["Elite", "2499.50", "12.50", 150, 6, 3, "Active"],
        ["Pro", "7999.00", "10.00", 400, 12, 1, "Active"],
      ]);
      const charges = list.map((p) => BigInt(p.charge.replace(".", "")));
      expect([...charges].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(charges);
      const live = await api.db.select().from(serviceProviders);
      for (const plan of demo) {
        expect(plan.held_by, plan.plan_name).toBe(live.filter((sp) => sp.plan_id === plan.plan_id && sp.deleted_at === null).length);
        expect(plan.held_by).toBeGreaterThan(0);
      }
    });

    it("sorts by name, amount, duration and status both ways, ties by id; refuses an unknown sort", async () => {
      const sorted = async (sortField: string, sortOrder: string) => {
        const answer = await get(api, "/get-all-plan", { query: { sortField, sortOrder } });
        expect(answer.status, answer.text).toBe(200);
        return parsed(DataPlans, answer.body).data.filter((p) => ["Free", "Basic", "Elite", "Pro"].includes(p.plan_name));
      };
      const names = (list: PlanRecord[]) => list.map((p) => p.plan_name);
      expect(names(await sorted("plan_name", "asc"))).toEqual(["Basic", "Elite", "Free", "Pro"]);
      expect(names(await sorted("plan_name", "desc"))).toEqual(["Pro", "Free", "Elite", "Basic"]);
      expect(names(await sorted("charge", "desc"))).toEqual(["Pro", "Elite", "Basic", "Free"]);
      expect(names(await sorted("plan_validity", "asc"))).toEqual(["Free", "Basic", "Elite", "Pro"]);
      expect(names(await sorted("plan_validity", "desc"))).toEqual(["Pro", "Elite", "Basic", "Free"]);
      // every plan: the key never goes down ascending, ties by id
      const byStatus = parsed(DataPlans, (await get(api, "/get-all-plan", { query: { sortField: "status", sortOrder: "asc" } })).body).data;
      const keys = byStatus.map((p) => `${p.status}:${String(p.plan_id).padStart(9, "0")}`);
      expect([...keys].sort()).toEqual(keys);

      const unknown = await get(api, "/get-all-plan", { query: { sortField: "service_fee", sortOrder: "asc" } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors.sortField).toBe("sortField must be one of plan_name, charge, plan_validity, status");
      expect((await get(api, "/get-all-plan", { query: { sortField: "charge" } })).status).toBe(400);
    });

    it("needs the secret", async () => {
      expect((await get(api, "/get-all-plan", { key: null })).status).toBe(401);
    });
  });

  describe("GET /get-plan-by-id", () => {
    it("answers the plan", async () => {
      const plan = await newPlan({ charge: "0.5", service_fee: "0", profile_boost: 0, plan_validity: 1, max_approval: 1 });
      expect(await detail(plan.plan_id)).toEqual(plan);
      expect(plan).toMatchObject({ charge: "0.50", service_fee: "0.00", held_by: 0, updated_by: "admin" });
    });

    it("is 400 for a bad id and 404 for an unknown one", async () => {
      for (const plan_id of ["abc", "1.5", "-3", "", "99999999999"]) {
        const answer = await get(api, "/get-plan-by-id", { query: { plan_id } });
        expect(answer.status, plan_id).toBe(400);
        expect(answer.body.errors.plan_id).toBeTruthy();
      }
      expect((await get(api, "/get-plan-by-id")).status).toBe(400);
      const missing = await get(api, "/get-plan-by-id", { query: { plan_id: 987654 } });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: "Plan not found" });
    });
  });

  describe("POST /create-plan", () => {
    it("creates a plan (201), stores the charge exactly in paise, and audits it under the API names", async () => {
      const name = `Gold ${suffix()}`;
      const answer = await create(validPlan(name, { charge: "1234567.89", service_fee: "99.99", plan_validity: 24 }), 2);
      expect(answer.status).toBe(201);
      const plan = parsed(DataPlan, answer.body).data;
      expect(plan).toMatchObject({
        plan_name: name,
        charge: "1234567.89",
        service_fee: "99.99",
        profile_boost: 100,
        plan_validity: 24,
        max_approval: 7,
        status: "Active",
        held_by: 0,
        updated_by: "support",
      });
      const [row] = await api.db.select().from(plans).where(eq(plans.plan_id, plan.plan_id));
      expect(row.charge).toBe(123456789);
      expect((await all()).some((p) => p.plan_id === plan.plan_id)).toBe(true);
      const [entry] = await auditOf(plan.plan_id);
      expect(entry).toMatchObject({ action: "create", admin_username: "support", before: null });
      expect(entry.after).toEqual({
        plan_name: name,
        charge: "1234567.89",
        service_fee: "99.99",
        profile_boost: 100,
        plan_validity: 24,
        max_approval: 7,
        status: "Active",
      });
    });

    it("accepts every duration in months and both statuses, and the edges of each range", async () => {
      for (const months of [1, 3, 6, 12, 24]) {
        expect((await create(validPlan(`Months ${months} ${suffix()}`, { plan_validity: months }))).status).toBe(201);
      }
      const edges = await newPlan({
        charge: "10000000",
        service_fee: "100",
        profile_boost: 1_000_000,
        max_approval: 30,
        status: "Inactive",
      });
      expect(edges).toMatchObject({
        charge: "10000000.00",
        service_fee: "100.00",
        profile_boost: 1_000_000,
        max_approval: 30,
        status: "Inactive",
      });
    });

    it("validates every field with clear messages and changes nothing", async () => {
      const before = await state();
      const m = PLAN_MESSAGES;
      const cases: [Record<string, unknown>, string, string][] = [
        [{ plan_name: undefined }, "plan_name", m.nameRequired],
        [{ plan_name: "   " }, "plan_name", m.nameRequired],
        [{ plan_name: "x".repeat(101) }, "plan_name", m.nameTooLong],
        [{ charge: undefined }, "charge", m.chargeRequired],
        [{ charge: "" }, "charge", m.chargeRequired],
        [{ charge: "12.345" }, "charge", m.chargeFormat],
        [{ charge: "-5" }, "charge", m.chargeFormat],
        [{ charge: "1,499" }, "charge", m.chargeFormat],
        [{ charge: 1499.5 }, "charge", m.chargeFormat],
        [{ charge: "10000000.01" }, "charge", m.chargeTooLarge],
        [{ service_fee: undefined }, "service_fee", m.feeRequired],
        [{ service_fee: "100.01" }, "service_fee", m.feeFormat],
        [{ service_fee: "-1" }, "service_fee", m.feeFormat],
        [{ service_fee: "12.345" }, "service_fee", m.feeFormat],
        [{ service_fee: "abc" }, "service_fee", m.feeFormat],
        [{ profile_boost: undefined }, "profile_boost", m.boostRequired],
        [{ profile_boost: -1 }, "profile_boost", m.boostFormat],
        [{ profile_boost: 1.5 }, "profile_boost", m.boostFormat],
        [{ profile_boost: 1_000_001 }, "profile_boost", m.boostFormat],
        [{ profile_boost: "ten" }, "profile_boost", m.boostFormat],
        [{ plan_validity: undefined }, "plan_validity", m.durationRequired],
        [{ plan_validity: 2 }, "plan_validity", m.durationFormat],
        [{ plan_validity: 36 }, "plan_validity", m.durationFormat],
        [{ plan_validity: "One Year" }, "plan_validity", m.durationFormat],
        [{ max_approval: undefined }, "max_approval", m.approvalRequired],
        [{ max_approval: 0 }, "max_approval", m.approvalFormat],
        [{ max_approval: 31 }, "max_approval", m.approvalFormat],
        [{ max_approval: 2.5 }, "max_approval", m.approvalFormat],
        [{ status: undefined }, "status", m.statusRequired],
        [{ status: "on" }, "status", m.statusFormat],
      ];
      for (const [change, field, message] of cases) {
        const answer = await create(validPlan(`Bad ${suffix()}`, change));
        expect(answer.status, JSON.stringify(change)).toBe(400);
        const body = parsed(ApiErrorBody, answer.body);
        expect(body.message).toBe("Please correct the highlighted fields");
        expect(body.errors?.[field], JSON.stringify(change)).toBe(message);
      }
      const empty = await create({});
      expect(Object.keys(empty.body.errors).sort()).toEqual([
        "charge",
        "max_approval",
        "plan_name",
        "plan_validity",
        "profile_boost",
        "service_fee",
        "status",
      ]);
      expect(await state()).toEqual(before);
    });

    it("refuses a name already used, ignoring case and spaces around it", async () => {
      const before = await state();
      for (const name of ["pro", "  ELITE  "]) {
        const clash = await create(validPlan(name));
        expect(clash.status).toBe(400);
        expect(clash.body).toEqual({
          message: "Please correct the highlighted fields",
          errors: { plan_name: "A plan with this name already exists" },
        });
      }
      expect(await state()).toEqual(before);
    });

    it("needs an active acting admin", async () => {
      expect((await create(validPlan(`No actor ${suffix()}`), null)).status).toBe(400);
      const blocked = await create(validPlan(`Blocked ${suffix()}`), 6);
      expect(blocked.status).toBe(403);
      expect(blocked.body.message).toMatch(/blocked/);
    });
  });

  describe("PUT /update-plan", () => {
    it("changes the fields sent (200), audits only what changed, under the API names", async () => {
      const original = await newPlan();
      const answer = await update(
        original.plan_id,
        { ...validPlan(original.plan_name), charge: "1999", service_fee: "12.50", status: "Inactive", updated_at: original.updated_at },
        2,
      );
      expect(answer.status).toBe(200);
      const updated = parsed(DataPlan, answer.body).data;
      expect(updated).toEqual({
        ...original,
        charge: "1999.00",
        status: "Inactive",
        updated_at: updated.updated_at,
        updated_by: "support",
      });
      expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(original.updated_at));
      expect(await detail(original.plan_id)).toEqual(updated);
      const entries = await auditOf(original.plan_id);
      expect(entries.at(-1)).toMatchObject({
        action: "update",
        admin_username: "support",
        before: { charge: "1499.50", status: "Active" },
        after: { charge: "1999.00", status: "Inactive" },
      });
    });

    it("takes any subset of the fields, so an audit entry's before can be written back", async () => {
      const original = await newPlan();
      const changed = parsed(
        DataPlan,
        (await update(original.plan_id, { max_approval: 30, plan_validity: 3, updated_at: original.updated_at })).body,
      ).data;
      const [, entry] = await auditOf(original.plan_id);
      const reverted = await update(original.plan_id, { ...(entry.before as object), updated_at: changed.updated_at });
      expect(reverted.status).toBe(200);
      expect(parsed(DataPlan, reverted.body).data).toMatchObject({ max_approval: 7, plan_validity: 12 });
    });

    it("says No Change Detected when nothing differs, and writes nothing", async () => {
      const original = await newPlan();
      const before = await state();
      for (const body of [
        { updated_at: original.updated_at },
        { ...validPlan(original.plan_name), charge: "1499.5", service_fee: "12.50", updated_at: original.updated_at },
      ]) {
        const answer = await update(original.plan_id, body);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ message: "No Change Detected" });
      }
      expect(await state()).toEqual(before);
    });

    it("answers 409 naming who changed it when updated_at is stale, and overwrites nothing", async () => {
      const opened = await newPlan();
      const first = await update(opened.plan_id, { charge: "2000", updated_at: opened.updated_at }, 3);
      expect(first.status).toBe(200);
      const before = await state();
      const stale = await update(opened.plan_id, { charge: "2500", status: "Inactive", updated_at: opened.updated_at }, 1);
      expect(stale.status).toBe(409);
      const conflict = parsed(ConflictBody, stale.body);
      expect(conflict.updated_by).toBe("catalog");
      expect(conflict.updated_at).toBe(first.body.data.updated_at);
      expect(conflict.message).toMatch(
        /^This plan was changed by catalog on \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2} IST after you opened it\.$/,
      );
      expect(await state()).toEqual(before);
      expect((await detail(opened.plan_id)).charge).toBe("2000.00");
      const retry = await update(opened.plan_id, { charge: "2500", updated_at: conflict.updated_at }, 1);
      expect(retry.status).toBe(200);
    });

    it("validates the body, the name, the id and the plan", async () => {
      const original = await newPlan();
      const cases: [unknown, string, string][] = [
        [{ charge: "1.001", updated_at: original.updated_at }, "charge", PLAN_MESSAGES.chargeFormat],
        [{ service_fee: "101", updated_at: original.updated_at }, "service_fee", PLAN_MESSAGES.feeFormat],
        [{ profile_boost: -3, updated_at: original.updated_at }, "profile_boost", PLAN_MESSAGES.boostFormat],
        [{ plan_validity: 5, updated_at: original.updated_at }, "plan_validity", PLAN_MESSAGES.durationFormat],
        [{ max_approval: 45, updated_at: original.updated_at }, "max_approval", PLAN_MESSAGES.approvalFormat],
        [{ status: "off", updated_at: original.updated_at }, "status", PLAN_MESSAGES.statusFormat],
        [{ plan_name: "", updated_at: original.updated_at }, "plan_name", PLAN_MESSAGES.nameRequired],
        [{ plan_name: "BASIC", updated_at: original.updated_at }, "plan_name", PLAN_MESSAGES.duplicateName],
        [{ status: "Inactive" }, "updated_at", "updated_at is required"],
        [{ status: "Inactive", updated_at: "yesterday" }, "updated_at", "updated_at is not a valid date-time"],
      ];
      for (const [body, field, message] of cases) {
        const answer = await update(original.plan_id, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.errors[field], field).toBe(message);
      }
      // its own name in another case is not a clash
      const renamed = await update(original.plan_id, { plan_name: original.plan_name.toUpperCase(), updated_at: original.updated_at });
      expect(renamed.status).toBe(200);
      expect((await update("abc", { status: "Inactive", updated_at: original.updated_at })).status).toBe(400);
      const unknown = await update(999999, { status: "Inactive", updated_at: original.updated_at });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: "Plan not found" });
    });
  });

  describe("DELETE /delete-plan", () => {
    it("deletes a plan nobody holds and audits its values", async () => {
      const doomed = await newPlan();
      const answer = await remove(doomed.plan_id, 2);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: "Plan Deleted Successfully" });
      expect((await get(api, "/get-plan-by-id", { query: { plan_id: doomed.plan_id } })).status).toBe(404);
      expect((await auditOf(doomed.plan_id)).at(-1)).toMatchObject({
        action: "delete",
        admin_username: "support",
        before: {
          plan_name: doomed.plan_name,
          charge: "1499.50",
          service_fee: "12.50",
          profile_boost: 100,
          plan_validity: 12,
          max_approval: 7,
          status: "Active",
        },
        after: null,
      });
    });

    it("refuses a plan live providers hold, saying how many, and lets it be set Inactive instead", async () => {
      const held = await newPlan();
      await holdPlan(held.plan_id);
      await holdPlan(held.plan_id);
      await holdPlan(held.plan_id, true);
      // the detail says both counts, so the admin can say why before offering a delete
      expect(await detail(held.plan_id)).toMatchObject({ held_by: 2, held_by_deleted: 1 });
      const before = await state();
      const refused = await remove(held.plan_id);
      expect(refused.status).toBe(409);
      expect(parsed(PlanHeldBody, refused.body)).toEqual({
        message: "This plan is held by 2 service providers: set it Inactive instead",
        held_by: 2,
        held_by_deleted: 1,
      });
      expect(await state()).toEqual(before);
      const inactive = await update(held.plan_id, { status: "Inactive", updated_at: held.updated_at });
      expect(inactive.status).toBe(200);

      const one = await newPlan();
      await holdPlan(one.plan_id);
      expect((await remove(one.plan_id)).body.message).toBe("This plan is held by 1 service provider: set it Inactive instead");
    });

    it("refuses a plan only deleted providers' records name", async () => {
      const plan = await newPlan();
      await holdPlan(plan.plan_id, true);
      const refused = await remove(plan.plan_id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe("This plan is named in the records of 1 deleted service provider: set it Inactive instead");
      expect(await detail(plan.plan_id)).toMatchObject({ held_by: 0, held_by_deleted: 1 });
    });

    it("refuses the demo plans the demo providers hold", async () => {
      const pro = (await all()).find((p) => p.plan_name === "Pro")!;
      const refused = await remove(pro.plan_id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(`This plan is held by ${pro.held_by} service providers: set it Inactive instead`);
    });

    it("is 404 for an unknown id and 400 for a bad one", async () => {
      const unknown = await remove(999999);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: "Plan not found" });
      expect((await remove("one")).status).toBe(400);
    });
  });
});
