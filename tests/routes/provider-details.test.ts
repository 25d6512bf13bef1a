import { afterEach, describe, expect, it, vi } from "vitest";
import * as detailsRoute from "~/routes/admin.provider-details.$providerId";
import { historyPage, safeBack, toActivityRows } from "~/services/service-providers/details-query.server";
import type { ActivityRecord, ProviderDetail } from "~contract/service-providers";
import { apiCall, callRoute, requestAs, statusOf, testApi } from "../support/routes";

afterEach(() => {
  vi.restoreAllMocks();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

/** A seeded provider by its exact username (the seed is deterministic). */
async function providerNamed(username: string): Promise<ProviderDetail> {
  const list = await apiCall<{ data: { data: { serviceProvider_id: number; userId: { username: string } }[] } }>(
    `/get-all-serviceProvider?search=${encodeURIComponent(username)}&page_size=50`,
  );
  const row = list.data.data.find((r) => r.userId.username === username);
  if (!row) throw new Error(`no seeded provider ${username}`);
  return (await apiCall<{ data: ProviderDetail }>(`/get-serviceProvider-by-id?serviceProvider_id=${row.serviceProvider_id}`)).data;
}

const path = (id: number, query = "") => `/admin/provider-details/${id}${query}`;

describe("provider details page", () => {
  it("shows the profile, card, documents and history of a provider", async () => {
    const provider = await providerNamed("aarav.sharma1");
    const page = payload(
      await callRoute(detailsRoute, await requestAs("admin", path(provider.serviceProvider_id)), {
        providerId: String(provider.serviceProvider_id),
      }),
    );
    expect(page.provider).toMatchObject({
      id: provider.serviceProvider_id,
      username: "aarav.sharma1",
      firstName: "Aarav",
      lastName: "Sharma",
      email: provider.userId.email,
      phone: provider.userId.phone,
      online: provider.userId.online,
      place: `${provider.city}, ${provider.state}, ${provider.country}`,
      rating: provider.userId.rating,
      categoryName: provider.category?.categoryName ?? null,
      catchyLine: provider.catchyLine,
      boosterPoints: provider.boosterPoints,
      planName: provider.plan?.plan_name ?? null,
    });
    expect(page.provider.languages).toEqual(provider.languageProficiency);
    expect(page.provider.specializations).toEqual(provider.specialization);
    expect(page.provider.publicProfileUrl).toMatch(/^https?:\/\/.+\/profile\/aarav\.sharma1$/);
    expect(page.back).toBe("/admin/service-provider");

    const labels = page.documents.map((d: { label: string }) => d.label);
    expect(labels).toEqual([
      "Address",
      "ProfileDocument_id",
      "profilePhoto",
      "portfolio",
      "companyProfile",
      "websiteLink",
      "created_at",
      "updated_at",
    ]);
    const cell = (label: string) => page.documents.find((d: { label: string }) => d.label === label).cell;
    expect(cell("Address").text).toBe([provider.locality, provider.city, provider.state, provider.country, provider.pincode].join(", "));
    expect(cell("profilePhoto")).toEqual({ kind: "files", names: ["profile-photo-1.jpg"], labels: {} });
    expect(cell("portfolio")).toEqual({ kind: "files", names: ["portfolio-1.jpg", "portfolio-2.jpg"], labels: {} });
    expect(cell("companyProfile")).toEqual({ kind: "files", names: ["pan-card-Document.pdf", "company-profile-Document.pdf"], labels: {} });
    expect(cell("websiteLink").kind).toBe("link");
    expect(cell("created_at").text).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);

    // 6 seeded activities, 2 unreadable: hidden and not counted
    expect(page.history.total).toBe(4);
    expect(page.history.error).toBeNull();
    expect(page.history.pageSize).toBe(10);
    expect(page.history.rows[0].timestamp).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    const updated = page.history.rows.find((r: { count: number }) => r.count === 5);
    expect(updated.names).toBe("languageProficiency, websiteLink, verified, ...");
    expect(page.history.dialog).toBeNull();
  });

  it("gives no plan for a provider without one (shown as Not Selected)", async () => {
    // index 7 of the seed has no plan (i % 8 === 7)
    const provider = await providerNamed("ayaan.kulkarni8");
    const page = payload(
      await callRoute(detailsRoute, await requestAs("admin", path(provider.serviceProvider_id)), {
        providerId: String(provider.serviceProvider_id),
      }),
    );
    expect(page.provider.planName).toBeNull();
  });

  it("opens the Activity Details dialog from the URL", async () => {
    const provider = await providerNamed("aarav.sharma1");
    const id = provider.serviceProvider_id;
    const first = payload(await callRoute(detailsRoute, await requestAs("admin", path(id)), { providerId: String(id) }));
    const upload = first.history.rows.find((r: { category: string }) => r.category === "File Upload");
    const page = payload(
      await callRoute(detailsRoute, await requestAs("admin", path(id, `?activity=${upload.id}`)), { providerId: String(id) }),
    );
    expect(page.history.dialog).toMatchObject({ id: upload.id, status: "updated", count: 2 });
    expect(page.history.dialog.changes).toEqual([
      { field: "portfolio", old: "1 file", new: "2 files", fileUpload: true },
      { field: "companyProfile", old: "N/A", new: "1 file", fileUpload: true },
    ]);
    const noChanges = first.history.rows.find((r: { category: string }) => r.category === "no_changes");
    const empty = payload(
      await callRoute(detailsRoute, await requestAs("admin", path(id, `?activity=${noChanges.id}`)), { providerId: String(id) }),
    );
    expect(empty.history.dialog).toMatchObject({ status: "no_changes", count: 0, changes: [] });
    // an unknown or unreadable activity opens nothing
    const none = payload(await callRoute(detailsRoute, await requestAs("admin", path(id, "?activity=abc")), { providerId: String(id) }));
    expect(none.history.dialog).toBeNull();
  });

  it("says so in the section when the activities cannot be loaded", async () => {
    const provider = await providerNamed("aarav.sharma1");
    const id = provider.serviceProvider_id;
    const realFetch = globalThis.fetch;
    const api = testApi().url;
    // the activity tracker is down; the rest of the API answers
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.startsWith(api) && url.includes("/activity_tracker/")) return Promise.resolve(new Response("{}", { status: 503 }));
      return realFetch(input, init);
    });
    const page = payload(await callRoute(detailsRoute, await requestAs("admin", path(id)), { providerId: String(id) }));
    expect(page.provider.username).toBe("aarav.sharma1");
    expect(page.history.error).toMatch(/^The profile update activities could not be loaded: The marketplace API is not answering/);
    expect(page.history.rows).toEqual([]);
  });

  it("pages the history 10 at a time from the URL", async () => {
    const provider = await providerNamed("aarav.sharma1");
    const id = provider.serviceProvider_id;
    const past = payload(await callRoute(detailsRoute, await requestAs("admin", path(id, "?activity_page=9")), { providerId: String(id) }));
    expect(past.history.page).toBe(1);
    const records: ActivityRecord[] = Array.from({ length: 25 }, (_, i) => ({
      id: i + 1,
      activity_timestamp: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
      activity_category: "updated",
      details: i === 3 ? "not json" : JSON.stringify({ updated_fields: { city: { old: "A", new: `B${i}` } } }),
    }));
    const rows = toActivityRows(records);
    expect(rows).toHaveLength(24);
    expect(historyPage(rows, null)).toMatchObject({ page: 1, total: 24 });
    expect(historyPage(rows, 2).rows.map((r) => r.id)).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    expect(historyPage(rows, 3).rows).toHaveLength(4);
    expect(historyPage(rows, 99).page).toBe(3);
  });

  it("keeps the list's query string in the back link, and only the list's", async () => {
    expect(safeBack("/admin/service-provider?page=3&search=aarav")).toBe("/admin/service-provider?page=3&search=aarav");
    expect(safeBack("/admin/service-provider")).toBe("/admin/service-provider");
    for (const bad of [
      "https://evil.example/admin/service-provider",
      "//evil.example",
      "/admin/category",
      "/admin/service-provider-bank-details",
      "/\\evil",
      null,
      "",
    ]) {
      expect(safeBack(bad)).toBe("/admin/service-provider");
    }
    const provider = await providerNamed("aarav.sharma1");
    const back = encodeURIComponent("/admin/service-provider?page=2&sortField=username&sortOrder=asc");
    const page = payload(
      await callRoute(detailsRoute, await requestAs("admin", path(provider.serviceProvider_id, `?back=${back}`)), {
        providerId: String(provider.serviceProvider_id),
      }),
    );
    expect(page.back).toBe("/admin/service-provider?page=2&sortField=username&sortOrder=asc");
  });

  it("answers 404 for an unknown provider and a bad id", async () => {
    for (const id of ["999999999", "abc", "0", "-1", "1.5", "12345678901"]) {
      const result = await callRoute(detailsRoute, await requestAs("admin", `/admin/provider-details/${id}`), { providerId: id });
      expect(statusOf(result), id).toBe(404);
    }
  });

  it("refuses admins without ServiceProvider access", async () => {
    const provider = await providerNamed("aarav.sharma1");
    for (const who of ["catalog", "viewer"] as const) {
      const request = await requestAs(who, path(provider.serviceProvider_id));
      expect(statusOf(await callRoute(detailsRoute, request, { providerId: String(provider.serviceProvider_id) }))).toBe(403);
      const post = await requestAs(who, path(provider.serviceProvider_id), { form: { intent: "update-points", boosterPoints: "5" } });
      expect(statusOf(await callRoute(detailsRoute, post, { providerId: String(provider.serviceProvider_id) }))).toBe(403);
    }
  });
});

describe("Update Points", () => {
  it("sets the booster points with a reason: the difference is a history row (issue 8), the total its sum", async () => {
    const provider = await providerNamed("kavya.gupta19");
    const id = String(provider.serviceProvider_id);
    const value = provider.boosterPoints + 17;
    const result = await callRoute(
      detailsRoute,
      await requestAs("admin", path(provider.serviceProvider_id, "?activity_page=1"), {
        form: { intent: "update-points", boosterPoints: String(value), reason: "Top rated in March" },
      }),
      { providerId: id },
    );
    expect(result).toHaveRedirect(`/admin/provider-details/${id}?activity_page=1`);
    await expect(result).toSendToast({ type: "success", message: "Booster Points Updated Successfully" });
    const after = (await apiCall<{ data: ProviderDetail }>(`/get-serviceProvider-by-id?serviceProvider_id=${id}`)).data;
    expect(after.boosterPoints).toBe(value);

    const page = payload(await callRoute(detailsRoute, await requestAs("admin", path(provider.serviceProvider_id)), { providerId: id }));
    expect(page.booster.error).toBeNull();
    expect(page.booster.rows[0]).toMatchObject({
      points: 17,
      kind: "Grant",
      reason: "Top rated in March",
      by: "admin",
      when: expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/),
    });
    expect(page.booster.total).toBe(value);
    expect(page.booster.rows.reduce((sum: number, row: { points: number }) => sum + row.points, 0)).toBe(value);

    // lower: a correction, by whoever did it
    await callRoute(
      detailsRoute,
      await requestAs("support", path(provider.serviceProvider_id), {
        form: { intent: "update-points", boosterPoints: String(value - 7), reason: "Counted a booking twice" },
      }),
      { providerId: id },
    );
    const lowered = payload(await callRoute(detailsRoute, await requestAs("admin", path(provider.serviceProvider_id)), { providerId: id }));
    expect(lowered.booster.rows[0]).toMatchObject({ points: -7, kind: "Correction", reason: "Counted a booking twice", by: "support" });
    expect(lowered.booster.total).toBe(value - 7);
  });

  it("needs a reason: refused beside the field, typed values kept, nothing changed", async () => {
    const provider = await providerNamed("kavya.gupta19");
    const id = String(provider.serviceProvider_id);
    const before = (await apiCall<{ data: ProviderDetail }>(`/get-serviceProvider-by-id?serviceProvider_id=${id}`)).data.boosterPoints;
    const result = await callRoute(
      detailsRoute,
      await requestAs("admin", path(provider.serviceProvider_id), {
        form: { intent: "update-points", boosterPoints: String(before + 5), reason: "  " },
      }),
      { providerId: id },
    );
    expect(statusOf(result)).toBe(400);
    expect(payload(result)).toMatchObject({
      fieldErrors: { reason: "Reason is required" },
      repopulateFields: { boosterPoints: String(before + 5) },
    });
    expect(payload(result).fieldErrors.boosterPoints).toBeUndefined();
    expect((await apiCall<{ data: ProviderDetail }>(`/get-serviceProvider-by-id?serviceProvider_id=${id}`)).data.boosterPoints).toBe(
      before,
    );
  });

  it("refuses a bad value beside the input and changes nothing", async () => {
    const provider = await providerNamed("kavya.gupta19");
    const id = String(provider.serviceProvider_id);
    const before = (await apiCall<{ data: ProviderDetail }>(`/get-serviceProvider-by-id?serviceProvider_id=${id}`)).data.boosterPoints;
    const cases: [string, RegExp][] = [
      ["-5", /cannot be negative/],
      ["abc", /must be a number/],
      ["", /required/],
      ["2.5", /whole number/],
      ["99999999999", /out of range/],
    ];
    for (const [value, message] of cases) {
      const result = await callRoute(
        detailsRoute,
        await requestAs("admin", path(provider.serviceProvider_id), {
          form: { intent: "update-points", boosterPoints: value, reason: "Checking" },
        }),
        { providerId: id },
      );
      expect(statusOf(result), value).toBe(400);
      expect(payload(result).fieldErrors.boosterPoints, value).toMatch(message);
      expect(payload(result).repopulateFields.boosterPoints).toBe(value);
    }
    const after = (await apiCall<{ data: ProviderDetail }>(`/get-serviceProvider-by-id?serviceProvider_id=${id}`)).data.boosterPoints;
    expect(after).toBe(before);
  });

  it("answers 400 to an unknown intent and 404 to an unknown provider", async () => {
    const provider = await providerNamed("kavya.gupta19");
    const id = String(provider.serviceProvider_id);
    expect(
      statusOf(
        await callRoute(detailsRoute, await requestAs("admin", path(provider.serviceProvider_id), { form: { intent: "nope" } }), {
          providerId: id,
        }),
      ),
    ).toBe(400);
    const unknown = await callRoute(
      detailsRoute,
      await requestAs("admin", "/admin/provider-details/999999999", { form: { intent: "update-points", boosterPoints: "3", reason: "x" } }),
      { providerId: "999999999" },
    );
    expect(statusOf(unknown)).toBe(404);
  });
});
