import { afterAll, beforeAll, expect, it } from "vitest";
import { createApi } from "../../api/src/app";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get } from "./helpers";

describeEachDriver("test fixtures (e2e only)", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  it("are absent unless asked for: the API the admin runs answers 404", async () => {
    const answer = await call(api, "POST", "/test-fixtures/orders", { body: { serviceType: "Service", status: "Pending" } });
    expect(answer.status).toBe(404);
  });

  it("copy a demo order of a type and status, with its payments and consultation, under a new short id", async () => {
    const app = createApi({ db: api.db, apiKey: api.apiKey, apiKeyHeader: api.apiKeyHeader, testFixtures: true });
    const make = async (body: object) => {
      const answer = await app.request("/test-fixtures/orders", {
        method: "POST",
        headers: { [api.apiKeyHeader]: api.apiKey, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(201);
      return ((await answer.json()) as { data: { order_id: number; short_id: string; payments: { payment_status: string }[] } }).data;
    };
    const [a, b] = await Promise.all([
      make({ serviceType: "Consultation", status: "Scheduled" }),
      make({ serviceType: "Consultation", status: "Scheduled" }),
    ]);
    expect(a.short_id).not.toBe(b.short_id);
    expect(Number(a.short_id.slice(3))).toBeGreaterThan(56);
    const detail = (await get(api, "/get-order-detail", { query: { order_id: a.order_id } })).body.data.data;
    expect(detail).toMatchObject({ short_id: a.short_id, serviceType: "Consultation", status: "Scheduled" });
    expect(detail.consultation.consultationDetails.selectedSlot.startTime).toEqual(expect.any(String));
    const paid = await make({ serviceType: "Service", status: "Completed", variant: 1 });
    expect(paid.payments.map((p) => p.payment_status)).toEqual(["PAYMENT_SUCCESS"]);
    const bad = await app.request("/test-fixtures/orders", {
      method: "POST",
      headers: { [api.apiKeyHeader]: api.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ serviceType: "Nope", status: "Pending" }),
    });
    expect(bad.status).toBe(400);

    const provider = await app.request("/test-fixtures/providers", {
      method: "POST",
      headers: { [api.apiKeyHeader]: api.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ variant: 2 }),
    });
    expect(provider.status).toBe(201);
    const copy = ((await provider.json()) as { data: { serviceProvider_id: number; username: string } }).data;
    const providerDetail = (await get(api, "/get-serviceProvider-by-id", { query: { serviceProvider_id: copy.serviceProvider_id } })).body
      .data;
    expect(providerDetail.userId.username).toBe(copy.username);
    const template = (await get(api, "/get-all-serviceProvider", { query: { page_size: 3 } })).body.data.data;
    // a search for the demo provider's name does not find its copy
    for (const row of template) {
      const found = (await get(api, "/get-all-serviceProvider", { query: { search: row.userId.username } })).body.data.data;
      expect(found.map((r: { serviceProvider_id: number }) => r.serviceProvider_id)).not.toContain(copy.serviceProvider_id);
    }
  });
});
