/**
 * The wizard's Documents & Terms step through the admin's Edit Form (a real multipart post,
 * streamed on to the API) and the Choose plan step in create mode (loadWizard / wizardAction with
 * a provider actor), against the real API.
 */
import { describe, expect, it } from "vitest";
import * as editForm from "~/routes/admin.edit-provider-details.$providerId";
import { DOCUMENT_MESSAGES, MB } from "~contract/provider-documents";
import type { FormFailure } from "../../app/models/form-result";
import { planTotal, WIZARD_MESSAGES } from "~contract/provider-wizard-labels";
import { checkChosenFiles, type DocumentsView } from "~/models/provider-wizard-documents-view";
import type { PlanView } from "~/models/provider-wizard-plan-view";
import type { WizardFrame } from "../../app/models/provider-wizard-labels";
import { STEP_MODULES } from "~/services/provider-wizard/steps.server";
import { loadWizard, wizardAction } from "~/services/provider-wizard/wizard.server";
import { formatPaise, inrToPaise } from "~shared/money";
import { ADMIN_ORIGIN, apiCall, callRoute, providerWizardRoute, readToast, requestAs, statusOf } from "../support/routes";
import { mp4, NOT_A_PDF, PDF, photo, providerAtDocuments } from "../support/provider-wizard-files";

type Loaded<V> = { frame: WizardFrame; view: V };
const payload = <T>(result: unknown): T =>
  result && typeof result === "object" && "data" in result && "init" in result ? (result as { data: T }).data : (result as T);
const url = (id: number, step: string) => `/admin/edit-provider-details/${id}?step=${step}`;

type Part = [string, string | { name: string; bytes: Buffer }];
/** A browser-like multipart post of the Edit Form's documents step, signed in as the demo admin. */
async function postDocuments(id: number, parts: Part[]) {
  const signed = await requestAs("admin", url(id, "documents"), { method: "POST" });
  const form = new FormData();
  for (const [field, value] of parts) {
    if (typeof value === "string") form.append(field, value);
    else form.append(field, new Blob([new Uint8Array(value.bytes)]), value.name);
  }
  form.append("intent", "save");
  const request = new Request(new URL(url(id, "documents"), ADMIN_ORIGIN), {
    method: "POST",
    headers: { Cookie: signed.headers.get("Cookie") ?? "" },
    body: form,
  });
  return callRoute(editForm, request, { providerId: String(id) });
}
const loadDocuments = async (id: number) =>
  payload<Loaded<DocumentsView>>(await callRoute(editForm, await requestAs("admin", url(id, "documents")), { providerId: String(id) }));
const documentsOf = async (id: number) =>
  (await apiCall<{ data: Record<string, string | null> | null }>(`/get-document?serviceProviderId=${id}`)).data;
const savedOf = async (id: number) =>
  (
    await apiCall<{ data: { documents: Record<string, unknown> | null; plan: Record<string, unknown> | null } }>(
      `/get-saved-form-data?serviceProviderId=${id}`,
    )
  ).data;

const required = (): Part[] => [
  ["profilePhoto", { name: "me.png", bytes: photo() }],
  ["identityProof", { name: "id.pdf", bytes: PDF }],
  ["selfie", { name: "selfie.png", bytes: photo() }],
];
const portfolio = (n = 3): Part[] =>
  Array.from({ length: n }, (_, i) => ["portfolio", { name: `work-${i}.mp4`, bytes: mp4(4096) }] as Part);

describe("the browser's check of chosen files (checkChosenFiles)", () => {
  const f = (name: string, size = 1000) => ({ name, size });
  it("says at once what the server would refuse by name, size or count", () => {
    expect(checkChosenFiles("selfie", [])).toBeNull();
    expect(checkChosenFiles("selfie", [f("me.JPG")])).toBeNull();
    expect(checkChosenFiles("selfie", [f("me.gif")])).toBe(DOCUMENT_MESSAGES.wrongType);
    expect(checkChosenFiles("selfie", [f("noextension")])).toBe(DOCUMENT_MESSAGES.wrongType);
    expect(checkChosenFiles("selfie", [f("me.png", 2 * MB + 1)])).toBe(DOCUMENT_MESSAGES.tooLarge(2));
    expect(checkChosenFiles("selfie", [f("me.png", 2 * MB)])).toBeNull();
    expect(checkChosenFiles("selfie", [f("a.png"), f("b.png")])).toBe(DOCUMENT_MESSAGES.oneFile);
    expect(checkChosenFiles("certificate", [f("a.pdf"), f("b.pdf")])).toBeNull();
    expect(checkChosenFiles("certificate", [f("a.pdf"), f("b.pdf"), f("c.pdf")])).toBe(DOCUMENT_MESSAGES.addressProofMax);
    expect(checkChosenFiles("portfolio", [f("a.mp4"), f("b.mov")])).toBe(DOCUMENT_MESSAGES.portfolioMin);
    // the portfolio: 100 MB together, any one file may be large
    expect(checkChosenFiles("portfolio", [f("a.mp4", 60 * MB), f("b.mp4", 30 * MB), f("c.pdf", 10 * MB)])).toBeNull();
    expect(checkChosenFiles("portfolio", [f("a.mp4", 60 * MB), f("b.mp4", 30 * MB), f("c.pdf", 10 * MB + 1)])).toBe(
      DOCUMENT_MESSAGES.tooLarge(100),
    );
  });
});

describe("Edit Form: Documents & Terms (?step=documents)", () => {
  it("shows the stored files as links the admin can open, and the saved fields", async () => {
    const provider = await providerAtDocuments(apiCall);
    const record = await documentsOf(provider.id);
    const { frame, view } = await loadDocuments(provider.id);
    expect(frame).toMatchObject({ step: "documents", mode: "edit" });
    expect(view.fileBase).toBe(`/admin/provider-details/${provider.id}/files`);
    expect(view.stored.profilePhoto).toEqual(record?.profilePhoto ? record.profilePhoto.split(",") : []);
    // stored required files are not asked for again
    for (const field of ["profilePhoto", "identityProof", "selfie"] as const)
      expect(view.required.includes(field)).toBe(view.stored[field].length === 0);
  });

  it("saves a real multipart post: files stored and listed, the section saved from the API's answer, the wizard finished", async () => {
    const provider = await providerAtDocuments(apiCall, { documents: false });
    expect(await documentsOf(provider.id)).toBeNull();
    expect((await loadDocuments(provider.id)).view.required).toEqual(["profilePhoto", "identityProof", "selfie"]);
    const answer = await postDocuments(provider.id, [
      ...required(),
      ["certificate", { name: "bill-1.pdf", bytes: PDF }],
      ["certificate", { name: "bill-2.png", bytes: photo() }],
      ...portfolio(3),
      ["panNumber", "abcde1234f"],
      ["gstNo", "27ABCDE1234F1Z5"],
      ["websiteLink", "https://example.com/me"],
      ["documentComment", "All attached"],
      ["certificationId", "ICAI-9"],
    ]);
    // edit mode: Documents & Terms is the last step, so its save updates the profile and leaves
    expect(answer).toHaveRedirect("/admin/service-provider");
    expect(await readToast(answer as Response)).toMatchObject({ type: "success", message: WIZARD_MESSAGES.profileUpdated });

    const record = await documentsOf(provider.id);
    expect(record?.portfolio?.split(",")).toHaveLength(3);
    expect(record?.certificate?.split(",")).toHaveLength(2);
    expect(record).toMatchObject({
      panNumber: "ABCDE1234F",
      gstNo: "27ABCDE1234F1Z5",
      websiteLink: "https://example.com/me",
      documentComment: "All attached",
      certificationId: "ICAI-9",
    });
    expect((await savedOf(provider.id)).documents).toMatchObject({
      ProfileDocument_id: record?.ProfileDocument_id,
      panNumber: "ABCDE1234F",
      certificationId: "ICAI-9",
    });

    const { view } = await loadDocuments(provider.id);
    expect(view.stored.portfolio).toEqual(record?.portfolio?.split(","));
    expect(view.stored.selfie).toEqual([record?.selfie]);
    expect(view.required).toEqual([]);
    expect(view.values).toMatchObject({ panNumber: "ABCDE1234F", documentComment: "All attached" });

    // the admin can open a stored file through the provider's files route
    const files = await import("~/routes/admin.provider-details.$providerId_.files.$name");
    const selfie = await callRoute(files, await requestAs("admin", `${view.fileBase}/${view.stored.selfie[0]}`), {
      providerId: String(provider.id),
      name: view.stored.selfie[0],
    });
    expect(statusOf(selfie)).toBe(200);
    expect((selfie as Response).headers.get("content-type")).toBe("image/png");

    // a second save updates the row: the files not sent are kept, the portfolio is replaced
    const again = await postDocuments(provider.id, [...portfolio(4), ["panNumber", "ABCDE1234F"]]);
    expect(again).toHaveRedirect("/admin/service-provider");
    const after = await documentsOf(provider.id);
    expect(after?.ProfileDocument_id).toBe(record?.ProfileDocument_id);
    expect(after?.portfolio?.split(",")).toHaveLength(4);
    expect(after?.selfie).toBe(record?.selfie);
  });

  const refusals: [string, Part[], string, string][] = [
    [
      "a file whose bytes are not its type",
      [["identityProof", { name: "id.pdf", bytes: NOT_A_PDF }]],
      "identityProof",
      DOCUMENT_MESSAGES.wrongType,
    ],
    [
      "a file over 2 MB",
      [["companyProfile", { name: "big.pdf", bytes: Buffer.concat([PDF, Buffer.alloc(2 * MB)]) }]],
      "companyProfile",
      DOCUMENT_MESSAGES.tooLarge(2),
    ],
    ["too few portfolio files", portfolio(2), "portfolio", DOCUMENT_MESSAGES.portfolioMin],
    [
      "too many address proofs",
      Array.from({ length: 3 }, (_, i) => ["certificate", { name: `a${i}.pdf`, bytes: PDF }] as Part),
      "certificate",
      DOCUMENT_MESSAGES.addressProofMax,
    ],
  ];
  for (const [what, parts, field, message] of refusals) {
    it(`refuses ${what} beside its field ("${message}"), keeps what was typed, saves nothing`, async () => {
      const provider = await providerAtDocuments(apiCall, { documents: false });
      const all: Part[] = [
        ...required(),
        ...(field === "portfolio" ? [] : portfolio(3)),
        ...parts,
        ["panNumber", "ABCDE1234F"],
        ["documentComment", `Typed for ${what}`],
      ];
      const answer = await postDocuments(provider.id, all);
      expect(statusOf(answer)).toBe(400);
      const failure = payload<FormFailure<Record<string, string>>>(answer);
      expect(failure.formError).toBe(WIZARD_MESSAGES.validationError);
      expect(failure.fieldErrors).toEqual({ [field]: message });
      expect(failure.repopulateFields).toMatchObject({ panNumber: "ABCDE1234F", documentComment: `Typed for ${what}` });
      expect(await documentsOf(provider.id)).toBeNull();
      expect((await savedOf(provider.id)).documents).toBeNull();
    });
  }

  it("refuses a wrong file on update too, and keeps the stored files", async () => {
    const provider = await providerAtDocuments(apiCall, { documents: false });
    expect(await postDocuments(provider.id, [...required(), ...portfolio(3)])).toHaveRedirect("/admin/service-provider");
    const before = await documentsOf(provider.id);
    const answer = await postDocuments(provider.id, [["selfie", { name: "selfie.png", bytes: NOT_A_PDF }], ...portfolio(3)]);
    expect(statusOf(answer)).toBe(400);
    expect(payload<FormFailure>(answer).fieldErrors).toEqual({ selfie: DOCUMENT_MESSAGES.wrongType });
    expect(await documentsOf(provider.id)).toEqual(before);
  });
});

describe("Complete Your Profile: Choose plan Free / Paid (?step=plan, create mode)", () => {
  async function providerAtPlan() {
    const provider = await providerAtDocuments(apiCall, { registered: false, documents: false });
    await apiCall(`/save-service-provider-form?serviceProviderId=${provider.id}`, {
      method: "PUT",
      actingAdmin: "admin",
      body: { section: "documents", data: { panNumber: "ABCDE1234F" } },
    });
    return provider;
  }
  const routeOf = providerWizardRoute;
  const planRequest = (form?: Record<string, string>) =>
    new Request(
      new URL("/provider/complete-profile?step=plan", ADMIN_ORIGIN),
      form ? { method: "POST", body: new URLSearchParams(form) } : {},
    );

  it("shows the Active plans with their total payable (charge × months × 1.18), and no plan step for the admin", async () => {
    const provider = await providerAtPlan();
    const { frame, view } = await loadWizard<PlanView>(routeOf(provider.id, planRequest()), STEP_MODULES);
    expect(frame).toMatchObject({ mode: "create", step: "plan", title: "Complete Your Profile" });
    const plans = (
      await apiCall<{ data: { plan_id: number; charge: string; plan_validity: number; total_payable: string }[] }>("/provider-plans")
    ).data;
    expect(view.plans.map((p) => p.plan_id)).toEqual(plans.map((p) => p.plan_id));
    for (const plan of plans) {
      const card = view.plans.find((p) => p.plan_id === plan.plan_id)!;
      // the page's total is the API's, to the paisa
      expect(planTotal(card.chargePaise, card.validity, false).total).toBe(Number(inrToPaise(plan.total_payable)));
    }
    expect(formatPaise(planTotal(49_900, 12, false).total)).toBe("₹7,065.84");
    expect(formatPaise(planTotal(49_900, 12, true).total)).toBe("₹7,565.84");
    // the admin's Edit Form never shows the plan step
    const admin = await callRoute(editForm, await requestAs("admin", url(provider.id, "plan")), { providerId: String(provider.id) });
    expect(admin).toHaveRedirect(url(provider.id, "categories"));
  });

  it('refuses no plan with "Please Select Your Plan"; saves the chosen plan with the add-on and subscribes', async () => {
    const provider = await providerAtPlan();
    const none = await wizardAction(routeOf(provider.id, planRequest({ profileReview: "on", intent: "save" })), STEP_MODULES);
    expect(statusOf(none)).toBe(400);
    expect(payload<FormFailure>(none).fieldErrors).toEqual({ plan_id: WIZARD_MESSAGES.selectPlan });
    expect(payload<FormFailure>(none).repopulateFields).toEqual({ plan_id: "", profileReview: true });
    expect((await savedOf(provider.id)).plan).toBeNull();

    const plan = (await apiCall<{ data: { plan_id: number }[] }>("/provider-plans")).data[0];
    const done = await wizardAction(
      routeOf(provider.id, planRequest({ plan_id: String(plan.plan_id), profileReview: "on", intent: "save" })),
      STEP_MODULES,
    );
    expect(done).toHaveRedirect("/provider/thank-you");
    expect(await readToast(done as Response)).toMatchObject({ type: "success", message: WIZARD_MESSAGES.registered });
    expect((await savedOf(provider.id)).plan).toEqual({ plan_id: plan.plan_id, profileReview: true });
  });
});
