import type { Page } from "@playwright/test";
import { DOCUMENT_MESSAGES, MB } from "../../app/models/provider-documents";
import { mp4, NOT_A_PDF, PDF, photo, providerAtDocuments } from "../support/provider-wizard-files";
import { apiCall, expect, test } from "./fixtures";

/**
 * The provider wizard's Documents & Terms step through the admin's Edit Form (edit mode: it is the
 * last step, so its button is Update Details and saving returns to the providers list), with
 * JavaScript on and off. Each test makes its own provider with the earlier sections saved.
 */

const toasts = (page: Page) => page.locator(".toasts");
const documentsUrl = (id: number) => `/admin/edit-provider-details/${id}?step=documents`;
const documentsOf = async (id: number) => (await apiCall<{ data: Record<string, string | null> | null }>(`/get-document?serviceProviderId=${id}`)).data;
const FILE_FIELDS = ["profilePhoto", "portfolio", "companyProfile", "identityProof", "selfie", "certificate", "companyResume", "gstCertificate"] as const;
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

test("an admin uploads a provider's documents and lands back on the providers list; the stored files are linked", async ({ page, loginAs }) => {
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
  const selfie = page.getByRole("link", { name: record!.selfie! });
  await expect(selfie).toHaveAttribute("href", `/admin/provider-details/${provider.id}/files/${record!.selfie}`);
  // stored: no longer required, each portfolio file linked
  await expect(page.getByLabel("Selfie")).not.toHaveAttribute("required", "");
  for (const name of record!.portfolio!.split(",")) await expect(page.getByRole("link", { name })).toBeVisible();
  const opened = await page.request.get(`/admin/provider-details/${provider.id}/files/${record!.selfie}`);
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("image/png");
});

test("a file whose bytes are not its type is refused by the server: Validation Error beside the field, typed values kept, nothing saved", async ({ page, loginAs }) => {
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
  ["a file over 2 MB", "companyProfile", DOCUMENT_MESSAGES.tooLarge(2), (page) => page.getByLabel("Company Profile").setInputFiles(file("big.pdf", Buffer.concat([PDF, Buffer.alloc(2 * MB)]), "application/pdf"))],
  ["too few portfolio files", "portfolio", DOCUMENT_MESSAGES.portfolioMin, (page) => page.getByLabel("Portfolio").setInputFiles(portfolio(2))],
  ["too many address proofs", "certificate", DOCUMENT_MESSAGES.addressProofMax, (page) => page.getByLabel("Address Proof").setInputFiles([1, 2, 3].map((i) => file(`bill-${i}.pdf`, PDF, "application/pdf")))],
  ["a type not accepted", "companyResume", DOCUMENT_MESSAGES.wrongType, (page) => page.getByLabel("Company Resume").setInputFiles(file("resume.txt", Buffer.from("plain text"), "text/plain"))],
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
