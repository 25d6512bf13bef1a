/**
 * Issue 28 on the wizard's Documents & Terms and Subscribe, through the real routes and API: the
 * provider accepts the latest published terms (recorded with the browser's address), a refused
 * save keeps the files that passed, a double submit of the first save is harmless, two quick
 * Subscribes register one plan, and /provider/thank-you sends an unregistered provider to the wizard.
 */
import { describe, expect, it } from "vitest";
import * as editForm from "~/routes/admin.edit-provider-details.$providerId";
import * as thankYou from "~/routes/provider.thank-you";
import * as login from "~/routes/provider_.login";
import * as providerFiles from "~/routes/provider.files.$name";
import { DOCUMENT_MESSAGES } from "~contract/provider-documents";
import { TERMS_LABELS, type DocumentsFailure, type DocumentsView } from "~/models/provider-wizard-documents-view";
import { WIZARD_MESSAGES } from "~contract/provider-wizard-labels";
import { type WizardFrame } from "../../app/models/provider-wizard-labels";
import { PROVIDER_SESSION_COOKIE } from "~/services/provider-auth/session.server";
import { STEP_MODULES } from "~/services/provider-wizard/steps.server";
import { loadWizard, wizardAction } from "~/services/provider-wizard/wizard.server";
import { ADMIN_ORIGIN, apiCall, callRoute, expectRedirect, providerWizardRoute, readToast, requestAs, statusOf } from "../support/routes";
import { mp4, PDF, photo, providerAtDocuments } from "../support/provider-wizard-files";

type Part = [string, string | { name: string; bytes: Buffer }];
const payload = <T>(result: unknown): T =>
  result && typeof result === "object" && "data" in result && "init" in result ? (result as { data: T }).data : (result as T);
const EXE = Buffer.concat([Buffer.from("MZ", "latin1"), Buffer.alloc(300, 0x90)]);
const required = (): Part[] => [
  ["profilePhoto", { name: "me.png", bytes: photo() }],
  ["identityProof", { name: "aadhaar.pdf", bytes: PDF }],
  ["selfie", { name: "selfie.png", bytes: photo() }],
];
const multipart = (parts: Part[]) => {
  const form = new FormData();
  for (const [field, value] of parts) {
    if (typeof value === "string") form.append(field, value);
    else form.append(field, new Blob([new Uint8Array(value.bytes)]), value.name);
  }
  form.append("intent", "save");
  return form;
};
const documentsOf = async (id: number) =>
  apiCall<{
    data: Record<string, unknown> | null;
    terms: { latest: { id: number; version: string } | null; accepted: { version: string; accepted_ip: string } | null };
  }>(`/get-document?serviceProviderId=${id}`);

/** the provider's own wizard, from the address 203.0.113.77 */
const providerRoute = (id: number, request: Request) => providerWizardRoute(id, request, "203.0.113.77");
const stepRequest = (step: string, body?: FormData | URLSearchParams) =>
  new Request(new URL(`/provider/complete-profile?step=${step}`, ADMIN_ORIGIN), body ? { method: "POST", body } : {});

describe("Documents & Terms: the terms", () => {
  it("a provider is shown the latest published version, must tick it, and the acceptance is recorded with their address", async () => {
    const provider = await providerAtDocuments(apiCall, { registered: false, documents: false });
    // a version of this test's own, newer than any the provider (a copy of a demo provider) accepted
    await apiCall("/clickwrap/clickwraps/", {
      method: "POST",
      actingAdmin: "admin",
      body: { version: `route-${provider.id}`, status: "published", text: "<p>Terms for the test</p>" },
    });
    const { view } = await loadWizard<DocumentsView>(providerRoute(provider.id, stepRequest("documents")), STEP_MODULES);
    const { terms } = await documentsOf(provider.id);
    expect(terms.latest).not.toBeNull();
    expect(view.terms).toMatchObject({ latest: { id: terms.latest!.id, version: terms.latest!.version }, ask: true, byAdmin: false });

    const parts: Part[] = [
      ...required(),
      ...Array.from({ length: 3 }, (_, i): Part => ["portfolio", { name: `w${i}.mp4`, bytes: mp4(2048) }]),
    ];
    const unticked = await wizardAction(providerRoute(provider.id, stepRequest("documents", multipart(parts))), STEP_MODULES);
    expect(statusOf(unticked)).toBe(400);
    const failure = payload<DocumentsFailure>(unticked);
    expect(failure.fieldErrors).toEqual({ agreement: DOCUMENT_MESSAGES.acceptTerms });
    // the files that passed are kept for the next try
    expect(Object.keys(failure.kept ?? {}).sort()).toEqual(["identityProof", "portfolio", "profilePhoto", "selfie"]);

    const latest = (await documentsOf(provider.id)).terms.latest!;
    const kept = Object.entries(failure.kept ?? {}).flatMap(([field, list]) => list!.map((k): Part => ["kept", `${field}:${k.token}`]));
    const ticked = await wizardAction(
      providerRoute(provider.id, stepRequest("documents", multipart([...kept, ["agreement", String(latest.id)]]))),
      STEP_MODULES,
    );
    expect(ticked).toHaveRedirect("/provider/complete-profile?step=plan");
    const after = await documentsOf(provider.id);
    expect(after.terms.accepted).toMatchObject({ version: latest.version, accepted_ip: "203.0.113.77" });
    expect(after.data).toMatchObject({ file_names: expect.objectContaining({ [String(after.data?.selfie)]: "selfie.png" }) });
    const again = await loadWizard<DocumentsView>(providerRoute(provider.id, stepRequest("documents")), STEP_MODULES);
    expect(again.view.terms.ask).toBe(false);
    expect(again.view.terms.accepted?.version).toBe(latest.version);

    // the admin sees who accepted what, and is never asked to accept for the provider
    const adminView = payload<{ frame: WizardFrame; view: DocumentsView }>(
      await callRoute(editForm, await requestAs("admin", `/admin/edit-provider-details/${provider.id}?step=documents`), {
        providerId: String(provider.id),
      }),
    ).view;
    expect(adminView.terms).toMatchObject({ ask: false, byAdmin: true, accepted: { version: latest.version, ip: "203.0.113.77" } });
    expect(TERMS_LABELS.acceptedByProvider("v", "d", "ip")).toContain("from ip");
  });
});

describe("Documents & Terms: refused and repeated saves (Edit Form)", () => {
  const postAsAdmin = async (id: number, parts: Part[]) => {
    const path = `/admin/edit-provider-details/${id}?step=documents`;
    const signed = await requestAs("admin", path, { method: "POST" });
    const request = new Request(new URL(path, ADMIN_ORIGIN), {
      method: "POST",
      headers: { Cookie: signed.headers.get("Cookie") ?? "" },
      body: multipart(parts),
    });
    return callRoute(editForm, request, { providerId: String(id) });
  };

  it("a renamed .exe as Profile Photo is the only message; the identity proof and selfie that passed are kept (over 1 MB too)", async () => {
    const provider = await providerAtDocuments(apiCall, { documents: false });
    const bigPdf = Buffer.concat([PDF, Buffer.alloc(1.5 * 1024 * 1024, 0x20), Buffer.from("\n%%EOF\n", "latin1")]);
    const answer = await postAsAdmin(provider.id, [
      ["profilePhoto", { name: "holiday.png", bytes: EXE }],
      ["identityProof", { name: "aadhaar.pdf", bytes: bigPdf }],
      ["selfie", { name: "selfie.png", bytes: photo() }],
    ]);
    expect(statusOf(answer)).toBe(400);
    const failure = payload<DocumentsFailure>(answer);
    expect(failure.fieldErrors).toEqual({ profilePhoto: DOCUMENT_MESSAGES.wrongType });
    expect(failure.kept?.identityProof?.map((k) => k.name)).toEqual(["aadhaar.pdf"]);
    expect(failure.kept?.selfie?.map((k) => k.name)).toEqual(["selfie.png"]);
  });

  it("a double submit of the first save is harmless: both answers finish the wizard, one documents row, never the API's own words", async () => {
    const provider = await providerAtDocuments(apiCall, { documents: false });
    const parts: Part[] = [...required(), ["panNumber", "ABCDE1234F"]];
    const [first, second] = await Promise.all([postAsAdmin(provider.id, parts), postAsAdmin(provider.id, parts)]);
    for (const answer of [first, second]) {
      expect(answer).toHaveRedirect("/admin/service-provider");
      expect(await readToast(answer as Response)).toMatchObject({ type: "success", message: WIZARD_MESSAGES.profileUpdated });
    }
    const { data } = await documentsOf(provider.id);
    expect(data).toMatchObject({ panNumber: "ABCDE1234F" });
    expect(String(data?.selfie)).toMatch(/^selfie-/);
  });
});

describe("Subscribe and the thank-you page", () => {
  const PASSWORD = "Provider@Terms1";
  async function signedIn(username: string) {
    const response = expectRedirect(
      await callRoute(
        login,
        await requestAs(null, "/provider/login", { form: { username, password: PASSWORD } }),
        {},
        { clientAddress: "127.0.0.1" },
      ),
      "/provider",
    );
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${PROVIDER_SESSION_COOKIE}=`));
    return cookie!.split(";")[0];
  }

  it("/provider/thank-you sends a provider who has not subscribed to their wizard; another provider's file is 404", async () => {
    const { data: account } = await apiCall<{ data: { serviceProvider_id: number; username: string } }>(
      "/test-fixtures/provider-accounts",
      { method: "POST", body: { password: PASSWORD } },
    );
    const cookie = await signedIn(account.username);
    const answer = await callRoute(thankYou, await requestAs(null, "/provider/thank-you", { headers: { Cookie: cookie } }));
    expect(answer).toHaveRedirect("/provider/complete-profile");

    const other = await providerAtDocuments(apiCall);
    const { data } = await documentsOf(other.id);
    const name = String(data?.selfie);
    const thrown = await callRoute(providerFiles, await requestAs(null, `/provider/files/${name}`, { headers: { Cookie: cookie } }), {
      name,
    }).catch((e: unknown) => e);
    expect(statusOf(thrown)).toBe(404);
  });

  it("two quick Subscribes with different plans register the first; the second lands on thank-you told so, and the plan section is what was registered", async () => {
    const provider = await providerAtDocuments(apiCall, { registered: false, documents: false });
    await apiCall(`/save-service-provider-form?serviceProviderId=${provider.id}`, {
      method: "PUT",
      actingAdmin: "admin",
      body: { section: "documents", data: { panNumber: "ABCDE1234F" } },
    });
    const plans = (await apiCall<{ data: { plan_id: number }[] }>("/provider-plans")).data;
    const [a, b] = plans;
    // a thrown redirect is an answer too (Remix sends it)
    const subscribe = (plan: number) =>
      wizardAction(
        providerRoute(provider.id, stepRequest("plan", new URLSearchParams({ plan_id: String(plan), intent: "save" }))),
        STEP_MODULES,
      ).catch((thrown: unknown) => thrown);
    const first = await subscribe(a.plan_id);
    expect((first as Response).headers.get("Location"), JSON.stringify(await readToast(first as Response))).toBe("/provider/thank-you");
    const second = await subscribe(b.plan_id);
    expect(second).toHaveRedirect("/provider/thank-you");
    expect(await readToast(second as Response)).toMatchObject({ type: "info", message: WIZARD_MESSAGES.alreadySubscribed });
    const saved = (
      await apiCall<{ data: { plan: { plan_id: number } | null; plan_id: number | null } }>(
        `/get-saved-form-data?serviceProviderId=${provider.id}`,
      )
    ).data;
    expect(saved.plan_id).toBe(a.plan_id);
    expect(saved.plan?.plan_id).toBe(a.plan_id);
  });
});
