import type { Page } from "@playwright/test";
import { expect, test, type apiCall as ApiCall } from "./fixtures";

type Made = {
  user: { username: string; fullname: string; phone: string };
  provider: { username: string; fullname: string; phone: string };
  journeys: { id: number; active_step: number }[];
};

/** Journeys of this test's own (the API's test fixture: the customer app writes them, not admins). */
async function newJourneys(
  apiCall: typeof ApiCall,
  journeys: { stop: number; started_at: string; converted?: boolean; service_name?: string }[],
): Promise<Made> {
  return (await apiCall<{ data: Made }>("/test-fixtures/booking-journeys", { method: "POST", body: { journeys } })).data;
}

/**
 * A far past day no seeded journey uses, different for the js and no-js projects and for each test;
 * from 1950 on, when India's clock has been +05:30 all year (before 1946 it was not, and 09:00 IST
 * would show otherwise).
 */
function ownDay(project: string) {
  const year = (project === "js" ? 1950 : 1985) + Math.floor(Math.random() * 35);
  const month = 1 + Math.floor(Math.random() * 12);
  const day = 1 + Math.floor(Math.random() * 28);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
const at = (day: string, minutes: number) => new Date(Date.parse(`${day}T09:00:00+05:30`) + minutes * 60_000).toISOString();

/** The list filtered through the filter card, as an admin would. */
async function filterBy(page: Page, { from, to, step }: { from?: string; to?: string; step?: string }) {
  const panel = page.locator("details.filter-panel");
  if (!(await panel.evaluate((el: HTMLDetailsElement) => el.open))) await panel.locator("summary").click();
  if (from !== undefined) await page.getByLabel("Started From").fill(from);
  if (to !== undefined) await page.getByLabel("Started To").fill(to);
  if (step !== undefined) await page.getByLabel("Stopped at", { exact: true }).selectOption({ label: step });
  await page.getByRole("button", { name: "Submit", exact: true }).click();
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("opens a journey's steps: the data captured as labelled fields, and Not completed yet. on the step it stopped at", async ({
  page,
  apiCall,
}) => {
  const day = ownDay(test.info().project.name);
  // a service whose name starts with a number: "Step 3 of 45 Minutes…" read as one sentence before
  const service = "45 Minutes Video Consultation";
  const made = await newJourneys(apiCall, [{ stop: 5, started_at: at(day, 0), service_name: service }]);
  await page.goto(`/admin/track-booking-journey?start_date=${day}&end_date=${day}`);
  await expect(page.getByRole("heading", { name: "Pending Bookings (Didn't Convert to Order)", level: 1 })).toBeVisible();
  const card = page.locator(`article[data-journey="${made.journeys[0].id}"]`);
  await expect(card).toContainText(made.user.fullname);
  await expect(card).toContainText(`@${made.user.username}`);
  await expect(card).toContainText(made.user.phone);
  await expect(card).toContainText(made.provider.fullname);
  await expect(card).toContainText(`@${made.provider.username}`);
  // the one date-time format; the page says its time zone once, not after every date
  await expect(card).toContainText(/Started\s*\d{2}-\d{2}-\d{4} 09:00/);
  await expect(card).not.toContainText("IST");
  await expect(page.getByText("Times in India Standard Time (IST).")).toHaveCount(1);
  await expect(card).toContainText("Last Updated");
  await expect(page.getByText("Showing 1 to 1 of 1 entries")).toBeVisible();

  // the progress: four complete, Payment the active (current) step
  const steps = card.getByRole("list", { name: /^Progress of/ }).getByRole("listitem");
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(4)).toHaveAttribute("aria-current", "step");
  await expect(card.locator('[aria-current="step"]')).toHaveCount(1);

  await card.getByRole("link", { name: "Order Summary: completed" }).click();
  await expect(page).toHaveURL(/journey=\d+&journey_step=3/);
  const summary = page.getByRole("dialog", { name: "Order Summary" });
  // the step and the service are read apart: "Order Summary — step 3 of 5", then the service, then whose
  await expect(summary.getByRole("heading", { level: 2 })).toHaveText("Order Summary — step 3 of 5");
  await expect(summary.getByTestId("journey-step-service")).toHaveText(service);
  await expect(summary.getByTestId("journey-step-for")).toHaveText(`Journey of ${made.user.fullname}`);
  await expect(summary).not.toContainText(/Step \d of/);
  await expect(summary).toContainText(/Completed at \d{2}-\d{2}-\d{4} \d{2}:\d{2}Captured/);
  const price = summary
    .locator("dt", { hasText: /^Price$/ })
    .first()
    .locator("xpath=following-sibling::dd[1]");
  await expect(price).toHaveText(/^₹[\d,]+\.\d{2}$/);
  await expect(summary.locator("dt", { hasText: /^Delivery Time$/ }).first()).toBeVisible();
  // the chosen variation is a nested list of fields, not JSON
  await expect(summary.locator("dt", { hasText: "Chosen Variation" })).toBeVisible();
  await expect(summary.locator("dl dl dt", { hasText: "Limits" })).toBeVisible();
  await expect(summary).not.toContainText("{");
  await page.screenshot({ path: `test-results/shots/booking-journeys-dialog-${test.info().project.name}.png` });
  await summary.getByRole("link", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).not.toHaveURL(/journey=/);

  await card.getByRole("link", { name: "Payment: current step, not completed" }).click();
  const payment = page.getByRole("dialog", { name: "Payment" });
  await expect(payment).toContainText("Not completed yet.");
  await expect(payment.locator("dt", { hasText: "Failure Reason" })).toBeVisible();
  await expect(payment.locator("dt", { hasText: /^Amount$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText(/^₹[\d,]+\.\d{2}$/);
  await payment.getByRole("link", { name: "Close" }).click();

  await card.getByRole("link", { name: "Address Details: completed" }).click();
  const address = page.getByRole("dialog", { name: "Address Details" });
  await expect(address.locator("dt", { hasText: "Address Line 1" })).toBeVisible();
  await expect(address.locator("dt", { hasText: "Pincode" })).toBeVisible();
  await expect(address).toContainText("India");
});

test("the funnel of the filtered period matches the list filtered on each step", async ({ page, apiCall }) => {
  const day = ownDay(test.info().project.name);
  // stopped at: 2× Book Now Dialogue, 1× Basic Info, 3× Order Summary, 1× Address Details, 1× Payment, 1 all done, 1 converted (not counted)
  const stops = [1, 1, 2, 3, 3, 3, 4, 5, 6];
  await newJourneys(apiCall, [
    ...stops.map((stop, k) => ({ stop, started_at: at(day, k) })),
    { stop: 6, started_at: at(day, 20), converted: true },
  ]);
  await page.goto("/admin/track-booking-journey");
  await page.screenshot({ path: `test-results/shots/booking-journeys-list-${test.info().project.name}.png`, fullPage: true });
  await filterBy(page, { from: day, to: day });
  await expect(page).toHaveURL(new RegExp(`start_date=${day}&end_date=${day}`));
  await expect(page.getByText("Showing 1 to 9 of 9 entries")).toBeVisible();

  const funnel = page.getByRole("table", { name: /Journeys that reached each step/ });
  const rows = ["1. Book Now Dialogue", "2. Basic Info", "3. Order Summary", "4. Address Details", "5. Payment", "Completed all steps"];
  // Reached, Share, Stopped here: "reached Payment" = stopped at Payment (1) + completed all five (1)
  const expected = [
    ["9", "100%", "2"],
    ["7", "77.8%", "1"],
    ["6", "66.7%", "3"],
    ["3", "33.3%", "1"],
    ["2", "22.2%", "1"],
    ["1", "11.1%", "1"],
  ];
  for (const [i, name] of rows.entries()) {
    const row = funnel.getByRole("row", { name: new RegExp(`^${name.replace(".", "\\.")}`) });
    await expect(row.getByRole("cell")).toHaveText(expected[i]);
  }
  await expect(
    page.getByText(
      /9 journeys started on \d{2}-[A-Z][a-z]{2}-\d{4} and did not become an order; 2 reached Payment \(22\.2%\), 1 completed all five steps\./,
    ),
  ).toBeVisible();

  // one meaning: the filter lists the journeys that stopped at a step, as many as the funnel's "Stopped here";
  // those that completed all five steps can be listed too
  const filter = page.getByLabel("Stopped at", { exact: true });
  await expect(filter.locator("option")).toHaveText([
    "All",
    "Book Now Dialogue",
    "Basic Info",
    "Order Summary",
    "Address Details",
    "Payment",
    "Completed all steps",
  ]);
  const labels = ["Book Now Dialogue", "Basic Info", "Order Summary", "Address Details", "Payment", "Completed all steps"];
  for (const [i, label] of labels.entries()) {
    const n = Number(expected[i][2]);
    await filterBy(page, { step: label });
    await expect(page).toHaveURL(new RegExp(`step=${i + 1}`));
    await expect(page.getByText(`Showing 1 to ${n} of ${n} entries`)).toBeVisible();
    await expect(page.locator("article.journey-card")).toHaveCount(n);
    // a journey that stopped at a step has it as its current step; one that completed all has none
    await expect(page.locator('article.journey-card [aria-current="step"]')).toHaveCount(i < 5 ? n : 0);
    await expect(
      funnel
        .getByRole("row", { name: /^1\. Book Now Dialogue/ })
        .getByRole("cell")
        .first(),
    ).toHaveText("9");
  }
  await expect(page.locator("article.journey-card").getByRole("link", { name: "Payment: completed" })).toHaveCount(1);
  // the funnel's "Stopped here" opens the list of that step, same dates
  await funnel.getByRole("link", { name: "3 stopped at Order Summary: show them" }).click();
  await expect(page).toHaveURL(/[?&]step=3(&|$)/);
  await expect(page).toHaveURL(new RegExp(`start_date=${day}&end_date=${day}`));
  await expect(page.getByText("Showing 1 to 3 of 3 entries")).toBeVisible();
  await funnel.getByRole("link", { name: "1 completed all steps: show them" }).click();
  await expect(page).toHaveURL(/[?&]step=6(&|$)/);
  await expect(page.getByText("Showing 1 to 1 of 1 entries")).toBeVisible();
});
