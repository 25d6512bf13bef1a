import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BOOSTING_MESSAGES } from "~contract/booster-points";
import { BoostingHistory } from "~contract/service-providers";
import { MIGRATIONS_FOLDER } from "../../api/src/db/client";
import { boostingPoints, serviceProviders } from "../../api/src/db/schema";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed, providersOffTheirHistory } from "./helpers";

const history = async (api: TestApi, id: number) =>
  parsed(BoostingHistory, (await get(api, `/points/get-boosting-point-history/${id}`)).body);
const storedTotal = async (api: TestApi, id: number) =>
  (
    await api.db.select({ total: serviceProviders.boosterPoints }).from(serviceProviders).where(eq(serviceProviders.serviceProvider_id, id))
  )[0].total;
const sum = (rows: { points: number }[]) => rows.reduce((total, row) => total + row.points, 0);

describeEachDriver("booster points: every change is a history row, the total is their sum", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  it("the demo data is consistent: every stored total is its history's sum", async () => {
    expect(await providersOffTheirHistory(api.db)).toEqual([]);
    // the seed's negative rows are corrections
    const negatives = await api.db
      .select()
      .from(boostingPoints)
      .where(sql`${boostingPoints.points} < 0`);
    expect(negatives.length).toBeGreaterThan(0);
    expect(new Set(negatives.map((row) => row.kind))).toEqual(new Set(["correction"]));
  });

  it("Update Points on the details page records the difference, with who, when and why (issue 8: set 160 over a history of 150)", async () => {
    const id = 7;
    await call(api, "PUT", "/update-booster-points", {
      query: { serviceProvider_id: id },
      body: { boosterPoints: 150, reason: "Start at 150" },
    });
    expect((await history(api, id)).total_booster_points).toBe(150);

    const started = Date.now();
    const answer = await call(api, "PUT", "/update-booster-points", {
      query: { serviceProvider_id: id },
      body: { boosterPoints: 160, reason: "Festival bonus" },
      actingAdmin: 2,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.boosterPoints).toBe(160);
    const after = await history(api, id);
    expect(after.total_booster_points).toBe(160);
    expect(sum(after.booster_points_history)).toBe(160);
    expect(after.booster_points_history[0]).toMatchObject({ points: 10, kind: "grant", reason: "Festival bonus", created_by: "support" });
    expect(Date.parse(after.booster_points_history[0].created_at)).toBeGreaterThanOrEqual(started - 1000);
    expect(await storedTotal(api, id)).toBe(160);

    // lower: a correction of the difference
    await call(api, "PUT", "/update-booster-points", {
      query: { serviceProvider_id: id },
      body: { boosterPoints: 100, reason: "Bonus given twice" },
    });
    const lowered = await history(api, id);
    expect(lowered.booster_points_history[0]).toMatchObject({
      points: -60,
      kind: "correction",
      reason: "Bonus given twice",
      created_by: "admin",
    });
    expect(lowered.total_booster_points).toBe(100);
    expect(sum(lowered.booster_points_history)).toBe(100);

    // the same total again: nothing to record
    await call(api, "PUT", "/update-booster-points", { query: { serviceProvider_id: id }, body: { boosterPoints: 100, reason: "Same" } });
    expect((await history(api, id)).booster_points_history).toHaveLength(lowered.booster_points_history.length);
  });

  it("a reason is required, and the total never goes below 0 (400 naming the field, nothing saved)", async () => {
    const id = 8;
    const before = await history(api, id);
    const noReason = await call(api, "PUT", "/update-booster-points", { query: { serviceProvider_id: id }, body: { boosterPoints: 5 } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toBe("Reason is required");
    const blank = await call(api, "POST", "/points/create-boosting-point", { body: { service_provider: id, points: 5, reason: "  " } });
    expect(blank.body.errors.reason).toBe("Reason is required");

    const belowZero = await call(api, "POST", "/points/create-boosting-point", {
      body: { service_provider: id, points: -(before.total_booster_points + 1), reason: "Too much", kind: "correction" },
    });
    expect(belowZero.status).toBe(400);
    expect(belowZero.body.errors.points).toBe(BOOSTING_MESSAGES.belowZero);
    const negativeTotal = await call(api, "PUT", "/update-booster-points", {
      query: { serviceProvider_id: id },
      body: { boosterPoints: -1, reason: "x" },
    });
    expect(negativeTotal.status).toBe(400);
    expect(negativeTotal.body.errors.boosterPoints).toBeTruthy();
    expect(await history(api, id)).toEqual(before);
    expect(await storedTotal(api, id)).toBe(before.total_booster_points);
  });

  it("taking points away is only a correction", async () => {
    const id = 9;
    await call(api, "POST", "/points/create-boosting-point", {
      body: { service_provider: id, points: 40, reason: "Welcome", kind: "grant" },
    });
    const grant = await call(api, "POST", "/points/create-boosting-point", {
      body: { service_provider: id, points: -10, reason: "Oops", kind: "grant" },
    });
    expect(grant.status).toBe(400);
    expect(grant.body.errors.points).toBe(BOOSTING_MESSAGES.negativeGrant);

    const correction = await call(api, "POST", "/points/create-boosting-point", {
      body: { service_provider: id, points: -10, reason: "Counted twice", kind: "correction" },
    });
    expect(correction.status).toBe(201);
    expect(correction.body.data).toMatchObject({ points: -10, kind: "correction", created_by: "admin" });
    // without a kind (the spec's body), taking away is recorded as a correction
    const implicit = await call(api, "POST", "/points/create-boosting-point", {
      body: { service_provider: id, points: -5, reason: "Also twice" },
    });
    expect(implicit.body.data.kind).toBe("correction");
    // a correction may also add
    const up = await call(api, "POST", "/points/create-boosting-point", {
      body: { service_provider: id, points: 3, reason: "Under-counted", kind: "correction" },
    });
    expect(up.body.data).toMatchObject({ points: 3, kind: "correction" });
    const after = await history(api, id);
    expect(after.total_booster_points).toBe(sum(after.booster_points_history));
    expect(up.body.total_booster_points).toBe(after.total_booster_points);
    expect(await storedTotal(api, id)).toBe(after.total_booster_points);
  });

  it("the database refuses a negative total and a grant that takes away", async () => {
    await expect(
      api.db.update(serviceProviders).set({ boosterPoints: -1 }).where(eq(serviceProviders.serviceProvider_id, 10)),
    ).rejects.toThrow();
    await expect(api.db.insert(boostingPoints).values({ service_provider: 10, points: -1, reason: "x", kind: "grant" })).rejects.toThrow();
  });

  it("migration 0005 records an opening balance where a stored total differs from its history", async () => {
    const id = 11;
    const before = await history(api, id);
    // what the old "Update Points" did: a total set without a row
    await api.db
      .update(serviceProviders)
      .set({ boosterPoints: before.total_booster_points + 10 })
      .where(eq(serviceProviders.serviceProvider_id, id));
    expect(await providersOffTheirHistory(api.db)).toHaveLength(1);

    const migration = readFileSync(`${MIGRATIONS_FOLDER}/0005_booster_points_history.sql`, "utf8").split("--> statement-breakpoint");
    const opening = migration.find((statement) => statement.includes('INSERT INTO "boosting_points"'));
    expect(opening).toBeDefined();
    await api.db.execute(sql.raw(opening!));

    expect(await providersOffTheirHistory(api.db)).toEqual([]);
    const after = await history(api, id);
    expect(after.booster_points_history[0]).toMatchObject({ points: 10, kind: "opening", created_by: null });
    expect(after.total_booster_points).toBe(before.total_booster_points + 10);
  });
});
