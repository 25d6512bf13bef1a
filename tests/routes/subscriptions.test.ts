import { afterEach, describe, expect, it, vi } from "vitest";
import * as listRoute from "~/routes/admin.subscriptions._index";
import * as addRoute from "~/routes/admin.add-subscriptions";
import * as editRoute from "~/routes/admin.edit-subscriptions.$planid";
import { PLAN_MESSAGES, type PlanRecord } from "~contract/subscriptions";
import { changedPlanFields } from "~/services/subscriptions/plan-actions.server";
import { apiCall, ApiCallError, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";
import { newPlan as makePlan } from "../support/records";

const suffix = () => Math.random().toString(36).slice(2, 10);
const newPlan = (fields: Record<string, unknown> = {}) => makePlan<PlanRecord>(apiCall, fields);

/** What a loader/action gave: the payload of data(…) or the plain object. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

const readPlan = async (id: number) => (await apiCall<{ data: PlanRecord }>(`/get-plan-by-id?plan_id=${id}`)).data;
const allPlans = async () => (await apiCall<{ data: PlanRecord[] }>("/get-all-plan")).data;

function formOf(plan: PlanRecord, changes: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "save",
    plan_name: plan.plan_name,
    charge: plan.charge,
    service_fee: plan.service_fee,
    profile_boost: String(plan.profile_boost),
    plan_validity: String(plan.plan_validity),
    max_approval: String(plan.max_approval),
    status: plan.status,
    updated_at: plan.updated_at,
    ...changes,
  };
}

const editUrl = (id: number | string) => `/admin/edit-subscriptions/${id}`;
const callEdit = async (id: number | string, init?: Parameters<typeof requestAs>[2]) =>
  callRoute(editRoute, await requestAs("admin", editUrl(id), init), { planid: String(id) });

/** Makes the API's answer to one path a 500 (the rest passes through), for "cannot be read". */
function failApiPath(path: string) {
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url).pathname.endsWith(path)) return Promise.resolve(new Response("{}", { status: 500 }));
    return real(input, init);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("subscriptions (cards)", () => {
  it("shows every plan as a card with ₹ price, duration and what it gives", async () => {
    const mine = await newPlan({ charge: "1234567.5", plan_validity: 24, profile_boost: 1, max_approval: 1, status: "Inactive" });
    const page = payload(await callRoute(listRoute, await requestAs("admin", "/admin/subscriptions")));
    expect(page.error).toBeNull();
    const pro = page.plans.find((p: { name: string }) => p.name === "Pro");
    expect(pro).toMatchObject({
      price: "₹7,999.00",
      duration: "One Year",
      serviceFee: "10.00 %",
      boosterPoints: "400 booster points",
      approval: "1 day",
      status: "Active",
    });
    expect(pro.heldBy).toMatch(/^Held by \d+ service providers$/);
    const card = page.plans.find((p: { id: number }) => p.id === mine.plan_id);
    expect(card).toEqual({
      id: mine.plan_id,
      name: mine.plan_name,
      price: "₹12,34,567.50",
      duration: "2 Years",
      serviceFee: "12.50 %",
      boosterPoints: "1 booster point",
      approval: "1 day",
      status: "Inactive",
      heldBy: "No service provider holds it",
    });
  });

  it("says Error Fetching plan data when the plans cannot be read", async () => {
    failApiPath("/get-all-plan");
    const result = await callRoute(listRoute, await requestAs("admin", "/admin/subscriptions"));
    expect(statusOf(result)).toBe(503);
    expect(payload(result)).toEqual({ plans: [], sort: null, sortError: null, error: "Error Fetching plan data" });
  });

  it("passes the URL's sort to the API (the Sort by links); a sort it cannot apply is said and the cards stay cheapest first", async () => {
    for (const [sortField, sortOrder] of [
      ["plan_name", "asc"],
      ["charge", "desc"],
      ["plan_validity", "asc"],
      ["status", "desc"],
    ]) {
      const page = payload(
        await callRoute(listRoute, await requestAs("admin", `/admin/subscriptions?sortField=${sortField}&sortOrder=${sortOrder}`)),
      );
      const api = await apiCall<{ data: PlanRecord[] }>(`/get-all-plan?sortField=${sortField}&sortOrder=${sortOrder}`);
      expect(page.sort).toEqual({ field: sortField, order: sortOrder });
      expect(page.sortError).toBeNull();
      expect(page.plans.map((p: { id: number }) => p.id)).toEqual(api.data.map((p) => p.plan_id));
    }
    const refused = payload(
      await callRoute(listRoute, await requestAs("admin", "/admin/subscriptions?sortField=service_fee&sortOrder=asc")),
    );
    expect(refused.sortError).toBe('Sort: this list cannot be sorted by "service_fee".');
    expect(refused.sort).toBeNull();
    expect(refused.plans.map((p: { id: number }) => p.id)).toEqual((await allPlans()).map((p) => p.plan_id));
  });

  it("is for admins with SubscriptionPlan access only", async () => {
    expect(statusOf(await callRoute(listRoute, await requestAs("admin", "/admin/subscriptions")))).toBe(200);
    for (const who of ["support", "catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(listRoute, await requestAs(who, "/admin/subscriptions"))), who).toBe(403);
      expect(statusOf(await callRoute(addRoute, await requestAs(who, "/admin/add-subscriptions"))), who).toBe(403);
    }
    const mine = await newPlan();
    const refused = await callRoute(
      editRoute,
      await requestAs("viewer", editUrl(mine.plan_id), { form: formOf(mine, { status: "Inactive" }) }),
      {
        planid: String(mine.plan_id),
      },
    );
    expect(statusOf(refused)).toBe(403);
    const refusedDelete = await callRoute(editRoute, await requestAs("catalog", editUrl(mine.plan_id), { form: { intent: "delete" } }), {
      planid: String(mine.plan_id),
    });
    expect(statusOf(refusedDelete)).toBe(403);
    const refusedAdd = await callRoute(
      addRoute,
      await requestAs("support", "/admin/add-subscriptions", { form: { intent: "create", plan_name: "x" } }),
    );
    expect(statusOf(refusedAdd)).toBe(403);
    expect(await readPlan(mine.plan_id)).toEqual(mine);
    expectRedirect(await callRoute(listRoute, await requestAs(null, "/admin/subscriptions")), "/admin/login?redirectTo=");
    expectRedirect(
      await callRoute(editRoute, await requestAs(null, editUrl(mine.plan_id)), { planid: String(mine.plan_id) }),
      "/admin/login?redirectTo=",
    );
  });
});

describe("add subscription", () => {
  it("shows each field's message, keeps what was typed and creates nothing", async () => {
    const empty = await callRoute(addRoute, await requestAs("admin", "/admin/add-subscriptions", { form: { intent: "create" } }));
    expect(statusOf(empty)).toBe(400);
    expect(payload(empty).fieldErrors).toEqual({
      plan_name: PLAN_MESSAGES.nameRequired,
      charge: PLAN_MESSAGES.chargeRequired,
      service_fee: PLAN_MESSAGES.feeRequired,
      profile_boost: PLAN_MESSAGES.boostRequired,
      plan_validity: PLAN_MESSAGES.durationRequired,
      max_approval: PLAN_MESSAGES.approvalRequired,
      status: PLAN_MESSAGES.statusRequired,
    });

    const name = `Typed ${suffix()}`;
    const typed = {
      intent: "create",
      plan_name: name,
      charge: "12.345",
      service_fee: "150",
      profile_boost: "-2",
      plan_validity: "2",
      max_approval: "31",
      status: "on",
    };
    const bad = await callRoute(addRoute, await requestAs("admin", "/admin/add-subscriptions", { form: typed }));
    expect(statusOf(bad)).toBe(400);
    expect(payload(bad).fieldErrors).toEqual({
      charge: PLAN_MESSAGES.chargeFormat,
      service_fee: PLAN_MESSAGES.feeFormat,
      profile_boost: PLAN_MESSAGES.boostFormat,
      plan_validity: PLAN_MESSAGES.durationFormat,
      max_approval: PLAN_MESSAGES.approvalFormat,
      status: PLAN_MESSAGES.statusFormat,
    });
    const { intent: _intent, ...kept } = typed;
    expect(payload(bad).repopulateFields).toEqual(kept);
    expect((await allPlans()).some((p) => p.plan_name === name)).toBe(false);
  });

  it("adds a plan (months sent, amount exact) and says New Plan Added Successfully", async () => {
    const name = `Added ${suffix()}`;
    const result = await callRoute(
      addRoute,
      await requestAs("admin", "/admin/add-subscriptions", {
        form: {
          intent: "create",
          plan_name: name,
          charge: "2499.5",
          service_fee: "7.25",
          profile_boost: "250",
          plan_validity: "3",
          max_approval: "10",
          status: "Inactive",
        },
      }),
    );
    const response = expectRedirect(result, "/admin/subscriptions");
    expect(response.headers.get("Location")).toBe("/admin/subscriptions");
    expect(await readToast(response)).toEqual({ type: "success", message: "New Plan Added Successfully" });
    const created = (await allPlans()).find((p) => p.plan_name === name);
    expect(created).toMatchObject({
      charge: "2499.50",
      service_fee: "7.25",
      profile_boost: 250,
      plan_validity: 3,
      max_approval: 10,
      status: "Inactive",
      updated_by: "admin",
    });
  });

  it("shows the API's refusal beside the field (a name in use)", async () => {
    const result = await callRoute(
      addRoute,
      await requestAs("admin", "/admin/add-subscriptions", {
        form: {
          intent: "create",
          plan_name: "ELITE",
          charge: "1",
          service_fee: "1",
          profile_boost: "0",
          plan_validity: "1",
          max_approval: "1",
          status: "Active",
        },
      }),
    );
    expect(statusOf(result)).toBe(400);
    expect(payload(result).fieldErrors).toEqual({ plan_name: "A plan with this name already exists" });
    expect(payload(result).repopulateFields.plan_name).toBe("ELITE");
  });

  it("answers 400 to an unknown intent", async () => {
    const result = await callRoute(addRoute, await requestAs("admin", "/admin/add-subscriptions", { form: { intent: "explode" } }));
    expect(statusOf(result)).toBe(400);
  });
});

describe("edit subscription", () => {
  it("loads the plan prefilled (months as the select's value), with 404 for unknown ids", async () => {
    const plan = await newPlan({ plan_validity: 12 });
    const loaded = payload(await callEdit(plan.plan_id));
    expect(loaded.defaults).toEqual({
      plan_name: plan.plan_name,
      charge: "1499.50",
      service_fee: "12.50",
      profile_boost: "100",
      plan_validity: "12",
      max_approval: "7",
      status: "Active",
      updated_at: plan.updated_at,
    });
    expect(loaded.plan).toMatchObject({ id: plan.plan_id, name: plan.plan_name, heldBy: 0 });
    expect(loaded.deleting).toBe(false);
    expect(payload(await callEdit(plan.plan_id, {})).error).toBeNull();
    const asking = payload(
      await callRoute(editRoute, await requestAs("admin", `${editUrl(plan.plan_id)}?dialog=delete`), { planid: String(plan.plan_id) }),
    );
    expect(asking.deleting).toBe(true);
    for (const id of ["99999999", "abc", "0"]) expect(statusOf(await callEdit(id)), id).toBe(404);
  });

  it("says Error Fetching plan data when the plan cannot be read", async () => {
    const plan = await newPlan();
    failApiPath("/get-plan-by-id");
    const result = await callEdit(plan.plan_id);
    expect(statusOf(result)).toBe(503);
    expect(payload(result)).toMatchObject({ plan: null, error: "Error Fetching plan data" });
  });

  it("says No Change Detected and writes nothing when nothing changed", async () => {
    const plan = await newPlan();
    const result = await callEdit(plan.plan_id, {
      form: formOf(plan, { charge: "1499.5", service_fee: "12.5", plan_name: ` ${plan.plan_name} ` }),
    });
    const response = expectRedirect(result, editUrl(plan.plan_id));
    expect(await readToast(response)).toMatchObject({ type: "info", message: "No Change Detected" });
    expect((await readPlan(plan.plan_id)).updated_at).toBe(plan.updated_at);
  });

  it("saves the changed fields and says Plan Details Updated Successfully", async () => {
    const plan = await newPlan();
    const result = await callEdit(plan.plan_id, { form: formOf(plan, { charge: "999", plan_validity: "24", status: "Inactive" }) });
    const response = expectRedirect(result, editUrl(plan.plan_id));
    expect(response.headers.get("Location")).toBe(editUrl(plan.plan_id));
    expect(await readToast(response)).toEqual({ type: "success", message: "Plan Details Updated Successfully" });
    const after = await readPlan(plan.plan_id);
    expect(after).toMatchObject({
      charge: "999.00",
      plan_validity: 24,
      status: "Inactive",
      service_fee: "12.50",
      plan_name: plan.plan_name,
    });
    expect(after.updated_at).not.toBe(plan.updated_at);
  });

  it("computes only the changed fields against the current plan", () => {
    const current: PlanRecord = {
      plan_id: 1,
      plan_name: "Gold",
      charge: "10.00",
      service_fee: "5.00",
      profile_boost: 1,
      plan_validity: 1,
      max_approval: 1,
      status: "Active",
      held_by: 0,
      created_at: "",
      updated_at: "",
      updated_by: null,
    };
    expect(
      changedPlanFields(current, {
        plan_name: "Gold",
        charge: "10.50",
        service_fee: "5.00",
        profile_boost: 1,
        plan_validity: 3,
        max_approval: 1,
        status: "Active",
      }),
    ).toEqual({ charge: "10.50", plan_validity: 3 });
  });

  it("keeps typed values and shows each message on a bad edit", async () => {
    const plan = await newPlan();
    const result = await callEdit(plan.plan_id, {
      form: formOf(plan, {
        plan_name: "",
        charge: "abc",
        service_fee: "",
        profile_boost: "1.5",
        plan_validity: "One Year",
        max_approval: "0",
        status: "",
      }),
    });
    expect(statusOf(result)).toBe(400);
    expect(payload(result).fieldErrors).toEqual({
      plan_name: PLAN_MESSAGES.nameRequired,
      charge: PLAN_MESSAGES.chargeFormat,
      service_fee: PLAN_MESSAGES.feeRequired,
      profile_boost: PLAN_MESSAGES.boostFormat,
      plan_validity: PLAN_MESSAGES.durationFormat,
      max_approval: PLAN_MESSAGES.approvalFormat,
      status: PLAN_MESSAGES.statusRequired,
    });
    expect(payload(result).repopulateFields).toMatchObject({ charge: "abc", plan_validity: "One Year" });
    expect((await readPlan(plan.plan_id)).updated_at).toBe(plan.updated_at);
  });

  it("shows the API's 400 (a name in use) beside the field", async () => {
    const plan = await newPlan();
    const result = await callEdit(plan.plan_id, { form: formOf(plan, { plan_name: "basic" }) });
    expect(statusOf(result)).toBe(400);
    expect(payload(result).fieldErrors).toEqual({ plan_name: "A plan with this name already exists" });
  });

  it("refuses a stale save, names who changed it, and overwrites nothing", async () => {
    const plan = await newPlan();
    const opened = payload(await callEdit(plan.plan_id));
    await apiCall(`/update-plan?plan_id=${plan.plan_id}`, {
      method: "PUT",
      actingAdmin: "support",
      body: { charge: "1800", updated_at: plan.updated_at },
    });
    const result = await callEdit(plan.plan_id, { form: formOf(plan, { charge: "2000", updated_at: opened.defaults.updated_at }) });
    expect(statusOf(result)).toBe(409);
    const body = payload(result);
    expect(body.formError).toMatch(
      /^support saved this plan at .+, after you opened it\. Nothing was saved\. Your values are still below: Save again to replace theirs, or reload to see theirs\.$/,
    );
    expect(body.conflict.updatedBy).toBe("support");
    expect(body.repopulateFields.charge).toBe("2000");
    // theirs beside yours, and the version to save against is theirs now (Save again replaces them)
    expect(body.theirs).toEqual([{ field: "Plan Amount", theirs: "₹1,800.00", yours: "₹2,000.00" }]);
    const saved = await readPlan(plan.plan_id);
    expect(saved.charge).toBe("1800.00");
    expect(body.repopulateFields.updated_at).toBe(saved.updated_at);
    const again = await callEdit(plan.plan_id, { form: formOf(plan, { charge: "2000", updated_at: body.repopulateFields.updated_at }) });
    expect(expectRedirect(again, editUrl(plan.plan_id)).headers.get("Location")).toBe(editUrl(plan.plan_id));
    expect((await readPlan(plan.plan_id)).charge).toBe("2000.00");
  });

  it("deletes after the confirmation and goes to the cards with Plan Deleted Successfully", async () => {
    const plan = await newPlan();
    const result = await callRoute(
      editRoute,
      await requestAs("admin", `${editUrl(plan.plan_id)}?dialog=delete`, { form: { intent: "delete" } }),
      {
        planid: String(plan.plan_id),
      },
    );
    const response = expectRedirect(result, "/admin/subscriptions");
    expect(response.headers.get("Location")).toBe("/admin/subscriptions");
    expect(await readToast(response)).toEqual({ type: "success", message: "Plan Deleted Successfully" });
    await expect(readPlan(plan.plan_id)).rejects.toBeInstanceOf(ApiCallError);

    const again = await callEdit(plan.plan_id, { form: { intent: "delete" } });
    expect(await readToast(expectRedirect(again, "/admin/subscriptions"))).toEqual({
      type: "error",
      message: "This plan no longer exists.",
    });
  });

  it("refuses to delete a plan providers hold, saying how many, back on the plan", async () => {
    const pro = (await allPlans()).find((p) => p.plan_name === "Pro")!;
    const asking = payload(
      await callRoute(editRoute, await requestAs("admin", `${editUrl(pro.plan_id)}?dialog=delete`), { planid: String(pro.plan_id) }),
    );
    expect(asking.plan.heldBy).toBe(pro.held_by);
    const result = await callEdit(pro.plan_id, { form: { intent: "delete" } });
    const response = expectRedirect(result, editUrl(pro.plan_id));
    expect(response.headers.get("Location")).toBe(editUrl(pro.plan_id));
    expect(await readToast(response)).toEqual({
      type: "error",
      message: `This plan is held by ${pro.held_by} service providers: set it Inactive instead`,
    });
    expect((await readPlan(pro.plan_id)).plan_id).toBe(pro.plan_id);
  });

  it("answers 400 to an unknown intent", async () => {
    const plan = await newPlan();
    expect(statusOf(await callEdit(plan.plan_id, { form: { intent: "explode" } }))).toBe(400);
  });
});
