import { describe, expect, it } from "vitest";
import * as messagesRoute from "~/routes/admin.service-provider_.messages";
import type { OutboxEntry } from "~contract/outbox";
import type { MessagesActionFailure, MessagesPageData } from "../../app/models/outbox";
import { formatDateTime } from "../../app/utils/dates";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";

const PAGE = "/admin/service-provider/messages";

function payload<T = MessagesPageData>(result: unknown): T {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: T }).data;
  return result as T;
}
const tag = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** An email and a WhatsApp message of this test's own to user 1 (the routes' API has no SMTP: they stay queued), newest first. */
async function queueMessages(t: string) {
  await apiCall("/send-email", {
    method: "POST",
    actingAdmin: "admin",
    body: { to: [1], subject: `Route ${t}`, body: "<p>Hello</p>", whatsappTemplate: "bookings_now_open" },
  });
  const rows = (await apiCall<{ data: OutboxEntry[] }>(`/outbox?search=${t}`)).data;
  // the WhatsApp row has no subject: find it next to the email row (same call, next id)
  const email = rows.find((r) => r.channel === "email")!;
  const all = (await apiCall<{ data: OutboxEntry[] }>(`/outbox?page_size=200`)).data;
  const whatsapp = all.find((r) => r.id === email.id + 1 && r.channel === "whatsapp")!;
  return { email, whatsapp };
}
const fail = (ids: number[], error: string) => apiCall("/test-fixtures/outbox-failed", { method: "POST", body: { ids, error } });

const load = async (url: string, who: "admin" | "support" | "catalog" | "viewer" | null = "admin") =>
  callRoute(messagesRoute, await requestAs(who, url));
const post = async (url: string, form: Record<string, string>, who: "admin" | "catalog" | "viewer" = "admin") =>
  callRoute(messagesRoute, await requestAs(who, url, { form }));

describe("Sent Messages (/admin/service-provider/messages)", () => {
  it("lists the messages newest first with the statuses as the admin reads them, dates in India time", async () => {
    const t = tag();
    const { email } = await queueMessages(t);
    await fail([email.id], `Mailbox full ${t}`);
    const page = payload(await load(`${PAGE}?search=${t}`));
    expect(page.loadError).toBeNull();
    // the tests' API delivers nothing: the page says those messages wait
    expect(page.notDelivered).toEqual(["email", "whatsapp"]);
    expect(page.total).toBe(1);
    expect(page.counts).toEqual({ all: 1, queued: 0, sending: 0, retrying: 0, sent: 0, failed: 1 });
    expect(page.rows[0]).toEqual({
      id: email.id,
      channel: "email",
      username: email.username,
      recipient: email.recipient,
      subject: `Route ${t}`,
      status: "failed",
      statusText: `Failed: Mailbox full ${t}`,
      attempts: "5 of 5",
      queuedBy: "admin",
      queuedAt: formatDateTime(email.created_at),
    });
    expect(page.rows[0].queuedAt).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  });

  it("filters by status tab and channel, pages, and names a filter it cannot apply", async () => {
    const t = tag();
    const { email, whatsapp } = await queueMessages(t);
    await fail([email.id], "Refused");
    const failed = payload(await load(`${PAGE}?status=failed&page_size=100`));
    expect(failed.status).toBe("failed");
    expect(failed.rows.every((r) => r.status === "failed")).toBe(true);
    expect(failed.rows.map((r) => r.id)).toContain(email.id);
    const wa = payload(await load(`${PAGE}?channel=whatsapp&status=queued&page_size=100`));
    expect(wa.rows.map((r) => r.id)).toContain(whatsapp.id);
    expect(wa.rows.every((r) => r.channel === "whatsapp" && r.status === "queued")).toBe(true);
    const waRow = wa.rows.find((r) => r.id === whatsapp.id)!;
    expect(waRow).toMatchObject({ subject: "Template: bookings_now_open", statusText: "Queued", attempts: "0 of 5" });
    expect(payload(await load(`${PAGE}?page_size=25`))).toMatchObject({ page: 1, pageSize: 25 });
    // past the last page: the last page
    expectRedirect(await load(`${PAGE}?search=${t}&page=9`), `${PAGE}?search=${t}&page=1`);
    const wrong = await load(`${PAGE}?status=lost&channel=sms`);
    expect(statusOf(wrong)).toBe(400);
    expect(payload(wrong).filterErrors).toEqual([
      "Status: choose Queued, Sending, Retrying, Sent or Failed.",
      "Channel: choose Email or WhatsApp.",
    ]);
    expect(payload(await load(`${PAGE}?status=failed&dialog=retry-failed`))).toMatchObject({
      confirmRetryAll: true,
      listUrl: `${PAGE}?status=failed`,
    });
  });

  it("passes the URL's sort to the API (the Channel, Attempts and Queued At headers' links); a sort it cannot apply is named", async () => {
    await queueMessages(tag());
    for (const [sortField, sortOrder] of [
      ["channel", "desc"],
      ["attempts", "asc"],
      ["created_at", "asc"],
    ]) {
      const page = payload(await load(`${PAGE}?sortField=${sortField}&sortOrder=${sortOrder}&page_size=100`));
      const api = await apiCall<{ data: OutboxEntry[] }>(`/outbox?page_size=100&sortField=${sortField}&sortOrder=${sortOrder}`);
      expect(page.sort).toEqual({ field: sortField, order: sortOrder });
      expect(page.rows.map((r) => r.id)).toEqual(api.data.map((r) => r.id));
    }
    // the list's own URL (Cancel's, a retry's way back) keeps the sort
    expect(payload(await load(`${PAGE}?sortField=channel&sortOrder=asc&dialog=retry-failed`)).listUrl).toBe(
      `${PAGE}?sortField=channel&sortOrder=asc`,
    );
    const wrong = await load(`${PAGE}?sortField=recipient&sortOrder=asc`);
    expect(statusOf(wrong)).toBe(400);
    expect(payload(wrong).filterErrors).toEqual(['Sort: this list cannot be sorted by "recipient".']);
    expect(payload(wrong).sort).toBeNull();
  });

  it("retries a failed message: queued again, back to the list with a toast, the last error still shown", async () => {
    const t = tag();
    const { email } = await queueMessages(t);
    await fail([email.id], `Timeout ${t}`);
    const url = `${PAGE}?search=${t}&status=failed`;
    const response = expectRedirect(await post(url, { intent: "retry", id: String(email.id) }), PAGE);
    expect(response.headers.get("Location")).toBe(url);
    expect(await readToast(response)).toEqual({ type: "success", message: "1 message queued again" });
    const page = payload(await load(`${PAGE}?search=${t}`));
    expect(page.rows[0]).toMatchObject({ status: "queued", statusText: `Queued (last error: Timeout ${t})`, attempts: "0 of 5" });
  });

  it("shows the API's refusal when the message is not failed, and changes nothing", async () => {
    const t = tag();
    const { email } = await queueMessages(t);
    const refused = await post(`${PAGE}?search=${t}`, { intent: "retry", id: String(email.id) });
    expect(statusOf(refused)).toBe(400);
    expect(payload<MessagesActionFailure>(refused).notice).toEqual({
      title: "Could not queue the messages again",
      message: `Only failed messages can be sent again; message ${email.id} is not failed`,
    });
    expect(payload(await load(`${PAGE}?search=${t}`)).rows[0].status).toBe("queued");
    expect(statusOf(await post(PAGE, { intent: "explode" }))).toBe(400);
  });

  it("Retry All Failed queues every failed message of the channel again", async () => {
    const t = tag();
    const { email, whatsapp } = await queueMessages(t);
    await fail([email.id, whatsapp.id], "Down");
    const response = expectRedirect(
      await post(`${PAGE}?channel=whatsapp&dialog=retry-failed`, { intent: "retry-failed", channel: "whatsapp" }),
      PAGE,
    );
    expect(response.headers.get("Location")).toBe(`${PAGE}?channel=whatsapp`);
    const toast = await readToast(response);
    expect(toast?.message).toMatch(/^\d+ messages? queued again$/);
    const rows = (await apiCall<{ data: OutboxEntry[] }>(`/outbox?page_size=200`)).data;
    expect(rows.find((r) => r.id === whatsapp.id)?.status).toBe("queued");
    expect(rows.find((r) => r.id === email.id)?.status).toBe("failed");
  });

  it("keeps out admins without ServiceProvider access", async () => {
    expect(statusOf(await load(PAGE, "support"))).toBe(200);
    const t = tag();
    const { email } = await queueMessages(t);
    await fail([email.id], "Refused");
    for (const who of ["viewer", "catalog"] as const) {
      expect(statusOf(await load(PAGE, who))).toBe(403);
      expect(statusOf(await post(PAGE, { intent: "retry", id: String(email.id) }, who))).toBe(403);
    }
    expect(payload(await load(`${PAGE}?search=${t}`)).rows[0].status).toBe("failed");
    expectRedirect(await load(PAGE, null), "/admin/login?redirectTo=");
  });
});
