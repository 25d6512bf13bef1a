import { expect, test } from "./fixtures";
import { PDF, photo } from "../support/provider-wizard-files";

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("documents review: search, dates, sort and page size live in the URL", async ({ page }) => {
  await page.goto("/admin/documents");
  await expect(page.getByRole("heading", { name: "Service Provider Documents" })).toBeVisible();
  await expect(page.getByText(/Showing 1 to 50 of \d+ entries/)).toBeVisible();

  await page.getByRole("main").getByLabel("Search", { exact: true }).fill("aarav.sharma1");
  await page.getByLabel("Start Date").fill("2020-01-01");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/search=aarav\.sharma1/);
  await expect(page).toHaveURL(/start_date=2020-01-01/);
  const row = page.getByRole("row").filter({ hasText: "aarav.sharma1" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("v2.0");
  await expect(row.getByRole("img")).toHaveCount(1);
  const preview = row.getByRole("img", { name: "profile-photo-1.jpg" });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  await page.getByLabel("End Date").fill("2000-01-01");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Start Date must be on or before End Date.")).toBeVisible();

  await page.goto("/admin/documents?page_size=10");
  await page.getByRole("link", { name: /^Username/ }).click();
  await expect(page).toHaveURL(/sortField=username&sortOrder=asc/);
  await expect(page).toHaveURL(/page_size=10/);
  await expect(page.getByRole("row")).toHaveCount(11);
  await page.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Showing 11 to 20 of \d+ entries/)).toBeVisible();
});

test("documents review (the row's dialog) and provider details show each file by the name it was chosen under", async ({
  page,
  apiCall,
}, testInfo) => {
  // a provider of the test's own, its documents sent through the API as the wizard sends them
  const made = await apiCall<{ data: { serviceProvider_id: number; username: string } }>("/test-fixtures/providers", {
    body: { variant: 0, documents: false },
  });
  const { serviceProvider_id: id, username } = made.data;
  const form = new FormData();
  form.append("profilePhoto", new Blob([new Uint8Array(photo())]), "my portrait.png");
  form.append("identityProof", new Blob([new Uint8Array(PDF)]), "aadhaar.pdf");
  form.append("selfie", new Blob([new Uint8Array(photo())]), "selfie.png");
  form.append("companyProfile", new Blob([new Uint8Array(PDF)]), "resume final.pdf");
  const doc = await apiCall<{ data: { profilePhoto: string; companyProfile: string } }>(`/create-document?serviceProviderId=${id}`, {
    body: form,
    actingAdmin: "admin",
  });

  await page.goto("/admin/documents?page_size=10");
  await page.getByRole("main").getByLabel("Search", { exact: true }).fill(username);
  await page.getByRole("button", { name: "Submit" }).click();
  const row = page.getByRole("row").filter({ hasText: username });
  await expect(row).toHaveCount(1);
  // the row: one thumbnail and a count per kind, no file links of its own
  await expect(row.getByRole("img")).toHaveCount(1);
  await expect(row.getByRole("img", { name: "my portrait.png" })).toBeVisible();
  await expect(row).toContainText("1 image · 1 PDF");
  await expect(row.getByRole("link", { name: "resume final.pdf", exact: true })).toHaveCount(0);
  await expect(row).not.toContainText(doc.data.companyProfile);

  // every file in the row's dialog: a URL of its own, over the same list (filters kept)
  await row.getByRole("link", { name: `Documents of ${username}: 1 image, 1 PDF` }).click();
  await expect(page).toHaveURL(new RegExp(`dialog=documents&id=${id}`));
  await expect(page).toHaveURL(/page_size=10/);
  const dialog = page.getByRole("dialog", { name: `Documents of ${username}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "resume final.pdf", exact: true })).toHaveAttribute(
    "href",
    `/admin/documents/${id}/files/${encodeURIComponent(doc.data.companyProfile)}`,
  );
  await expect(dialog.getByRole("link", { name: "Download resume final.pdf" })).toHaveAttribute("download", "resume final.pdf");
  await expect(dialog.getByRole("link", { name: "Download my portrait.png" })).toBeVisible();
  const picture = dialog.getByRole("img", { name: "my portrait.png" });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(dialog).toContainText("PAN Verification");
  await expect(dialog).toContainText("Accepted Agreements");
  await expect(dialog).not.toContainText(doc.data.companyProfile);
  const file = await page.request.get(`/admin/documents/${id}/files/${encodeURIComponent(doc.data.companyProfile)}?download=1`);
  expect(file.status()).toBe(200);
  if (testInfo.project.name === "js") {
    // modal with JavaScript: Escape closes it
    await page.keyboard.press("Escape");
  } else {
    await dialog.getByRole("link", { name: "Close" }).click();
  }
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(page).toHaveURL(/page_size=10/);
  await expect(row).toHaveCount(1);
  // the Close link, JS on and off
  await row.getByRole("link", { name: `Documents of ${username}: 1 image, 1 PDF` }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/dialog=/);

  await page.goto(`/admin/provider-details/${id}`);
  const documents = page.getByRole("region", { name: "Profile Documents" }).first();
  await expect(documents.getByText("resume final.pdf", { exact: true })).toBeVisible();
  await expect(documents.getByRole("link", { name: "Download resume final.pdf" })).toHaveAttribute("download", "resume final.pdf");
  await expect(documents.getByRole("img", { name: "my portrait.png" })).toBeVisible();
  await expect(documents).not.toContainText(doc.data.companyProfile);
  // the download still serves the stored file
  const download = await page.request.get(`/admin/provider-details/${id}/files/${encodeURIComponent(doc.data.companyProfile)}?download=1`);
  expect(download.status()).toBe(200);
});
