import { marketplaceFor } from "~/services/marketplace/index.server";
import { describe, expect, it } from "vitest";
import * as editRoute from "~/routes/admin.edit-provider-details.$providerId";
import { WIZARD_MESSAGES as M } from "~contract/provider-wizard-labels";
import { STEP_MODULES } from "~/services/provider-wizard/steps.server";
import { wizardAction, type StepModule, type WizardRoute } from "~/services/provider-wizard/wizard.server";
import type { AdminUser } from "~contract/admin-users";
import { adminUserIdOf, apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";

/**
 * The provider wizard's frame (services/provider-wizard/wizard.server.ts) through the admin's
 * Edit Form: the step in the URL, the guards, the order of steps and the finish. Each step's own
 * fields are tested in its own file.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

type Made = { serviceProvider_id: number; user_id: number; username: string };
const newProvider = async () =>
  (await apiCall<{ data: Made }>("/test-fixtures/provider-accounts", { body: { password: "Provider@12345" } })).data;
const editPath = (id: number, step?: string) => `/admin/edit-provider-details/${id}${step ? `?step=${step}` : ""}`;
const open = async (id: number, step?: string, who: "admin" | "catalog" = "admin") =>
  callRoute(editRoute, await requestAs(who, editPath(id, step)), { providerId: String(id) });

async function categoryId() {
  const list = await apiCall<{ data: { category_id: number }[] }>("/get-all-category?fields=summary");
  return list.data[0].category_id;
}
async function saveCategories(id: number) {
  await apiCall(`/save-service-provider-form?serviceProviderId=${id}`, {
    method: "PUT",
    actingAdmin: "admin",
    body: {
      section: "categories",
      data: { category_id: await categoryId(), specializations: [{ specialization: "Frame check", experience: 3 }] },
    },
  });
}

describe("provider wizard frame (Edit Form)", () => {
  it("is guarded: ServiceProvider access, a real provider id", async () => {
    const p = await newProvider();
    expect(statusOf(await open(p.serviceProvider_id, "categories", "catalog"))).toBe(403);
    expect(statusOf(await callRoute(editRoute, await requestAs("admin", "/admin/edit-provider-details/abc"), { providerId: "abc" }))).toBe(
      404,
    );
    expect(
      statusOf(
        await callRoute(editRoute, await requestAs("admin", "/admin/edit-provider-details/1999999999?step=categories"), {
          providerId: "1999999999",
        }),
      ),
    ).toBe(404);
    expectRedirect(
      await callRoute(editRoute, await requestAs(null, editPath(p.serviceProvider_id, "categories")), {
        providerId: String(p.serviceProvider_id),
      }),
      "/admin/login",
    );
  });

  it("keeps the step in the URL: none or unknown goes to the first; an admin edits, so there is no plan step", async () => {
    const p = await newProvider();
    expectRedirect(await open(p.serviceProvider_id), editPath(p.serviceProvider_id, "categories"));
    expectRedirect(await open(p.serviceProvider_id, "nope"), editPath(p.serviceProvider_id, "categories"));
    await saveCategories(p.serviceProvider_id);
    expectRedirect(await open(p.serviceProvider_id, "plan"), editPath(p.serviceProvider_id, "categories"));

    const page = payload(await open(p.serviceProvider_id, "service-details"));
    expect(page.frame).toMatchObject({
      who: "admin",
      title: "Edit Form",
      mode: "edit",
      step: "service-details",
      steps: ["categories", "services", "service-details", "documents"],
      serviceProviderId: p.serviceProvider_id,
      basePath: `/admin/edit-provider-details/${p.serviceProvider_id}`,
      backTo: editPath(p.serviceProvider_id, "services"),
      backLabel: "Back",
    });
    expect(page.frame.providerName).toContain(p.username);
    expect(Object.keys(page.frame.savedAt)).toEqual(["categories"]);

    const first = payload(await open(p.serviceProvider_id, "categories"));
    expect(first.frame).toMatchObject({ backTo: `/admin/provider-details/${p.serviceProvider_id}`, backLabel: "Back to provider details" });
  });

  it("sends a step after Categories back to it, with the spec's warning, until the categories are saved", async () => {
    const p = await newProvider();
    const answer = expectRedirect(await open(p.serviceProvider_id, "services"), editPath(p.serviceProvider_id, "categories"));
    expect(await readToast(answer)).toEqual({ type: "warning", message: M.specializationNotAdded });
  });

  it("goes on to the next step after a save, and submits on the last (Update Details → the providers list, or the Validation Error)", async () => {
    const p = await newProvider();
    await saveCategories(p.serviceProvider_id);
    const saving: StepModule<unknown> = { load: async () => null, save: async () => ({ saved: true }) };
    const modules = Object.fromEntries(Object.keys(STEP_MODULES).map((step) => [step, saving])) as typeof STEP_MODULES;
    const adminUserId = await adminUserIdOf("admin");
    const route = async (step: string): Promise<WizardRoute> => {
      const request = await requestAs("admin", editPath(p.serviceProvider_id, step), { form: { intent: "save" } });
      return {
        request,
        api: marketplaceFor({ adminUserId, signal: request.signal }, request),
        serviceProviderId: p.serviceProvider_id,
        actor: { kind: "admin", admin: { adminUserId } as AdminUser },
        basePath: `/admin/edit-provider-details/${p.serviceProvider_id}`,
        providerName: p.username,
        exit: { to: "/admin/provider-details", label: "Back to provider details" },
        finishTo: () => "/admin/service-provider",
      };
    };

    const next = expectRedirect(await wizardAction(await route("services"), modules), editPath(p.serviceProvider_id, "service-details"));
    expect(await readToast(next)).toEqual({ type: "success", message: M.saved });

    // the last step: the submit finds the other sections missing → Validation Error naming each step
    const refused = payload(await wizardAction(await route("documents"), modules));
    expect(refused).toMatchObject({ intent: "submit", formError: M.validationError });
    expect(Object.keys(refused.steps).sort()).toEqual(["documents", "service-details", "services"]);
    expect(refused.steps.services).toBe(M.serviceRequired);
  });
});
