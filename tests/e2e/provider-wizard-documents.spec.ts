import type { Page } from "@playwright/test";
import { DOCUMENT_MESSAGES, MB } from "~contract/provider-documents";
import { docx } from "../support/office-files";
import { mp4, NOT_A_PDF, PDF, photo, providerAtDocuments, saveSectionsBeforeDocuments } from "../support/provider-wizard-files";
import { WIZARD_MESSAGES } from "~contract/provider-wizard-labels";
import { apiCall, expect, test } from "./fixtures";

/**
 * The provider wizard's Documents & Terms step through the admin's Edit Form (edit mode: it is the
 * last step, so its button is Update Details and saving returns to the providers list), with
 * JavaScript on and off. Each test makes its own provider with the earlier sections saved.
 */

const toasts = (page: Page) => page.locator(".toasts");
const documentsUrl = (id: number) => `/admin/edit-provider-details/${id}?step=documents`;
const documentsOf = async (id: number) =>
  (await apiCall<{ data: Record<string, string | null> | null }>(`/get-document?serviceProviderId=${id}`)).data;
const FILE_FIELDS = [
  "profilePhoto",
  "portfolio",
  "companyProfile",
  "identityProof",
  "selfie",
  "certificate",
  "companyResume",
  "gstCertificate",
] as const;
/** No file and no document field saved (the row may exist: Service Details keeps the certification id and year of passing in it). */
const nothingSaved = (row: Record<string, string | null> | null) =>
  row === null || [...FILE_FIELDS, "panNumber", "gstNo", "websiteLink", "documentComment"].every((field) => row[field] === null);
const file = (name: string, buffer: Buffer, mimeType = "application/octet-stream") => ({ name, mimeType, buffer });
const portfolio = (n: number) => Array.from({ length: n }, (_, i) => file(`work-${i}.mp4`, mp4(8192), "video/mp4"));

async function chooseRequired(page: Page) {
  await page.getByLabel("Profile Photo").setInputFiles(file("me.png", photo(), "image/png"));
  await page.getByLabel("Identity Proof").setInputFiles(file("id.pdf", PDF, "application/pdf"));
  await page.getByLabel("Selfie").setInputFiles(file("selfie.png", photo(), "image/png"));
}
/** the message shown beside a field (its error text, linked by aria-describedby) */
const errorOf = (page: Page, label: string) => page.locator(`[id="${`documents-${label}`}-error"]`);

test("an admin uploads a provider's documents and lands back on the providers list; the stored files are linked", async ({
  page,
  loginAs,
}) => {
  const provider = await providerAtDocuments(apiCall, { documents: false });
  await loginAs("admin");
  await page.goto(documentsUrl(provider.id));
  await expect(page.getByRole("heading", { name: "Documents & Terms" })).toBeVisible();
  await chooseRequired(page);
  await page.getByLabel("Address Proof").setInputFiles([file("bill.pdf", PDF, "application/pdf")]);
  await page.getByLabel("Portfolio").setInputFiles(portfolio(3));
  await page.getByLabel("PAN Number").fill("abcde1234f");
  await page.getByLabel("GST Number").fill("27ABCDE1234F1Z5");
  await page.getByLabel("Comment").fill("All attached");
  await page.getByRole("button", { name: "Update Details" }).click();

  await expect(page).toHaveURL(/\/admin\/service-provider$/);
  await expect(toasts(page)).toContainText("Profile Updated Successfully");
  const record = await documentsOf(provider.id);
  expect(record?.portfolio?.split(",")).toHaveLength(3);
  expect(record).toMatchObject({ panNumber: "ABCDE1234F", documentComment: "All attached" });

  await page.goto(documentsUrl(provider.id));
  await expect(page.getByLabel("PAN Number")).toHaveValue("ABCDE1234F");
  // each stored file is linked under the name it was chosen under
  const selfie = page.getByRole("link", { name: "selfie.png", exact: true });
  await expect(selfie).toHaveAttribute("href", `/admin/provider-details/${provider.id}/files/${record!.selfie}`);
  // stored: no longer required, each portfolio file linked
  await expect(page.getByLabel("Selfie")).not.toHaveAttribute("required", "");
  for (const i of [0, 1, 2]) await expect(page.getByRole("link", { name: `work-${i}.mp4`, exact: true })).toBeVisible();
  const opened = await page.request.get(`/admin/provider-details/${provider.id}/files/${record!.selfie}`);
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("image/png");
});

test("a file whose bytes are not its type is refused by the server: Validation Error beside the field, typed values kept, nothing saved", async ({
  page,
  loginAs,
}) => {
  const provider = await providerAtDocuments(apiCall, { documents: false });
  await loginAs("admin");
  await page.goto(documentsUrl(provider.id));
  await chooseRequired(page);
  await page.getByLabel("Identity Proof").setInputFiles(file("id.pdf", NOT_A_PDF, "application/pdf"));
  await page.getByLabel("Portfolio").setInputFiles(portfolio(3));
  await page.getByLabel("Certification Id").fill("ICAI-42");
  await page.getByRole("button", { name: "Update Details" }).click();

  await expect(errorOf(page, "identityProof")).toHaveText(DOCUMENT_MESSAGES.wrongType);
  await expect(page.getByRole("alert").filter({ hasText: "Validation Error" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/edit-provider-details/${provider.id}\\?step=documents$`));
  await expect(page.getByLabel("Certification Id")).toHaveValue("ICAI-42");
  expect(nothingSaved(await documentsOf(provider.id))).toBe(true);
});

const rules: [string, string, string, (page: Page) => Promise<void>][] = [
  [
    "a file over 2 MB",
    "companyProfile",
    DOCUMENT_MESSAGES.tooLarge(2),
    (page) =>
      page.getByLabel("Company Profile").setInputFiles(file("big.pdf", Buffer.concat([PDF, Buffer.alloc(2 * MB)]), "application/pdf")),
  ],
  [
    "too few portfolio files",
    "portfolio",
    DOCUMENT_MESSAGES.portfolioMin,
    (page) => page.getByLabel("Portfolio").setInputFiles(portfolio(2)),
  ],
  [
    "too many address proofs",
    "certificate",
    DOCUMENT_MESSAGES.addressProofMax,
    (page) => page.getByLabel("Address Proof").setInputFiles([1, 2, 3].map((i) => file(`bill-${i}.pdf`, PDF, "application/pdf"))),
  ],
  [
    "a type not accepted",
    "companyResume",
    DOCUMENT_MESSAGES.wrongType,
    (page) => page.getByLabel("Company Resume").setInputFiles(file("resume.txt", Buffer.from("plain text"), "text/plain")),
  ],
];
for (const [what, field, message, choose] of rules) {
  test(`${what} is refused with "${message}" and nothing is saved`, async ({ page, loginAs }) => {
    const provider = await providerAtDocuments(apiCall, { documents: false });
    await loginAs("admin");
    await page.goto(documentsUrl(provider.id));
    await chooseRequired(page);
    if (field !== "portfolio") await page.getByLabel("Portfolio").setInputFiles(portfolio(3));
    await choose(page);
    if (test.info().project.name === "js") {
      // said as the files are chosen, before anything is sent
      await expect(errorOf(page, field)).toHaveText(message);
    }
    await page.getByRole("button", { name: "Update Details" }).click();
    await expect(errorOf(page, field)).toHaveText(message);
    await expect(page).toHaveURL(new RegExp(`/admin/edit-provider-details/${provider.id}\\?step=documents$`));
    expect(nothingSaved(await documentsOf(provider.id))).toBe(true);
  });
}

/** a Windows program renamed to look like a picture */
const EXE = Buffer.concat([Buffer.from("MZ", "latin1"), Buffer.alloc(400, 0x90)]);
/** a valid PDF over 1 MB */
const BIG_PDF = Buffer.concat([PDF, Buffer.alloc(Math.round(1.5 * MB), 0x20), Buffer.from("\n%%EOF\n", "latin1")]);

test("a refused save names only the refused file; the files that passed (over 1 MB too) are kept and go with the next save", async ({
  page,
  loginAs,
}) => {
  const provider = await providerAtDocuments(apiCall, { documents: false });
  await loginAs("admin");
  await page.goto(documentsUrl(provider.id));
  await page.getByLabel("Profile Photo").setInputFiles(file("holiday.png", EXE, "image/png"));
  await page.getByLabel("Identity Proof").setInputFiles(file("aadhaar.pdf", BIG_PDF, "application/pdf"));
  await page.getByLabel("Selfie").setInputFiles(file("selfie.png", photo(), "image/png"));
  await page.getByLabel("Portfolio").setInputFiles(portfolio(3));
  await page.getByRole("button", { name: "Update Details" }).click();

  await expect(errorOf(page, "profilePhoto")).toHaveText(DOCUMENT_MESSAGES.wrongType);
  await expect(page.getByText("Please upload the identity proof.")).toHaveCount(0);
  await expect(page.getByText("Please upload the selfie.")).toHaveCount(0);
  await expect(page.getByText("Kept from your last try: aadhaar.pdf", { exact: false })).toBeVisible();
  await expect(page.getByText("Kept from your last try: selfie.png", { exact: false })).toBeVisible();
  expect(await documentsOf(provider.id)).toBeNull();

  // only the refused file is chosen again (without JavaScript the others are not in their inputs any more)
  await page.getByLabel("Profile Photo").setInputFiles(file("portrait.png", photo(), "image/png"));
  if (test.info().project.name !== "js") await expect(page.getByLabel("Identity Proof")).not.toHaveAttribute("required", "");
  await page.getByRole("button", { name: "Update Details" }).click();
  await expect(page).toHaveURL(/\/admin\/service-provider$/);
  const record = await documentsOf(provider.id);
  expect(record?.identityProof).toMatch(/^identityProof-/);
  await page.goto(documentsUrl(provider.id));
  await expect(page.getByRole("link", { name: "aadhaar.pdf", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "portrait.png", exact: true })).toBeVisible();
});

test("a double click on the first save is harmless: the wizard finishes, never the API's internal text", async ({ page, loginAs }) => {
  const provider = await providerAtDocuments(apiCall, { documents: false });
  await loginAs("admin");
  await page.goto(documentsUrl(provider.id));
  await chooseRequired(page);
  await page.getByLabel("Portfolio").setInputFiles(portfolio(3));
  await page.getByRole("button", { name: "Update Details" }).dblclick();
  await expect(page).toHaveURL(/\/admin\/service-provider$/);
  await expect(toasts(page)).toContainText("Profile Updated Successfully");
  await expect(page.getByText("update-document")).toHaveCount(0);
  expect((await documentsOf(provider.id))?.selfie).toMatch(/^selfie-/);
});

test("an optional file keeps its name (resume.docx) and can be removed", async ({ page, loginAs }) => {
  const provider = await providerAtDocuments(apiCall, { documents: false });
  await loginAs("admin");
  await page.goto(documentsUrl(provider.id));
  await chooseRequired(page);
  await page.getByLabel("Portfolio").setInputFiles(portfolio(3));
  await page.getByLabel("Company Resume").setInputFiles(file("resume.docx", docx()));
  await page.getByRole("button", { name: "Update Details" }).click();
  await expect(page).toHaveURL(/\/admin\/service-provider$/);
  await page.goto(documentsUrl(provider.id));
  await expect(page.getByRole("link", { name: "resume.docx", exact: true })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Remove the stored selfie" })).toHaveCount(0);
  await page.getByRole("checkbox", { name: "Remove the stored company resume" }).check();
  await page.getByRole("button", { name: "Update Details" }).click();
  await expect(page).toHaveURL(/\/admin\/service-provider$/);
  expect((await documentsOf(provider.id))?.companyResume).toBeNull();
  await page.goto(documentsUrl(provider.id));
  await expect(page.getByRole("link", { name: "resume.docx", exact: true })).toHaveCount(0);
});

const PASSWORD = "Provider@E2e12345";
test("a new provider reads and accepts the latest published terms; the admin's provider details show the accepted version; thank-you waits for the Subscribe", async ({
  page,
  loginAs,
}) => {
  const version = `E2E-terms-${Math.random().toString(36).slice(2, 8)}`;
  await apiCall("/clickwrap/clickwraps/", {
    method: "POST",
    actingAdmin: "admin",
    body: { version, status: "published", text: "<p>Be fair to your clients.</p>" },
  });
  const { data: account } = await apiCall<{ data: { serviceProvider_id: number; username: string } }>("/test-fixtures/provider-accounts", {
    method: "POST",
    body: { password: PASSWORD },
  });
  await saveSectionsBeforeDocuments(apiCall, account.serviceProvider_id);
  await page.goto("/provider/thank-you");
  const form = page.getByRole("form", { name: "Provider sign-in" });
  await form.getByLabel("Username").fill(account.username);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  // not registered yet: thank-you sends them to their wizard
  await expect(page).toHaveURL(/\/provider\/complete-profile/);

  await page.goto("/provider/complete-profile?step=documents");
  const terms = page.getByRole("group", { name: "Terms and Conditions" });
  await expect(terms).toContainText(`Version ${version}`);
  await expect(terms).toContainText("Be fair to your clients.");
  await chooseRequired(page);
  await page.getByLabel("Portfolio").setInputFiles(portfolio(3));
  await page.getByLabel("Certification Id").fill("ICAI-55");
  await page.getByLabel("Year of Passing").fill("2014");
  await page.getByRole("checkbox", { name: `I have read and accept the Terms and Conditions (version ${version})` }).check();
  await page.getByRole("button", { name: "Save & Continue" }).dblclick();
  await expect(page).toHaveURL(/step=plan$/);
  const held = await apiCall<{ terms: { accepted: { version: string; accepted_ip: string } | null } }>(
    `/get-document?serviceProviderId=${account.serviceProvider_id}`,
  );
  expect(held.terms.accepted?.version).toBe(version);
  expect(held.terms.accepted?.accepted_ip).toBeTruthy();

  await page.goto("/provider/complete-profile?step=documents");
  await expect(page.getByLabel("Certification Id")).toHaveValue("ICAI-55");
  await expect(page.getByLabel("Year of Passing")).toHaveValue("2014");
  await expect(page.getByRole("checkbox", { name: /I have read and accept/ })).toHaveCount(0);
  await expect(page.getByText(`You accepted version ${version} on`)).toBeVisible();

  await loginAs("admin");
  await page.goto(`/admin/provider-details/${account.serviceProvider_id}`);
  await expect(page.getByText(`Accepted T&C: ${version}`)).toBeVisible();
  expect(WIZARD_MESSAGES.registered).toBeTruthy();
});
