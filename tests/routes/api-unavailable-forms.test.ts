import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as layoutRoute from "~/routes/admin";
import * as addCategoryRoute from "~/routes/admin.add-categories";
import * as addPlanRoute from "~/routes/admin.add-subscriptions";
import * as addFaqRoute from "~/routes/admin.edit-categories.$categoryid_.add-faq";
import * as settingsRoute from "~/routes/admin.settings";
import type { CategoryRecord } from "~contract/categories";
import { API_UNAVAILABLE_MESSAGE, inRequestScope } from "~/services/marketplace/client.server";
import { apiCall, callRoute, requestAs, statusOf } from "../support/routes";

/**
 * Issue 29 item 17: a form posted while the API is down (nothing listens) or hangs (it takes the
 * connection and never answers) comes back with what was typed and the message, not the 503 page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- action payloads read by property
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

const TIMEOUT_MS = 1500;
const saved = { ...process.env };
let hanging: Server | undefined;
const sockets: Socket[] = [];

/** A server that takes every connection and never answers (an API that hangs). */
async function hangingApi(): Promise<string> {
  hanging = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => hanging!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
}

/** A port nothing listens on (an API that is stopped). */
async function stoppedApi(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise((resolve) => server.close(resolve));
  return url;
}

async function apiGoesAway(how: "stopped" | "hanging") {
  process.env.MARKETPLACE_API_URL = how === "stopped" ? await stoppedApi() : await hangingApi();
  process.env.MARKETPLACE_API_TIMEOUT_MS = String(TIMEOUT_MS);
  // every read of the session asks the API (none is reused from a moment ago)
  process.env.ADMIN_REFRESH_SECONDS = "0";
}

let category: CategoryRecord;
beforeEach(async () => {
  category = (
    await apiCall<{ data: CategoryRecord }>("/create-category", {
      method: "POST",
      actingAdmin: "admin",
      body: { categoryName: `Down ${Math.random().toString(36).slice(2, 8)}`, desc: "API down", status: "Active" },
    })
  ).data;
  // the admin has been using the admin (their session was read while the API answered)
  expect(statusOf(await callRoute(layoutRoute, await requestAs("admin", "/admin/add-categories")))).toBe(200);
});
afterEach(async () => {
  for (const key of ["MARKETPLACE_API_URL", "MARKETPLACE_API_TIMEOUT_MS", "ADMIN_REFRESH_SECONDS"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise((resolve) => (hanging ? hanging.close(resolve) : resolve(undefined)));
  hanging = undefined;
});

type PostedForm = {
  name: string;
  route: Parameters<typeof callRoute>[0];
  path: string;
  params: Record<string, string>;
  form: Record<string, string>;
};

const forms = (): PostedForm[] => [
  {
    name: "Add Category",
    route: addCategoryRoute,
    path: "/admin/add-categories",
    params: {},
    form: { intent: "create", categoryName: "Typed while down", desc: "Kept as typed", status: "Active", pageTitle: "Title typed" },
  },
  {
    name: "Add Subscription",
    route: addPlanRoute,
    path: "/admin/add-subscriptions",
    params: {},
    form: {
      intent: "create",
      plan_name: "Plan typed while down",
      charge: "10",
      service_fee: "1",
      profile_boost: "0",
      plan_validity: "1",
      max_approval: "1",
      status: "Active",
    },
  },
  {
    name: "Add FAQ",
    route: addFaqRoute,
    path: `/admin/edit-categories/${category.category_id}/add-faq`,
    params: { categoryid: String(category.category_id) },
    form: { intent: "save", content: "<h3>Typed while down?</h3><p>Yes.</p>" },
  },
  {
    name: "Add Cancellation Reason",
    route: settingsRoute,
    path: "/admin/settings?tab=cancellation&dialog=add&party=User",
    params: {},
    form: {
      intent: "create",
      reason: "Typed while down",
      repercussion: "Kept",
      status: "PRE",
      service_type: "AddOnService",
      user_type: "User",
    },
  },
];

describe.each(["stopped", "hanging"] as const)("a form posted while the API is %s", (how) => {
  it("comes back with what was typed and the message, for every form (status 503)", async () => {
    for (const { name, route, path, params, form } of forms()) {
      const request = await requestAs("admin", path, { form });
      await apiGoesAway(how);
      const result = await callRoute(route, request, params);
      expect(statusOf(result), name).toBe(503);
      const answer = payload(result);
      expect(answer.formError, name).toBe(API_UNAVAILABLE_MESSAGE);
      const { intent: _intent, ...typed } = form;
      expect(answer.repopulateFields, name).toMatchObject(typed);
      process.env.MARKETPLACE_API_URL = saved.MARKETPLACE_API_URL;
    }
  });

  it("the page around the form is shown again too (JS off renders it after the post), and one timeout is all it waits", async () => {
    const request = await requestAs("admin", "/admin/add-categories", { form: forms()[0].form });
    await apiGoesAway(how);
    const started = Date.now();
    const [answer, layout, page] = await inRequestScope(async () => {
      const posted = await callRoute(addCategoryRoute, request);
      const shell = await callRoute(layoutRoute, await requestAs("admin", "/admin/add-categories"));
      const own = await callRoute(addCategoryRoute, await requestAs("admin", "/admin/add-categories"));
      return [posted, shell, own];
    });
    const took = Date.now() - started;
    expect(statusOf(answer)).toBe(503);
    expect(payload(answer).repopulateFields).toMatchObject({ categoryName: "Typed while down" });
    expect(statusOf(layout)).toBe(200);
    expect(payload(layout).admin.username).toBe("admin");
    // the header's recent changes are missing, and say so
    expect(payload(layout).notices).toBeNull();
    expect(statusOf(page)).toBe(200);
    // the session read waited one timeout; the write, the layout and the page did not wait again
    expect(took).toBeLessThan(TIMEOUT_MS * 2);
  });
});

describe("a session never read by this admin process while the API answered", () => {
  it("is not taken on trust: the page says the API is not answering", async () => {
    const { newSessionCookieFor } = await import("../support/routes");
    const cookie = await newSessionCookieFor("admin");
    await apiGoesAway("stopped");
    const request = new Request("http://admin.test/admin/add-categories", { headers: { Cookie: cookie } });
    const result = await callRoute(addCategoryRoute, request);
    expect(statusOf(result)).toBe(503);
    expect(result).toBeInstanceOf(Response);
  });
});
