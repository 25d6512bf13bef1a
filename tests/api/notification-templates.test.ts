import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { ConflictBody } from "~contract/api";
import { NotificationTemplateRecord, NotificationTypeRecord } from "~contract/notification-templates";
import { NOTIFICATION_TYPES, notificationTypeLabel, TEMPLATE_MESSAGES, TEMPLATE_SORT_FIELDS } from "~contract/notification-types";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const One = z.object({ data: NotificationTemplateRecord });
const Many = z.object({ data: z.array(NotificationTemplateRecord) });
type Template = z.infer<typeof NotificationTemplateRecord>;

describeEachDriver("notification templates", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  const create = (body: unknown, actingAdmin?: number) => call(api, "POST", "/list-create-notification-template/", { body, actingAdmin });
  const read = async (id: number) => parsed(One, (await get(api, `/retrive-notification-template/${id}/`)).body).data;
  const update = (id: number, body: unknown, actingAdmin?: number) =>
    call(api, "PUT", `/update-notification-template/${id}/`, { body, actingAdmin });
  const list = async (query: Record<string, string | number> = {}) => {
    const answer = await get(api, "/list-create-notification-template/", { query });
    expect(answer.status).toBe(200);
    return parsed(Many, answer.body).data;
  };
  const lastAudit = async () => (await get(api, "/audit-log", { query: { limit: 1 } })).body.data[0];
  const auditCount = async () =>
    (await get(api, "/audit-entries", { query: { entity: "notification_template", page_size: 100 } })).body.total_results;

  it("lists the notification types with their user types, placeholders and sample values", async () => {
    const answer = await get(api, "/get-notification-types/");
    expect(answer.status).toBe(200);
    const types = parsed(z.object({ data: z.array(NotificationTypeRecord) }), answer.body).data;
    expect(types.map((t) => t.key)).toEqual(NOTIFICATION_TYPES.map((t) => t.key));
    const placed = types.find((t) => t.key === "order_placed")!;
    expect(placed).toMatchObject({ label: "Order placed", user_types: ["User", "ServiceProvider"] });
    expect(placed.placeholders).toEqual(
      expect.arrayContaining(["username", "order_id", "service_name", "amount", "provider_name", "booking_date"]),
    );
    expect(placed.samples.order_id).toMatch(/^ORD\d+/);
    expect(types.find((t) => t.key === "payout_released")!.user_types).toEqual(["ServiceProvider"]);
  });

  it("lists the seeded templates, filtered by user type and notification type, paged on request", async () => {
    const all = await list();
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(new Set(all.map((t) => t.user_type))).toEqual(new Set(["User", "ServiceProvider"]));
    const providers = await list({ user_type: "ServiceProvider" });
    expect(providers.length).toBeGreaterThan(0);
    expect(providers.every((t) => t.user_type === "ServiceProvider")).toBe(true);
    const placed = await list({ notification_type: "order_placed" });
    expect(placed.map((t) => t.user_type).sort()).toEqual(["ServiceProvider", "User"]);
    const page = await get(api, "/list-create-notification-template/", { query: { page: 2, page_size: 2 } });
    expect(page.body.data).toHaveLength(2);
    const raw = await fetch(new URL("/list-create-notification-template/?page_size=2", api.url), {
      headers: { [api.apiKeyHeader]: api.apiKey },
    });
    expect(Number(raw.headers.get("x-total-count"))).toBe(all.length);
    expect(page.body.data.map((t: { id: number }) => t.id)).toEqual(all.slice(2, 4).map((t) => t.id));
    expect((await get(api, "/list-create-notification-template/", { query: { user_type: "Admin" } })).status).toBe(400);
  });

  it("sorts by user type, notification type (its label, A→Z) or updated, both ways, ties by id; refuses a bad sort", async () => {
    const all = await list();
    const label = (key: string) => notificationTypeLabel(key);
    const byId = (a: Template, b: Template) => a.id - b.id;
    const compare: Record<string, (a: Template, b: Template) => number> = {
      user_type: (a, b) => (a.user_type < b.user_type ? -1 : a.user_type > b.user_type ? 1 : 0) || byId(a, b),
      notification_type: (a, b) => label(a.notification_type).localeCompare(label(b.notification_type), "en") || byId(a, b),
      updated_at: (a, b) => Date.parse(a.updated_at) - Date.parse(b.updated_at) || byId(a, b),
    };
    for (const field of TEMPLATE_SORT_FIELDS) {
      const asc = await list({ sortField: field, sortOrder: "asc" });
      expect(
        asc.map((t) => t.id),
        field,
      ).toEqual([...all].sort(compare[field]).map((t) => t.id));
      const desc = await list({ sortField: field, sortOrder: "desc" });
      expect(
        desc.map((t) => t.id),
        field,
      ).toEqual([...all].sort((a, b) => compare[field](b, a)).map((t) => t.id));
    }
    // by the label the admin shows, not by the key
    const labels = (await list({ sortField: "notification_type", sortOrder: "asc" })).map((t) => label(t.notification_type));
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "en")));
    // sorting keeps the filters and the paging
    const providersDesc = await list({ user_type: "ServiceProvider", sortField: "updated_at", sortOrder: "desc" });
    expect(providersDesc.every((t) => t.user_type === "ServiceProvider")).toBe(true);
    const sorted = await list({ sortField: "notification_type", sortOrder: "desc" });
    const page = await list({ sortField: "notification_type", sortOrder: "desc", page: 2, page_size: 3 });
    expect(page.map((t) => t.id)).toEqual(sorted.slice(3, 6).map((t) => t.id));
    const bad: Record<string, string>[] = [
      { sortField: "web_notification", sortOrder: "asc" },
      { sortField: "updated_at", sortOrder: "up" },
      { sortField: "updated_at" },
      { sortOrder: "asc" },
    ];
    for (const query of bad) {
      const answer = await get(api, "/list-create-notification-template/", { query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
    }
  });

  it("creates (201), reads, updates (200, partial) and deletes (204) a template, audited", async () => {
    const body = {
      user_type: "User",
      notification_type: "refund_processed",
      web_notification: "Refund of {refund_amount} for {order_id} is on its way",
      whatsapp_template: "Hi {username}, we refunded {refund_amount} for order {order_id}.",
      email_template: "<p>Hi {username},</p><p>Refund: <strong>{refund_amount}</strong></p>",
    };
    const created = await create(body, 3);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const template = parsed(One, created.body).data;
    expect(template).toMatchObject({ ...body, updated_by: "catalog" });
    expect(await lastAudit()).toMatchObject({ action: "create", entity: "notification_template", entity_id: String(template.id) });
    expect(await read(template.id)).toEqual(template);

    const put = await update(template.id, { web_notification: "Refunded {refund_amount}", updated_at: template.updated_at });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const updated = parsed(One, put.body).data;
    expect(updated).toMatchObject({ ...body, web_notification: "Refunded {refund_amount}", updated_by: "admin" });
    expect(await lastAudit()).toMatchObject({
      action: "update",
      entity: "notification_template",
      before: { web_notification: body.web_notification },
      after: { web_notification: "Refunded {refund_amount}" },
    });

    const same = await update(template.id, { web_notification: "Refunded {refund_amount}", updated_at: updated.updated_at });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(TEMPLATE_MESSAGES.noChange);
    const blind = await update(template.id, { web_notification: "x" });
    expect(blind.status).toBe(400);
    expect(blind.body.errors.updated_at).toBe("updated_at is required");

    const deleted = await call(api, "DELETE", `/delete-notification-template/${template.id}/`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect(await lastAudit()).toMatchObject({ action: "delete", entity: "notification_template", before: { id: template.id } });
    expect((await get(api, `/retrive-notification-template/${template.id}/`)).status).toBe(404);
    expect((await call(api, "DELETE", `/delete-notification-template/${template.id}/`)).status).toBe(404);
    expect((await get(api, "/retrive-notification-template/abc/")).status).toBe(400);
  });

  it("keeps one template per user type and notification type, naming the existing one", async () => {
    const [existing] = await list({ user_type: "User", notification_type: "order_placed" });
    const before = await auditCount();
    const duplicate = await create({ user_type: "User", notification_type: "order_placed", web_notification: "Again {order_id}" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toContain(`template #${existing.id}`);
    expect(duplicate.body.message).toMatch(/User template for Order placed already exists/);
    expect(duplicate.body.errors.notification_type).toBe(duplicate.body.message);

    // the same event for the other user type is fine; moving it onto a taken pair is not
    const other = parsed(
      One,
      (await create({ user_type: "User", notification_type: "order_completed", web_notification: "Done {order_id}" })).body,
    ).data;
    const moved = await update(other.id, { notification_type: "order_placed", updated_at: other.updated_at });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toContain(`template #${existing.id}`);
    expect((await read(other.id)).notification_type).toBe("order_completed");
    expect(await auditCount()).toBe(before + 1);
  });

  it("refuses unknown placeholders with their names, types not sent to that user type, and empty templates", async () => {
    const before = await list();
    const cases: [unknown, string, string | RegExp][] = [
      [
        { user_type: "User", notification_type: "payment_failed", whatsapp_template: "Hi {username}, {foo} failed" },
        "whatsapp_template",
        "Unknown placeholder {foo} in Whatsapp Notification; allowed: {username}, {order_id}, {service_name}, {amount}",
      ],
      [
        { user_type: "User", notification_type: "payment_failed", web_notification: "{bar} and {baz}" },
        "web_notification",
        /Unknown placeholders \{bar\}, \{baz\} in Web Notification/,
      ],
      [
        { user_type: "User", notification_type: "payment_failed", email_template: "<p>{provider_name}</p>" },
        "email_template",
        /Unknown placeholder \{provider_name\} in Email Notification/,
      ],
      [
        { user_type: "User", notification_type: "payout_released", web_notification: "x" },
        "notification_type",
        /Payout released is not sent to a User/,
      ],
      [
        { user_type: "User", notification_type: "no_such_event", web_notification: "x" },
        "notification_type",
        TEMPLATE_MESSAGES.unknownType,
      ],
      [{ user_type: "Admin", notification_type: "payment_failed", web_notification: "x" }, "user_type", TEMPLATE_MESSAGES.userTypeRequired],
      [{ user_type: "User", notification_type: "", web_notification: "x" }, "notification_type", TEMPLATE_MESSAGES.typeRequired],
      [
        { user_type: "User", notification_type: "payment_failed", web_notification: "  ", email_template: "<script>x</script>" },
        "web_notification",
        TEMPLATE_MESSAGES.oneChannel,
      ],
      [{ user_type: "User", notification_type: "payment_failed", web_notification: "x".repeat(201) }, "web_notification", /at most 200/],
      [
        { user_type: "User", notification_type: "payment_failed", whatsapp_template: "x".repeat(1025) },
        "whatsapp_template",
        /at most 1024/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (typeof message === "string") expect(answer.body.errors[field]).toBe(message);
      else expect(answer.body.errors[field]).toMatch(message);
    }
    expect(await list()).toEqual(before);
  });

  it("strips hostile HTML from the email template before storing it", async () => {
    const created = await create({
      user_type: "ServiceProvider",
      notification_type: "document_approved",
      email_template:
        '<p onclick="steal()">Hello {provider_name}</p><script>alert(1)</script><a href="javascript:evil()">x</a><img src=x onerror=alert(1)><strong>{document_name}</strong>',
    });
    expect(created.status).toBe(201);
    const stored = (await read(parsed(One, created.body).data.id)).email_template;
    expect(stored).not.toMatch(/onclick|script|javascript:|onerror|<img/);
    expect(stored).toContain("<p>Hello {provider_name}</p>");
    expect(stored).toContain("<strong>{document_name}</strong>");
  });

  it("answers 409 to a stale update and keeps the other admin's text", async () => {
    const t = parsed(
      One,
      (await create({ user_type: "ServiceProvider", notification_type: "new_rating", web_notification: "v1 {rating}" })).body,
    ).data;
    expect((await update(t.id, { web_notification: "support's {rating}", updated_at: t.updated_at }, 2)).status).toBe(200);
    const stale = await update(t.id, { web_notification: "admin's {rating}", updated_at: t.updated_at });
    expect(stale.status).toBe(409);
    const conflict = parsed(ConflictBody, stale.body);
    expect(conflict.updated_by).toBe("support");
    expect(conflict.message).toMatch(/changed by support on .+ after you opened it\./);
    expect((await read(t.id)).web_notification).toBe("support's {rating}");
  });

  it("reverts an update through POST /audit-entries/{id}/revert", async () => {
    const t = parsed(
      One,
      (
        await create({
          user_type: "ServiceProvider",
          notification_type: "subscription_renewed",
          web_notification: "Renewed {plan_name}",
          whatsapp_template: "Paid {amount}",
        })
      ).body,
    ).data;
    const edited = await update(t.id, { web_notification: "Plan {plan_name} renewed", whatsapp_template: "", updated_at: t.updated_at }, 3);
    expect(edited.status).toBe(200);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ before: { web_notification: "Renewed {plan_name}", whatsapp_template: "Paid {amount}" } });
    expect(Object.keys(entry.after).sort()).toEqual(["web_notification", "whatsapp_template"]);
    const reverted = await call(api, "POST", `/audit-entries/${entry.id}/revert`);
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
    expect(reverted.body.data).toMatchObject({ action: "revert", entity: "notification_template", reverts_id: entry.id });
    expect(await read(t.id)).toMatchObject({
      web_notification: "Renewed {plan_name}",
      whatsapp_template: "Paid {amount}",
      updated_by: "admin",
    });
    expect((await call(api, "POST", `/audit-entries/${entry.id}/revert`)).status).toBe(409);
  });
});
