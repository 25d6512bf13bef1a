import { describe, expect, it } from "vitest";
import * as listRoute from "~/routes/admin.notification._index";
import * as addRoute from "~/routes/admin.notification.add";
import * as editRoute from "~/routes/admin.notification.edit.$templateid";
import type { NotificationTemplateRecord } from "~contract/notification-templates";
import { TEMPLATE_MESSAGES } from "~contract/notification-types";
import { apiCall, ApiCallError, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

type Pair = { user_type: "User" | "ServiceProvider"; notification_type: string };

async function templatesOf(pair: Pair) {
  const query = new URLSearchParams(pair);
  return (await apiCall<{ data: NotificationTemplateRecord[] }>(`/list-create-notification-template/?${query}`)).data;
}

/** This file owns these pairs (one template each): leftovers of an earlier run go first. */
async function freshPair(pair: Pair) {
  for (const t of await templatesOf(pair)) {
    await apiCall(`/delete-notification-template/${t.id}/`, { method: "DELETE", actingAdmin: "admin" });
  }
}

async function createTemplate(body: Pair & Partial<NotificationTemplateRecord>) {
  await freshPair(body);
  return (
    await apiCall<{ data: NotificationTemplateRecord }>("/list-create-notification-template/", {
      method: "POST",
      actingAdmin: "admin",
      body,
    })
  ).data;
}

describe("Notification templates", () => {
  it("lists templates with their channels, filtered by user type and notification type", async () => {
    const t = await createTemplate({
      user_type: "User",
      notification_type: "order_completed",
      web_notification: "Done {order_id}",
      email_template: "<p>Done</p>",
    });
    const all = payload(await callRoute(listRoute, await requestAs("admin", "/admin/notification?page_size=100")));
    expect(
      all.rows.some((r: { userType: string }) => r.userType === "ServiceProvider"),
      JSON.stringify(all).slice(0, 600),
    ).toBe(true);
    const filtered = payload(
      await callRoute(listRoute, await requestAs("admin", "/admin/notification?user_type=User&notification_type=order_completed")),
    );
    expect(filtered.filters).toEqual({ user_type: "User", notification_type: "order_completed" });
    expect(filtered.rows).toEqual([
      { id: t.id, userType: "User", typeLabel: "Order completed", channels: ["Web", "Email"], updatedAt: expect.any(String) },
    ]);
    expect(filtered.typeOptions).toContainEqual({ value: "order_completed", label: "Order completed" });
    // an unknown user type in a hand-edited URL is ignored
    expect(payload(await callRoute(listRoute, await requestAs("admin", "/admin/notification?user_type=Admin"))).filters.user_type).toBe("");
  });

  it("reads the sort and the page from the URL (the API sorts); bad values are ignored", async () => {
    const fresh = await createTemplate({
      user_type: "User",
      notification_type: "refund_processed",
      web_notification: "Refunded {refund_amount}",
    });
    const load = async (query: string) => payload(await callRoute(listRoute, await requestAs("admin", `/admin/notification?${query}`)));
    const byLabel = (rows: { typeLabel: string }[]) => rows.map((r) => r.typeLabel);
    const sortedLabels = (labels: string[]) => [...labels].sort((a, b) => a.localeCompare(b, "en"));

    const asc = await load("user_type=User&sortField=notification_type&sortOrder=asc&page_size=100");
    expect(asc.sort).toEqual({ field: "notification_type", order: "asc" });
    expect(asc.filters.user_type).toBe("User");
    expect(byLabel(asc.rows)).toContain("Refund processed");
    expect(byLabel(asc.rows)).toEqual(sortedLabels(byLabel(asc.rows)));
    const desc = await load("user_type=User&sortField=notification_type&sortOrder=desc&page_size=100");
    expect(desc.sort).toEqual({ field: "notification_type", order: "desc" });
    expect(byLabel(desc.rows)).toEqual(sortedLabels(byLabel(desc.rows)).reverse());

    const newest = await load("sortField=updated_at&sortOrder=desc&page_size=100");
    expect(newest.rows[0].id).toBe(fresh.id); // the template just added is the latest updated
    const oldest = await load("sortField=updated_at&sortOrder=asc&page_size=100");
    expect(oldest.rows.at(-1).id).toBe(fresh.id);
    const users = await load("sortField=user_type&sortOrder=desc&page_size=100");
    const userTypes = users.rows.map((r: { userType: string }) => r.userType);
    expect(userTypes).toEqual([...userTypes].sort().reverse());

    // the page is read with the sort; a page past the last goes to the last, keeping the sort
    const paged = await load("sortField=updated_at&sortOrder=asc&page_size=10&page=1");
    expect(paged).toMatchObject({ page: 1, pageSize: 10, sort: { field: "updated_at", order: "asc" } });
    const api = await apiCall<{ data: NotificationTemplateRecord[] }>(
      "/list-create-notification-template/?sortField=updated_at&sortOrder=asc&page_size=10&page=1",
    );
    expect(paged.rows.map((r: { id: number }) => r.id)).toEqual(api.data.map((t) => t.id));
    const past = await callRoute(listRoute, await requestAs("admin", "/admin/notification?sortField=updated_at&sortOrder=asc&page=999"));
    const location = new URL(expectRedirect(past, "/admin/notification").headers.get("Location")!, "http://admin.test");
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ sortField: "updated_at", sortOrder: "asc" });
    expect(Number(location.searchParams.get("page"))).toBeLessThan(999);

    // hand-edited URLs still open the list, in its default order (user type, then notification type)
    for (const query of [
      "sortField=web_notification&sortOrder=asc",
      "sortField=updated_at&sortOrder=sideways",
      "sortField=updated_at",
      "sortOrder=desc",
      "page=abc&page_size=7",
    ]) {
      const list = await load(query);
      expect(list.sort, query).toBeUndefined();
      expect(list, query).toMatchObject({ page: 1, pageSize: 10 });
      const types = list.rows.map((r: { userType: string }) => r.userType);
      expect(types, query).toEqual([...types].sort());
    }
  });

  it("adds a template; an unknown placeholder is refused beside its field with the typed values kept", async () => {
    const pair: Pair = { user_type: "User", notification_type: "payment_failed" };
    await freshPair(pair);
    const loaded = payload(await callRoute(addRoute, await requestAs("admin", "/admin/notification/add?notification_type=payment_failed")));
    expect(loaded.mode).toBe("add");
    expect(loaded.defaults.notification_type).toBe("payment_failed");
    expect(loaded.types.find((t: { key: string }) => t.key === "payment_failed").placeholders).toContain("amount");

    const form = {
      intent: "save",
      ...pair,
      web_notification: "Payment of {amount} failed",
      whatsapp_template: "Hi {username}, {foo} failed",
      email_template: "",
    };
    const refused = await callRoute(addRoute, await requestAs("admin", "/admin/notification/add", { form }));
    expect(statusOf(refused)).toBe(400);
    expect(payload(refused).fieldErrors.whatsapp_template).toBe(
      "Unknown placeholder {foo} in Whatsapp Notification; allowed: {username}, {order_id}, {service_name}, {amount}",
    );
    expect(payload(refused).repopulateFields.web_notification).toBe("Payment of {amount} failed");
    // the refused save still shows the typed values' previews
    expect(payload(refused).previews.web).toBe("Payment of ₹2,950.00 failed");
    expect(await templatesOf(pair)).toEqual([]);

    // a preview of fields that would be refused: 200, the same messages beside them, the previews
    const previewRefused = await callRoute(
      addRoute,
      await requestAs("admin", "/admin/notification/add", { form: { ...form, intent: "preview" } }),
    );
    expect(statusOf(previewRefused)).toBe(200);
    expect(payload(previewRefused)).toMatchObject({
      intent: "preview",
      fieldErrors: { whatsapp_template: payload(refused).fieldErrors.whatsapp_template },
      previews: { web: "Payment of ₹2,950.00 failed" },
    });

    const preview = await callRoute(
      addRoute,
      await requestAs("admin", "/admin/notification/add", {
        form: { ...form, intent: "preview", email_template: "<p onclick='x()'>Pay {amount}</p>" },
      }),
    );
    expect(statusOf(preview)).toBe(200);
    expect(payload(preview).previews.web).toBe("Payment of ₹2,950.00 failed");
    expect(payload(preview).previews.emailHtml).toBe("<p>Pay ₹2,950.00</p>");

    const saved = await callRoute(
      addRoute,
      await requestAs("support", "/admin/notification/add", { form: { ...form, whatsapp_template: "Hi {username}, {order_id} failed" } }),
    );
    expect(statusOf(saved)).toBe(403); // support may not open Notification
    const added = await callRoute(
      addRoute,
      await requestAs("admin", "/admin/notification/add", { form: { ...form, whatsapp_template: "Hi {username}, {order_id} failed" } }),
    );
    expect(await readToast(expectRedirect(added, "/admin/notification"))).toMatchObject({
      type: "success",
      message: TEMPLATE_MESSAGES.added,
    });
    const [stored] = await templatesOf(pair);
    expect(stored).toMatchObject({ web_notification: "Payment of {amount} failed", whatsapp_template: "Hi {username}, {order_id} failed" });

    // the same pair again: told beside the notification type, naming the existing template
    const twice = await callRoute(
      addRoute,
      await requestAs("admin", "/admin/notification/add", { form: { ...form, whatsapp_template: "" } }),
    );
    expect(statusOf(twice)).toBe(409);
    expect(payload(twice).fieldErrors.notification_type).toContain(`template #${stored.id}`);
    expect(await templatesOf(pair)).toHaveLength(1);
  });

  it("updates a template, keeps typed values on a stale save, and tells No Change Detected", async () => {
    const t = await createTemplate({
      user_type: "ServiceProvider",
      notification_type: "document_approved",
      web_notification: "{document_name} approved",
    });
    const path = `/admin/notification/edit/${t.id}`;
    const params = { templateid: String(t.id) };
    const loaded = payload(await callRoute(editRoute, await requestAs("admin", path), params));
    expect(loaded.defaults).toMatchObject({
      user_type: "ServiceProvider",
      notification_type: "document_approved",
      updated_at: t.updated_at,
    });
    expect(loaded.previews.web).toBe("PAN Card approved");

    const form = {
      intent: "save",
      user_type: "ServiceProvider",
      notification_type: "document_approved",
      web_notification: "{document_name} approved",
      whatsapp_template: "",
      email_template: "",
      updated_at: t.updated_at,
    };
    const same = await callRoute(editRoute, await requestAs("admin", path, { form }), params);
    expect(await readToast(expectRedirect(same, path))).toMatchObject({ message: TEMPLATE_MESSAGES.noChange });

    const bad = await callRoute(
      editRoute,
      await requestAs("admin", path, { form: { ...form, web_notification: "{username} approved" } }),
      params,
    );
    expect(payload(bad).fieldErrors.web_notification).toMatch(/^Unknown placeholder \{username\} in Web Notification/);
    expect(statusOf(bad)).toBe(400);
    expect(payload(bad).repopulateFields.web_notification).toBe("{username} approved");
    // a field over its own limit is told alone (the rules across fields wait until every field passes)
    const long = await callRoute(
      editRoute,
      await requestAs("admin", path, { form: { ...form, web_notification: "x".repeat(1000), whatsapp_template: "{username}" } }),
      params,
    );
    expect(statusOf(long)).toBe(400);
    expect(Object.keys(payload(long).fieldErrors)).toEqual(["web_notification"]);
    // the version is missing: reload
    const { updated_at: _version, ...unversioned } = form;
    const noVersion = await callRoute(editRoute, await requestAs("admin", path, { form: unversioned }), params);
    expect(statusOf(noVersion)).toBe(400);
    expect(payload(noVersion).formError).toBe("Reload the page and try again");
    expect(statusOf(await callRoute(editRoute, await requestAs("admin", path, { form: { intent: "nope" } }), params))).toBe(400);

    const updated = await callRoute(
      editRoute,
      await requestAs("admin", path, { form: { ...form, web_notification: "Your {document_name} is approved" } }),
      params,
    );
    expect(await readToast(expectRedirect(updated, "/admin/notification"))).toMatchObject({
      type: "success",
      message: TEMPLATE_MESSAGES.updated,
    });

    const stale = await callRoute(
      editRoute,
      await requestAs("admin", path, { form: { ...form, web_notification: "Late {document_name}" } }),
      params,
    );
    expect(statusOf(stale)).toBe(409);
    expect(payload(stale).formError).toMatch(/changed this template at .+ after you opened it/);
    expect(payload(stale).repopulateFields.web_notification).toBe("Late {document_name}");
    const current = (await apiCall<{ data: NotificationTemplateRecord }>(`/retrive-notification-template/${t.id}/`)).data;
    expect(current.web_notification).toBe("Your {document_name} is approved");
  });

  it("deletes a template after the confirm dialog", async () => {
    const t = await createTemplate({ user_type: "User", notification_type: "comment_reply", web_notification: "{comment_author} replied" });
    const path = `/admin/notification/edit/${t.id}`;
    const params = { templateid: String(t.id) };
    expect(payload(await callRoute(editRoute, await requestAs("admin", `${path}?dialog=delete`), params)).deleting).toBe(true);
    const viewer = await callRoute(editRoute, await requestAs("viewer", path, { form: { intent: "delete" } }), params);
    expect(statusOf(viewer)).toBe(403);
    const deleted = await callRoute(editRoute, await requestAs("admin", `${path}?dialog=delete`, { form: { intent: "delete" } }), params);
    expect(await readToast(expectRedirect(deleted, "/admin/notification"))).toMatchObject({
      type: "success",
      message: TEMPLATE_MESSAGES.deleted,
    });
    await expect(apiCall(`/retrive-notification-template/${t.id}/`)).rejects.toBeInstanceOf(ApiCallError);
    expect(statusOf(await callRoute(editRoute, await requestAs("admin", path), params))).toBe(404);
    expect(statusOf(await callRoute(editRoute, await requestAs("admin", "/admin/notification/edit/abc"), { templateid: "abc" }))).toBe(404);
  });

  it("refuses admins without the Notification access and unknown intents", async () => {
    expect(statusOf(await callRoute(listRoute, await requestAs("catalog", "/admin/notification")))).toBe(403);
    expect(statusOf(await callRoute(addRoute, await requestAs("viewer", "/admin/notification/add")))).toBe(403);
    expect(statusOf(await callRoute(addRoute, await requestAs("admin", "/admin/notification/add", { form: { intent: "nope" } })))).toBe(
      400,
    );
  });
});
