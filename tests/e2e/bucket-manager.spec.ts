import type { Page } from "@playwright/test";
import { expect, test, type apiCall as ApiCall } from "./fixtures";
import { png } from "../support/images";

const LIST = "/admin/s3-bucket-manager";
const toasts = (page: Page) => page.locator(".toasts");
const rows = (page: Page) => page.locator("table.data-table tbody tr");
const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** today in India, as the date picker takes it */
const indiaToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());

async function searchFor(page: Page, name: string, date = "") {
  await page.goto(LIST);
  await expect(page.getByRole("heading", { name: "S3 Bucket Manager", level: 1 })).toBeVisible();
  await page.getByLabel("Search by name").fill(name);
  if (date) await page.getByLabel("Upload date").fill(date);
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${name}`));
}

/** A stored file of this test's own, through the API. */
async function storedFile(apiCall: typeof ApiCall, name: string): Promise<{ id: number; file_name: string }> {
  const form = new FormData();
  form.append("files", new Blob([new Uint8Array(png(30, 20))]), name);
  return (await apiCall<{ data: { id: number; file_name: string }[] }>("/s3/upload", { method: "POST", body: form, actingAdmin: "admin" }))
    .data[0];
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("uploads a file, finds it by name and by date, previews it in the zoom dialog, deletes it after confirming", async ({ page }) => {
  const name = `e2e-${suffix()}.png`;
  await page.goto(LIST);
  await expect(page.getByRole("button", { name: "Fetch S3 Bucket Data" })).toBeVisible();
  await page.getByLabel("Files to upload").setInputFiles({ name, mimeType: "image/png", buffer: png(40, 30) });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  if (test.info().project.name === "no-js") await expect(toasts(page)).toContainText(`${name} uploaded.`);
  else await expect(page.getByRole("status").filter({ hasText: `${name} uploaded.` })).toBeVisible();

  await searchFor(page, name.slice(0, -4).toUpperCase());
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row).toContainText(name);
  await expect(row).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} (AM|PM)/);
  await expect(row).toContainText(/\d+ B|KB/);
  await expect(page.getByText("Showing 1 to 1 of 1 entries")).toBeVisible();
  const thumb = row.locator("img");
  await expect(thumb).toHaveAttribute("loading", "lazy");
  await expect(thumb).toHaveAttribute("width", "100");
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
  await page.screenshot({ path: `test-results/shots/bucket-manager-${test.info().project.name}.png`, fullPage: true });

  // by date: today finds it, another day does not
  await searchFor(page, name, indiaToday());
  await expect(rows(page)).toHaveCount(1);
  await searchFor(page, name, "2020-01-01");
  await expect(page.getByText("No Data Found")).toBeVisible();
  await searchFor(page, name);

  // the zoom dialog
  await row.getByRole("link", { name: `Preview ${name}` }).click();
  await expect(page).toHaveURL(/preview=\d+/);
  const zoom = page.getByRole("dialog", { name });
  await expect(zoom.getByRole("img", { name })).toBeVisible();
  await page.screenshot({ path: `test-results/shots/bucket-manager-zoom-${test.info().project.name}.png` });
  await zoom.getByRole("link", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // delete, confirmed
  await row.getByRole("link", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(confirm).toContainText("You won't be able to revert this!");
  await confirm.getByRole("button", { name: "Yes, delete it!" }).click();
  await expect(toasts(page)).toContainText("Deleted!");
  await expect(toasts(page)).toContainText("Your file has been deleted.");
  await expect(page.getByText("No Data Found")).toBeVisible();
});

test("refuses to delete a file a post uses, saying which post", async ({ page, apiCall }) => {
  const tag = suffix();
  const file = await storedFile(apiCall, `e2e-used-${tag}.png`);
  await apiCall("/blog/articles/", {
    method: "POST",
    actingAdmin: "admin",
    body: { title: `Post ${tag}`, content: `<p><img src="${LIST}/files/${file.file_name}" alt="x"></p>` },
  });
  await searchFor(page, file.file_name);
  await rows(page)
    .first()
    .getByRole("link", { name: `Delete ${file.file_name}` })
    .click();
  await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Yes, delete it!" }).click();
  const refused = page.getByRole("dialog", { name: "Error!" });
  await expect(refused).toContainText(`this file is used by the post “Post ${tag}”`);
  await refused.getByRole("link", { name: "Close" }).click();
  await expect(rows(page)).toHaveCount(1);
});

test("the demo data's files are listed (catalogued when the API wrote them)", async ({ page }) => {
  await searchFor(page, "final-1.pdf");
  const row = rows(page).filter({ hasText: "final-1.pdf" });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("img", { name: "PDF file" })).toBeVisible();
});

test("Fetch S3 Bucket Data tells what changed", async ({ page }) => {
  await page.goto(LIST);
  await page.getByRole("button", { name: "Fetch S3 Bucket Data" }).click();
  await expect(toasts(page)).toContainText(/Bucket data fetched: \d+ added, \d+ updated, \d+ removed/);
});

test("issue 28: files over 1 MB upload up to the page's 10 MB; an 11 MB file is refused with the page's message", async ({
  page,
  apiCall,
}) => {
  // 22 MB sent, and the list's thumbnails of the 2 MB and 9 MB pictures loaded: slow on a busy machine
  test.setTimeout(90_000);
  const js = test.info().project.name === "js";
  const tag = suffix();
  const two = `e2e-2mb-${tag}.png`;
  const nine = `e2e-9mb-${tag}.png`;
  const eleven = `e2e-11mb-${tag}.png`;
  await page.goto(LIST);
  await expect(page.getByText("at most 10 MB each, 20 files and 50 MB at once")).toBeVisible();
  await page.getByLabel("Files to upload").setInputFiles([
    { name: two, mimeType: "image/png", buffer: png(20, 20, { atLeastBytes: 2 * 1024 * 1024 }) },
    { name: nine, mimeType: "image/png", buffer: png(20, 20, { atLeastBytes: 9 * 1024 * 1024 }) },
    { name: eleven, mimeType: "image/png", buffer: png(20, 20, { atLeastBytes: 11 * 1024 * 1024 }) },
  ]);
  // with JS a double click sends them once (the button waits for the first); without, one click
  const upload = page.getByRole("button", { name: "Upload", exact: true });
  if (js) await upload.dblclick();
  else await upload.click();
  const results = page.getByRole("status", { name: "Upload results" });
  await expect(results).toContainText(`${two} uploaded.`, { timeout: 20_000 });
  await expect(results).toContainText(`${nine} uploaded.`, { timeout: 20_000 });
  await expect(results).toContainText("File(s) size exceeds limit. Please upload files smaller than 10 MB.");
  await expect(results.getByRole("listitem").filter({ hasText: eleven })).toContainText("smaller than 10 MB");
  await expect(results).not.toContainText("upload failed");

  for (const name of [two, nine]) {
    await page.goto(`${LIST}?search=${name}`);
    await expect(rows(page)).toHaveCount(1);
  }
  await page.goto(`${LIST}?search=${eleven}`);
  await expect(page.getByText("No Data Found")).toBeVisible();
  // this test's files go
  for (const name of [two, nine]) {
    const listed = await apiCall<{ data: { results: { id: number; file_name: string }[] } }>(`/s3/list?search=${encodeURIComponent(name)}`);
    for (const file of listed.data.results)
      await apiCall("/s3/delete", { method: "POST", actingAdmin: "admin", body: { key: file.file_name, id: file.id } });
  }
});

test("issue 28: the zoom shows a small picture at its own size, and a PDF inline from the admin's own file route", async ({
  page,
  apiCall,
}) => {
  const tag = suffix();
  const picture = `e2e-small-${tag}.png`;
  await storedFile(apiCall, picture); // 30×20
  await searchFor(page, picture);
  await rows(page)
    .first()
    .getByRole("link", { name: `Preview ${picture}` })
    .click();
  const zoomed = page.getByRole("dialog", { name: picture }).getByRole("img", { name: picture });
  await expect.poll(() => zoomed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(30);
  // never stretched: shown at 30×20, not blown up to the dialog's width
  expect(await zoomed.evaluate((img: HTMLImageElement) => [img.clientWidth, img.clientHeight])).toEqual([30, 20]);

  const pdf = `e2e-doc-${tag}.pdf`;
  const form = new FormData();
  form.append(
    "files",
    new Blob([
      Buffer.from(
        "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
      ),
    ]),
    pdf,
  );
  await apiCall("/s3/upload", { method: "POST", body: form, actingAdmin: "admin" });
  await searchFor(page, pdf);
  await rows(page)
    .first()
    .getByRole("link", { name: `Preview ${pdf}` })
    .click();
  const frame = page.getByRole("dialog", { name: pdf }).locator("iframe");
  await expect(frame).toHaveAttribute("title", `PDF preview of ${pdf}`);
  const src = (await frame.getAttribute("src"))!;
  expect(src).toBe(`/admin/s3-bucket-manager/files/${pdf}`);
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("application/pdf");
  expect(served.headers()["content-disposition"]).toMatch(/^inline/);
  expect(served.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
  await expect(page.getByRole("dialog", { name: pdf }).getByRole("link", { name: "Open file" })).toHaveAttribute("href", src);
});

test("issue 28: the Unused filter lists post images no post uses, and sweeps them after confirming; a used one stays", async ({
  page,
  apiCall,
}) => {
  const postImage = async () => {
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(png(6, 6))], { type: "image/png" }), "p.png");
    return apiCall<{ name: string; image_url: string }>("/blog/article-image-upload/", {
      method: "POST",
      body: form,
      actingAdmin: "admin",
    });
  };
  const unused = await postImage();
  const used = await postImage();
  await apiCall("/blog/articles/", {
    method: "POST",
    actingAdmin: "admin",
    body: { title: `Uses ${used.name}`, content: `<p><img src="${used.image_url}" alt="x"></p>` },
  });

  await page.goto(`${LIST}?search=${used.name}`);
  await page.getByRole("link", { name: "Unused post images" }).click();
  await expect(page).toHaveURL(/unused=1/);
  await expect(page.getByRole("link", { name: "Unused post images" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No Data Found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Delete all unused post images" })).toHaveCount(0);

  await page.goto(`${LIST}?unused=1&search=${unused.name}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(unused.name);
  await page.getByRole("link", { name: "Delete all unused post images" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete the unused post images?" });
  await expect(confirm).toContainText("1 post image that no post uses will be deleted. You won't be able to revert this!");
  await confirm.getByRole("button", { name: "Yes, delete them!" }).click();
  await expect(toasts(page)).toContainText("1 unused post image deleted.");
  await expect(page).toHaveURL(new RegExp(`unused=1&search=${unused.name}$`));
  await expect(page.getByText("No Data Found")).toBeVisible();
  // the used one is still stored
  await searchFor(page, used.name);
  await expect(rows(page)).toHaveCount(1);
});

test("issue 29: a file named a;b.png (as Chromium sends it) is refused with the name rule beside its name, the others stored", async ({
  page,
  apiCall,
}) => {
  const tag = suffix();
  const good = `e2e-semi-ok-${tag}.png`;
  const bad = `e2e;semi-${tag}.png`;
  await page.goto(LIST);
  await page.getByLabel("Files to upload").setInputFiles([
    { name: bad, mimeType: "image/png", buffer: png(12, 12) },
    { name: good, mimeType: "image/png", buffer: png(10, 10) },
  ]);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  const results = page.getByRole("status", { name: "Upload results" });
  await expect(results.getByRole("listitem").filter({ hasText: bad })).toContainText(
    "The file's name may hold only letters, digits, spaces and ._()+- (at most 255 characters).",
  );
  await expect(results).toContainText(`${good} uploaded.`);
  await expect(page.getByText(/Unexpected Server Error|Application Error/)).toHaveCount(0);
  const listed = await apiCall<{ data: { results: { id: number; file_name: string }[] } }>(`/s3/list?search=${encodeURIComponent(tag)}`);
  expect(listed.data.results.map((f) => f.file_name)).toEqual([good]);
  for (const file of listed.data.results)
    await apiCall("/s3/delete", { method: "POST", actingAdmin: "admin", body: { key: file.file_name, id: file.id } });
});
