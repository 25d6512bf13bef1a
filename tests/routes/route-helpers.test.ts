import { describe, expect, test } from "vitest";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { redirectWithToast } from "~/services/toast.server";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf, testApi } from "../support/routes";

// A trivial route module, guarded like every real one, to prove the helpers themselves.
const trivialRoute = {
  async loader({ request }: LoaderFunctionArgs) {
    const { admin } = await requireAdmin(request, "Category");
    return { username: admin.adminUsername };
  },
  async action({ request }: ActionFunctionArgs) {
    await requireAdmin(request, "Category");
    const form = await request.formData();
    return redirectWithToast(request, "/admin/category", {
      type: "success",
      message: `Saved ${form.getAll("name").join(", ")}`,
    });
  },
};

describe("route test helpers", () => {
  test("testApi() points at a running API that wants the secret", async () => {
    const api = testApi();
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    const refused = await fetch(new URL("/login-admin-user", api.url), { method: "POST" });
    expect(refused.status).toBe(401);
  });

  test("apiCall signs in a demo admin through the real API", async () => {
    const answer = await apiCall("/login-admin-user", {
      method: "POST",
      body: { username: "catalog", password: "Catalog@12345" },
    });
    expect(answer.data.adminUsername).toBe("catalog");
    expect(answer.data.adminAccessRoleSettings).toEqual(["Category"]);
  });

  test("no session: the loader redirects to login, coming back to the same URL", async () => {
    const result = await callRoute(trivialRoute, await requestAs(null, "/admin/category?page=2"));
    expectRedirect(result, `/admin/login?redirectTo=${encodeURIComponent("/admin/category?page=2")}`);
  });

  test("a session for an admin with the access reaches the loader", async () => {
    const result = await callRoute(trivialRoute, await requestAs("catalog", "/admin/category"));
    expect(result).toEqual({ username: "catalog" });
    expect(statusOf(result)).toBe(200);
  });

  test("an admin without the access gets 403", async () => {
    const result = await callRoute(trivialRoute, await requestAs("viewer", "/admin/category"));
    expect(statusOf(result)).toBe(403);
  });

  test("a form posts, redirects and carries a flash toast", async () => {
    const request = await requestAs("admin", "/admin/category", { form: { name: ["A", "B"] } });
    expect(request.method).toBe("POST");
    const response = expectRedirect(await callRoute(trivialRoute, request), "/admin/category");
    expect(await readToast(response)).toEqual({ type: "success", message: "Saved A, B" });
    expect(response).toHaveRedirect("/admin/category");
    await expect(response).toSendToast({ message: "Saved A, B" });
    await expect(response).not.toSendToast({ type: "error" });
  });
});
