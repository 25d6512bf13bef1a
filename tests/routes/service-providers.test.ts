import { beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "~/routes/admin.service-provider";
import * as emailRoute from "~/routes/admin.service-provider.send-email";
import type { ProviderListRow } from "~contract/service-providers";
import { fromJsonText, type JsonText } from "~/models/json-text";
import { apiCall, ApiCallError, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";

/** What a loader/action gave: the payload of data(…) or the plain object; the list's rows read as the page reads them (one JSON text). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  const given = result && typeof result === "object" && "data" in result && "init" in result ? (result as { data: unknown }).data : result;
  if (given && typeof given === "object" && "rows" in given && typeof given.rows === "string") {
    return { ...given, rows: fromJsonText(given.rows as JsonText<unknown[]>) };
  }
  return given;
}

type ListAnswer = { data: { data: ProviderListRow[] }; total_results: number };

async function apiList(query = ""): Promise<ListAnswer> {
  return apiCall<ListAnswer>(`/get-all-serviceProvider?page_size=200&${query}`);
}

async function readProvider(id: number): Promise<ProviderListRow> {
  return (await apiCall<{ data: ProviderListRow }>(`/get-serviceProvider-by-id?serviceProvider_id=${id}`)).data;
}

// Each test takes its own seeded provider, picked by position in id order, so that no test here
// depends on what an earlier one changed.
let seeded: ProviderListRow[] = [];
const provider = (index: number) => {
  const p = seeded[index];
  if (!p) throw new Error(`no seeded provider #${index}`);
  return p;
};

beforeAll(async () => {
  seeded = (await apiList()).data.data.sort((a, b) => a.serviceProvider_id - b.serviceProvider_id);
});

const LIST = "/admin/service-provider";

describe("service providers list", () => {
  it("pages 50 by default and reads page and page size from the URL", async () => {
    const first = payload(await callRoute(listRoute, await requestAs("admin", LIST)));
    expect(first.pageSize).toBe(50);
    expect(first.page).toBe(1);
    expect(first.rows.length).toBe(Math.min(50, first.total));
    expect(first.total).toBeGreaterThanOrEqual(50);
    expect(first.rows[0].regDate).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);

    const second = payload(await callRoute(listRoute, await requestAs("admin", `${LIST}?page=2&page_size=25`)));
    expect(second.page).toBe(2);
    expect(second.pageSize).toBe(25);
    const firstPage = payload(await callRoute(listRoute, await requestAs("admin", `${LIST}?page_size=25`)));
    const ids = new Set(firstPage.rows.map((r: { id: number }) => r.id));
    expect(second.rows.some((r: { id: number }) => ids.has(r.id))).toBe(false);

    const bad = payload(await callRoute(listRoute, await requestAs("admin", `${LIST}?page=abc&page_size=7`)));
    expect([bad.page, bad.pageSize]).toEqual([1, 50]);
    expectRedirect(await callRoute(listRoute, await requestAs("admin", `${LIST}?page=999&search=x`)), `${LIST}?page=`);
  });

  it("passes filters, search and sort to the API and answers with what it found", async () => {
    const plan = payload(await callRoute(listRoute, await requestAs("admin", `${LIST}?plan=Pro&status=Active&page_size=100`)));
    expect(plan.rows.length).toBeGreaterThan(0);
    expect(plan.rows.every((r: { plan: string; status: string }) => r.plan === "Pro" && r.status === "Active")).toBe(true);
    expect(plan.filtered).toBe(true);
    expect(plan.total).toBe((await apiList("plan=Pro&status=Active")).total_results);

    const stage = payload(
      await callRoute(listRoute, await requestAs("admin", `${LIST}?stage=Pending&verification=Verified&page_size=100`)),
    );
    expect(stage.rows.every((r: { stage: string; verified: boolean }) => r.stage === "Pending" && r.verified)).toBe(true);

    const target = provider(3);
    const search = payload(await callRoute(listRoute, await requestAs("admin", `${LIST}?search=${target.userId.username}`)));
    expect(search.rows.map((r: { id: number }) => r.id)).toEqual([target.serviceProvider_id]);
    expect(search.filters.search).toBe(target.userId.username);

    const sorted = payload(await callRoute(listRoute, await requestAs("admin", `${LIST}?sortField=username&sortOrder=asc&page_size=100`)));
    const names = sorted.rows.map((r: { username: string }) => r.username);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(sorted.sort).toEqual({ field: "username", order: "asc" });
    const desc = payload(await callRoute(listRoute, await requestAs("admin", `${LIST}?sortField=username&sortOrder=desc&page_size=100`)));
    // other tests of this worker may add providers: the first page each way, not the whole list
    const descNames = desc.rows.map((r: { username: string }) => r.username);
    expect(descNames).toEqual([...descNames].sort((a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(descNames[0] >= names[names.length - 1]).toBe(true);

    const future = payload(await callRoute(listRoute, await requestAs("admin", `${LIST}?start_date=2999-01-01`)));
    expect(future.total).toBe(0);

    // parent category: the options are the top-level categories; filtering by one narrows the list
    expect(plan.categoryOptions.length).toBeGreaterThan(0);
    const withCategory = seeded.find((p) => p.category);
    const option = plan.categoryOptions[0].value;
    const byCategory = payload(await callRoute(listRoute, await requestAs("admin", `${LIST}?parentCategory=${option}&page_size=100`)));
    expect(byCategory.total).toBe((await apiList(`parentCategory=${option}`)).total_results);
    expect(withCategory).toBeTruthy();
  });

  it("explains bad filters instead of failing", async () => {
    const badDate = await callRoute(listRoute, await requestAs("admin", `${LIST}?start_date=2024-13-45&plan=Gold`));
    expect(statusOf(badDate)).toBe(400);
    const errors = payload(badDate).filterErrors.join(" ");
    expect(errors).toMatch(/Registration From Date .* is not a date/);
    expect(errors).toMatch(/Plan: choose a value/);
    expect(payload(badDate).rows.length).toBeGreaterThan(0);
  });

  it("toggles the status: without JS a redirect back with the toast, with JS data in place", async () => {
    const target = provider(40);
    const url = `${LIST}?search=${target.userId.username}&page_size=25`;
    const next = target.userId.status === "Active" ? "Inactive" : "Active";
    const result = await callRoute(
      listRoute,
      await requestAs("admin", url, {
        form: { intent: `toggle-status:${target.serviceProvider_id}:${target.userId.id}:${next}` },
      }),
    );
    const response = expectRedirect(result, LIST);
    expect(response.headers.get("Location")).toBe(url);
    expect(await readToast(response)).toMatchObject({ type: "success", message: "Status updated successfully" });
    expect((await readProvider(target.serviceProvider_id)).userId.status).toBe(next);

    const back = next === "Active" ? "Inactive" : "Active";
    const fetched = await callRoute(
      listRoute,
      await requestAs("admin", url, {
        form: { intent: `toggle-status:${target.serviceProvider_id}:${target.userId.id}:${back}`, _fetch: "1" },
      }),
    );
    expect(statusOf(fetched)).toBe(200);
    expect(payload(fetched)).toMatchObject({ ok: true, message: "Status updated successfully" });
    expect((await readProvider(target.serviceProvider_id)).userId.status).toBe(back);
  });

  it("acts on the button's own value only: the table's one form carries no other row's or toggle's value", async () => {
    // the list posts every row's buttons from one form; the button's value (its intent) names the
    // row and the value it sets, and changes that field only
    const target = provider(48);
    const before = await readProvider(target.serviceProvider_id);
    const rowForm = (intent: "toggle-pro" | "toggle-verified") => ({
      intent:
        intent === "toggle-pro"
          ? `toggle-pro:${target.serviceProvider_id}:${!before.is_pro}`
          : `toggle-verified:${target.serviceProvider_id}:${target.userId.id}:${!before.userId.verified}`,
    });
    await expect(await callRoute(listRoute, await requestAs("admin", LIST, { form: rowForm("toggle-pro") }))).toSendToast({
      message: "Updated!",
    });
    let now = await readProvider(target.serviceProvider_id);
    expect([now.is_pro, now.userId.verified, now.userId.status]).toEqual([!before.is_pro, before.userId.verified, before.userId.status]);
    await expect(await callRoute(listRoute, await requestAs("admin", LIST, { form: rowForm("toggle-verified") }))).toSendToast({
      type: "success",
    });
    now = await readProvider(target.serviceProvider_id);
    expect([now.userId.verified, now.userId.status]).toEqual([!before.userId.verified, before.userId.status]);
  });

  it("sets Active from Hold", async () => {
    const held = seeded.slice(20, 60).find((p) => p.userId.status === "Hold");
    expect(held).toBeTruthy();
    const result = await callRoute(
      listRoute,
      await requestAs("admin", LIST, {
        form: { intent: `toggle-status:${held!.serviceProvider_id}:${held!.userId.id}:Active` },
      }),
    );
    await expect(result).toSendToast({ message: "Status updated successfully" });
    expect((await readProvider(held!.serviceProvider_id)).userId.status).toBe("Active");
  });

  it("verifies and un-verifies", async () => {
    const target = provider(41);
    const form = (verified: boolean, userId = target.userId.id) => ({
      intent: `toggle-verified:${target.serviceProvider_id}:${userId}:${verified}`,
    });
    await expect(await callRoute(listRoute, await requestAs("admin", LIST, { form: form(true) }))).toSendToast({
      type: "success",
      message: "Service Provider verified successfully",
    });
    expect((await readProvider(target.serviceProvider_id)).userId.verified).toBe(true);
    await expect(await callRoute(listRoute, await requestAs("admin", LIST, { form: form(false) }))).toSendToast({
      message: "Service Provider unverified successfully",
    });
    expect((await readProvider(target.serviceProvider_id)).userId.verified).toBe(false);

    const unknown = await callRoute(listRoute, await requestAs("admin", LIST, { form: form(true, 99999999) }));
    await expect(unknown).toSendToast({ type: "error", message: "Some error occurred" });
  });

  it("refreshes the refresh date", async () => {
    const target = provider(42);
    const before = (await readProvider(target.serviceProvider_id)).refresh_at;
    const result = await callRoute(listRoute, await requestAs("admin", LIST, { form: { intent: `refresh:${target.serviceProvider_id}` } }));
    await expect(result).toSendToast({ type: "success", message: "Service Provider refreshed successfully" });
    const after = (await readProvider(target.serviceProvider_id)).refresh_at;
    expect(after).not.toBe(before);
    expect(Date.now() - Date.parse(after!)).toBeLessThan(60_000);
  });

  it("toggles Pro: Updated! as a toast without JS, beside the button with JS", async () => {
    const target = provider(43);
    const form = (isPro: boolean, extra: Record<string, string> = {}, id = target.serviceProvider_id) => ({
      intent: `toggle-pro:${id}:${isPro}`,
      ...extra,
    });
    const plain = await callRoute(listRoute, await requestAs("admin", LIST, { form: form(!target.is_pro) }));
    await expect(plain).toSendToast({ type: "success", message: "Updated!" });
    expect((await readProvider(target.serviceProvider_id)).is_pro).toBe(!target.is_pro);

    const fetched = await callRoute(listRoute, await requestAs("admin", LIST, { form: form(target.is_pro, { _fetch: "1" }) }));
    expect(payload(fetched)).toMatchObject({ intent: "toggle-pro", ok: true, message: "Updated!" });
    expect(await readToast(fetched as Response).catch(() => null)).toBeNull();
    expect((await readProvider(target.serviceProvider_id)).is_pro).toBe(target.is_pro);

    const missing = await callRoute(listRoute, await requestAs("admin", LIST, { form: form(true, { _fetch: "1" }, 99999999) }));
    expect(payload(missing)).toMatchObject({ ok: false, message: "Failed to update" });
  });

  it("saves the admin rating within 10–50 and refuses anything else beside the input", async () => {
    const target = provider(44);
    for (const value of ["60", "9.5", "", "abc"]) {
      const result = await callRoute(
        listRoute,
        await requestAs("admin", LIST, { form: { intent: `rating:${target.serviceProvider_id}`, admin_rating: value } }),
      );
      expect(statusOf(result)).toBe(400);
      expect(payload(result)).toMatchObject({
        intent: "rating",
        id: target.serviceProvider_id,
        ok: false,
        message: "Rating must be between 10 and 50",
        value,
      });
    }
    expect((await readProvider(target.serviceProvider_id)).admin_rating).toBe(target.admin_rating);

    const value = target.admin_rating === 33 ? "34" : "33";
    const saved = await callRoute(
      listRoute,
      await requestAs("admin", LIST, { form: { intent: `rating:${target.serviceProvider_id}`, admin_rating: value } }),
    );
    await expect(saved).toSendToast({ type: "success", message: "Saved!" });
    expect((await readProvider(target.serviceProvider_id)).admin_rating).toBe(Number(value));

    const fetched = await callRoute(
      listRoute,
      await requestAs("admin", LIST, {
        form: { intent: `rating:${target.serviceProvider_id}`, admin_rating: "12.5", _fetch: "1" },
      }),
    );
    expect(payload(fetched)).toMatchObject({ ok: true, message: "Saved!" });
    expect((await readProvider(target.serviceProvider_id)).admin_rating).toBe(12.5);
  });

  it("asks before deleting, then deletes and returns to the same list", async () => {
    const target = provider(45);
    const url = `${LIST}?page_size=25&sortField=username&sortOrder=asc`;
    const dialog = payload(await callRoute(listRoute, await requestAs("admin", `${url}&dialog=delete&id=${target.serviceProvider_id}`)));
    expect(dialog.deleteDialog).toEqual({ id: target.serviceProvider_id, username: target.userId.username });

    const result = await callRoute(
      listRoute,
      await requestAs("admin", url, { form: { intent: "delete", id: String(target.serviceProvider_id) } }),
    );
    const response = expectRedirect(result, LIST);
    expect(response.headers.get("Location")).toBe(url);
    expect(await readToast(response)).toMatchObject({ type: "success", message: "Service Provider deleted successfully" });
    await expect(readProvider(target.serviceProvider_id)).rejects.toBeInstanceOf(ApiCallError);

    const again = await callRoute(
      listRoute,
      await requestAs("admin", url, { form: { intent: "delete", id: String(target.serviceProvider_id) } }),
    );
    await expect(again).toSendToast({ type: "error", message: "Some error occurred" });
  });

  it("adds boosting points: both fields required, history and total shown", async () => {
    const target = provider(46);
    const url = `${LIST}?dialog=boost&id=${target.serviceProvider_id}`;
    const opened = payload(await callRoute(listRoute, await requestAs("admin", url)));
    expect(opened.boostDialog).toMatchObject({ id: target.serviceProvider_id, username: target.userId.username, historyError: null });
    const total = opened.boostDialog.total;

    const missing = await callRoute(
      listRoute,
      await requestAs("admin", url, { form: { intent: "boost", id: String(target.serviceProvider_id), points: "25", reason: " " } }),
    );
    expect(statusOf(missing)).toBe(400);
    expect(payload(missing).fieldErrors.reason).toBe("Reason is required");
    expect(payload(missing).repopulateFields).toEqual({ points: "25", reason: " ", kind: "" });
    const noPoints = await callRoute(
      listRoute,
      await requestAs("admin", url, { form: { intent: "boost", id: String(target.serviceProvider_id), points: "", reason: "Kept" } }),
    );
    expect(payload(noPoints).fieldErrors.points).toBe("Points are required");
    expect((await readProvider(target.serviceProvider_id)).boosterPoints).toBe(total);

    const saved = await callRoute(
      listRoute,
      await requestAs("admin", url, {
        form: { intent: "boost", id: String(target.serviceProvider_id), points: "25", reason: "Route test" },
      }),
    );
    const response = expectRedirect(saved, LIST);
    expect(response.headers.get("Location")).toBe(LIST);
    expect(await readToast(response)).toMatchObject({ type: "success", message: "Boosting point updated successfully" });
    const after = payload(await callRoute(listRoute, await requestAs("admin", url)));
    expect(after.boostDialog.total).toBe(total + 25);
    expect(after.boostDialog.history[0]).toMatchObject({ points: 25, reason: "Route test", kind: "Grant", by: "admin" });
    expect(after.boostDialog.history[0].when).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  });

  it("takes boosting points away only as a correction, never below 0; the total is the history's sum", async () => {
    const target = provider(43);
    const url = `${LIST}?dialog=boost&id=${target.serviceProvider_id}`;
    const form = (points: string, kind: string, reason = "Checked") => ({
      form: { intent: "boost", id: String(target.serviceProvider_id), points, kind, reason },
    });
    await callRoute(listRoute, await requestAs("admin", url, form("30", "grant", "Welcome")));
    const total = payload(await callRoute(listRoute, await requestAs("admin", url))).boostDialog.total;

    const asGrant = await callRoute(listRoute, await requestAs("admin", url, form("-10", "grant")));
    expect(statusOf(asGrant)).toBe(400);
    expect(payload(asGrant).fieldErrors.points).toMatch(/correction/i);
    const belowZero = await callRoute(listRoute, await requestAs("admin", url, form(String(-(total + 1)), "correction")));
    expect(statusOf(belowZero)).toBe(400);
    expect(payload(belowZero).fieldErrors.points).toBe("The total booster points cannot go below 0");
    expect((await readProvider(target.serviceProvider_id)).boosterPoints).toBe(total);

    expectRedirect(await callRoute(listRoute, await requestAs("support", url, form("-10", "correction", "Counted twice"))), LIST);
    const after = payload(await callRoute(listRoute, await requestAs("admin", url))).boostDialog;
    expect(after.history[0]).toMatchObject({ points: -10, kind: "Correction", reason: "Counted twice", by: "support" });
    expect(after.total).toBe(total - 10);
    expect(after.history.reduce((sum: number, row: { points: number }) => sum + row.points, 0)).toBe(after.total);
  });

  it("answers 400 to an unknown intent, and Some error occurred to a row button naming no row", async () => {
    expect(statusOf(await callRoute(listRoute, await requestAs("admin", LIST, { form: { intent: "explode", id: "1" } })))).toBe(400);
    for (const intent of ["toggle-pro:abc:true", "toggle-status:1", "refresh:", "rating:0"]) {
      const result = await callRoute(listRoute, await requestAs("admin", LIST, { form: { intent, admin_rating: "20", _fetch: "1" } }));
      expect(statusOf(result), intent).toBe(400);
      expect(payload(result), intent).toMatchObject({ ok: false, message: "Some error occurred" });
    }
  });

  it("keeps out admins without ServiceProvider access", async () => {
    expect(statusOf(await callRoute(listRoute, await requestAs("support", LIST)))).toBe(200);
    for (const who of ["viewer", "catalog"] as const) {
      expect(statusOf(await callRoute(listRoute, await requestAs(who, LIST)))).toBe(403);
      const target = provider(47);
      const post = await callRoute(
        listRoute,
        await requestAs(who, LIST, { form: { intent: `toggle-pro:${target.serviceProvider_id}:true` } }),
      );
      expect(statusOf(post)).toBe(403);
      expect((await readProvider(target.serviceProvider_id)).is_pro).toBe(target.is_pro);
      expect(statusOf(await callRoute(emailRoute, await requestAs(who, `${LIST}/send-email?to=1`)))).toBe(403);
      expect(
        statusOf(await callRoute(emailRoute, await requestAs(who, `${LIST}/send-email`, { form: { to: "1", subject: "s", body: "b" } }))),
      ).toBe(403);
    }
    expectRedirect(await callRoute(listRoute, await requestAs(null, LIST)), "/admin/login?redirectTo=");
  });
});

describe("send email", () => {
  const EMAIL = `${LIST}/send-email`;

  it("needs a selection", async () => {
    const result = await callRoute(emailRoute, await requestAs("admin", `${EMAIL}?plan=Pro&page_size=25`));
    const response = expectRedirect(result, LIST);
    expect(response.headers.get("Location")).toBe(`${LIST}?plan=Pro&page_size=25`);
    expect(await readToast(response)).toMatchObject({ type: "error", message: "Select at least one provider" });
  });

  it("carries the selection and the list's filters, and the list renders them checked", async () => {
    const [a, b] = [provider(50), provider(51)];
    const url = `${EMAIL}?plan=&page_size=100&to=${a.userId.id}&to=${b.userId.id}&to=junk`;
    expect(payload(await callRoute(emailRoute, await requestAs("admin", url)))).toMatchObject({
      to: [a.userId.id, b.userId.id],
      listUrl: `${LIST}?page_size=100`,
    });
    const list = payload(await callRoute(listRoute, await requestAs("admin", url)));
    expect(list.selected).toEqual([a.userId.id, b.userId.id]);
    expect(list.listUrl).toBe(`${LIST}?page_size=100`);
    const all = payload(await callRoute(listRoute, await requestAs("admin", `${LIST}?select=all&page_size=10`)));
    expect(all.selected).toEqual(all.rows.map((r: { userId: number }) => r.userId));
  });

  it("checks the rules of spec 1 §5 on the server, keeping what was typed", async () => {
    const a = provider(50);
    const empty = await callRoute(
      emailRoute,
      await requestAs("admin", `${EMAIL}?to=${a.userId.id}`, {
        form: { intent: "send-email", to: String(a.userId.id), subject: "", body: "<p>Typed body</p>", whatsappTemplate: "" },
      }),
    );
    expect(statusOf(empty)).toBe(400);
    expect(payload(empty).fieldErrors).toMatchObject({ subject: "Subject is required" });
    expect(payload(empty).repopulateFields.body).toBe("<p>Typed body</p>");

    const noBody = await callRoute(
      emailRoute,
      await requestAs("admin", `${EMAIL}?to=${a.userId.id}`, {
        form: { intent: "send-email", to: String(a.userId.id), subject: "Hi", body: "<p> </p>" },
      }),
    );
    expect(payload(noBody).fieldErrors.body).toBe("Message is required");

    const nobody = await callRoute(
      emailRoute,
      await requestAs("admin", `${EMAIL}`, { form: { intent: "send-email", subject: "Hi", body: "Body" } }),
    );
    expect(payload(nobody).fieldErrors.to).toBe("Select at least one provider");
  });

  it("sends with a template only, or with subject and body, back to the list with its filters", async () => {
    const [a, b] = [provider(50), provider(51)];
    const url = `${EMAIL}?status=Active&page_size=25&to=${a.userId.id}&to=${b.userId.id}`;
    const template = await callRoute(
      emailRoute,
      await requestAs("admin", url, {
        form: {
          intent: "send-email",
          to: [String(a.userId.id), String(b.userId.id)],
          subject: "",
          body: "",
          whatsappTemplate: "bookings_now_open",
        },
      }),
    );
    const response = expectRedirect(template, LIST);
    expect(response.headers.get("Location")).toBe(`${LIST}?status=Active&page_size=25`);
    expect(await readToast(response)).toMatchObject({ type: "success", message: "Email/WhatsApp sent!" });

    const mail = await callRoute(
      emailRoute,
      await requestAs("admin", url, {
        form: { intent: "send-email", to: String(a.userId.id), subject: "Hello", body: "<p>Welcome</p>", whatsappTemplate: "" },
      }),
    );
    await expect(mail).toSendToast({ message: "Email/WhatsApp sent!" });
  });

  it("shows an API failure in the dialog with the typed values kept", async () => {
    const a = provider(50);
    const unknown = await callRoute(
      emailRoute,
      await requestAs("admin", `${EMAIL}?to=99999999`, {
        form: { intent: "send-email", to: "99999999", subject: "Kept", body: "<p>Kept body</p>" },
      }),
    );
    expect(statusOf(unknown)).toBe(400);
    expect(payload(unknown).formError).toMatch(/Unknown recipients: 99999999/);
    expect(payload(unknown).repopulateFields).toMatchObject({ subject: "Kept", body: "<p>Kept body</p>" });

    // the API goes down after the admin's session was checked, while the form is being read
    const saved = process.env.MARKETPLACE_API_URL;
    const body = new URLSearchParams({
      intent: "send-email",
      to: String(a.userId.id),
      subject: "Still here",
      body: "<p>Typed</p>",
      whatsappTemplate: "",
    }).toString();
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          process.env.MARKETPLACE_API_URL = "http://127.0.0.1:9/";
          controller.enqueue(new TextEncoder().encode(body));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const base = await requestAs("admin", `${EMAIL}?to=${a.userId.id}`);
    const request = new Request(base.url, {
      method: "POST",
      headers: { Cookie: base.headers.get("Cookie")!, "Content-Type": "application/x-www-form-urlencoded" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    try {
      const down = await callRoute(emailRoute, request);
      expect(statusOf(down)).toBe(503);
      expect(payload(down).formError).toMatch(/not answering.*The email was not sent\./);
      expect(payload(down).repopulateFields).toEqual({ subject: "Still here", body: "<p>Typed</p>", whatsappTemplate: "" });
    } finally {
      process.env.MARKETPLACE_API_URL = saved;
    }
  });
});
