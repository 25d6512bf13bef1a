import { expect, test } from "./fixtures";
import { PDF, photo } from "../support/provider-wizard-files";

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("documents review: search, dates, sort and page size live in the URL", async ({ page }) => {
  await page.goto("/admin/documents");
  await expect(page.getByRole("heading", { name: "Service Provider Documents" })).toBeVisible();
  await expect(page.getByText(/Showing 1 to 50 of \d+ entries/)).toBeVisible();

  await page.getByLabel("Search", { exact: true }).fill("aarav.sharma1");
  await page.getByLabel("Start Date").fill("2020-01-01");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/search=aarav\.sharma1/);
  await expect(page).toHaveURL(/start_date=2020-01-01/);
  const row = page.getByRole("row").filter({ hasText: "aarav.sharma1" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("v2.0");
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

test("documents review and provider details show each file by the name it was chosen under", async ({ page, apiCall }) => {
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

  await page.goto("/admin/documents");
  await page.getByLabel("Search", { exact: true }).fill(username);
  await page.getByRole("button", { name: "Submit" }).click();
  const row = page.getByRole("row").filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("link", { name: "resume final.pdf", exact: true })).toHaveAttribute(
    "href",
    `/admin/documents/${id}/files/${encodeURIComponent(doc.data.companyProfile)}`,
  );
  await expect(row.getByRole("link", { name: "Download resume final.pdf" })).toHaveAttribute("download", "resume final.pdf");
  await expect(row.getByRole("img", { name: "my portrait.png" })).toBeVisible();
  await expect(row).not.toContainText(doc.data.companyProfile);

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
