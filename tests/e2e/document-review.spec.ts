import { randomBytes } from "node:crypto";
import type { DocumentReviewRow } from "~contract/service-providers";
import { expect, test, type apiCall as ApiCallFn } from "./fixtures";

type ApiCall = typeof ApiCallFn;

const prefix = () => `docrev_${randomBytes(4).toString("hex")}`;

/** `count` copies of a demo provider with its documents, named `<name>…` (a search for `name` finds only them). */
async function makeProviders(apiCall: ApiCall, name: string, count: number) {
  const made: { serviceProvider_id: number; username: string }[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await apiCall<{ data: { serviceProvider_id: number; username: string } }>("/test-fixtures/providers", {
      method: "POST",
      body: { prefix: name },
    });
    made.push(answer.data);
  }
  return made;
}

const reviewsOf = async (apiCall: ApiCall, name: string) =>
  (await apiCall<{ data: DocumentReviewRow[] }>(`/get-all-serviceprovider-documents?search=${name}&page_size=100`)).data;

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("documents review: Approve one row, Reject another with a reason, then filter by review", async ({ page, apiCall }) => {
  const name = prefix();
  const [one, two] = await makeProviders(apiCall, name, 2);
  await page.goto(`/admin/documents?search=${name}`);
  const rowOf = (username: string) => page.locator("table.data-table tbody tr").filter({ hasText: username });
  await expect(rowOf(one.username)).toContainText("Pending");

  // Approve: a confirmation over the list
  await rowOf(one.username)
    .getByRole("link", { name: `Approve the documents of ${one.username}` })
    .click();
  const approve = page.getByRole("dialog", { name: "Approve these documents?" });
  await expect(approve).toBeVisible();
  await approve.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Documents approved")).toBeVisible();
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(rowOf(one.username)).toContainText("Approved");

  // Reject: the reason is asked for; without one the dialog says so
  await rowOf(two.username)
    .getByRole("link", { name: `Reject the documents of ${two.username}` })
    .click();
  const reject = page.getByRole("dialog", { name: "Reject these documents?" });
  await expect(reject).toBeVisible();
  await reject.getByLabel("Reason").fill("   ");
  await reject.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Give the reason for rejecting")).toBeVisible();
  await page.getByRole("dialog", { name: "Reject these documents?" }).getByLabel("Reason").fill("The address proof has expired");
  await page.getByRole("dialog", { name: "Reject these documents?" }).getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Documents rejected")).toBeVisible();
  await expect(rowOf(two.username)).toContainText("Rejected");
  await expect(rowOf(two.username)).toContainText("The address proof has expired");

  const reviews = await reviewsOf(apiCall, name);
  expect(reviews.map((r) => [r.serviceProvider_id, r.review_status, r.review_reason]).sort()).toEqual(
    [
      [one.serviceProvider_id, "Approved", null],
      [two.serviceProvider_id, "Rejected", "The address proof has expired"],
    ].sort(),
  );

  // the list's filter: Review
  await page.getByLabel("Review", { exact: true }).selectOption("Rejected");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/review_status=Rejected/);
  await expect(page.locator("table.data-table tbody tr")).toHaveCount(1);
  await expect(rowOf(two.username)).toBeVisible();
});

test("documents: Select all N matching a search, Approve them all in a bulk job, then back to the filtered list", async ({
  page,
  apiCall,
}) => {
  const name = prefix();
  await makeProviders(apiCall, name, 3);
  await page.goto(`/admin/documents?search=${name}`);
  await page.getByRole("link", { name: "Select all 3 matching this filter" }).click();
  await expect(page.getByRole("heading", { name: "Bulk action: Service Provider Documents", level: 1 })).toBeVisible();
  await expect(page.getByText(`Search: ${name}`)).toBeVisible();
  await page.getByRole("radio", { name: "Approve documents" }).check();
  await page.getByRole("button", { name: "Apply to all 3" }).click();
  await expect(page).toHaveURL(/\/admin\/jobs\/\d+$/);
  await expect(page.getByRole("heading", { name: "Done", exact: true, level: 2 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("job-counts")).toContainText("Done: 3");
  await expect(page.getByTestId("job-counts")).toContainText("Failed: 0");
  expect((await reviewsOf(apiCall, name)).map((r) => r.review_status)).toEqual(["Approved", "Approved", "Approved"]);
  // back to the list as it was filtered
  await page.getByRole("link", { name: "Back to Service Provider Documents" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/documents\\?search=${name}$`));
  await expect(page.locator("table.data-table tbody tr").filter({ hasText: "Approved" })).toHaveCount(3);
});

test("documents: a bulk Reject needs its one reason", async ({ page, apiCall }) => {
  const name = prefix();
  await makeProviders(apiCall, name, 2);
  await page.goto(`/admin/jobs/new?list=documents&search=${name}`);
  await page.getByRole("radio", { name: "Reject documents (one reason for all)" }).check();
  await page.getByRole("button", { name: "Apply to all 2" }).click();
  await expect(page.getByText("Give the reason for rejecting")).toBeVisible();
  await page.getByRole("radio", { name: "Reject documents (one reason for all)" }).check();
  await page.getByRole("textbox", { name: "Reason" }).fill("Upload clearer scans");
  await page.getByRole("button", { name: "Apply to all 2" }).click();
  await expect(page.getByRole("heading", { name: "Done", exact: true, level: 2 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Upload clearer scans")).toBeVisible();
  expect((await reviewsOf(apiCall, name)).map((r) => r.review_reason)).toEqual(["Upload clearer scans", "Upload clearer scans"]);
});
