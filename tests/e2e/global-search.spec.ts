/**
 * The header's global search (issue 32 §1), JS on and off: a GET form on every page to
 * /admin/search, which lists pages and records by area; only areas the admin may open.
 */
import type { ContactRecord } from "~contract/contacts";
import { expect, test } from "./fixtures";

const tag = () => `zq${Math.random().toString(36).slice(2, 8)}`;

test("the header's search finds an order by its short id typed in lower case, and opens it", async ({ page, loginAs, apiCall }) => {
  await loginAs("support");
  const { data: order } = await apiCall<{ data: { order_id: number; short_id: string } }>("/test-fixtures/orders", {
    method: "POST",
    body: { serviceType: "Consultation", status: "Pending" },
  });
  await page.goto("/admin/category");
  const box = page.getByRole("search", { name: "Search everything" }).getByRole("searchbox", { name: "Search everything" });
  await box.fill(order.short_id.toLowerCase());
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/search\\?q=${order.short_id.toLowerCase()}$`));
  await expect(page).toHaveTitle("Admin | Search");
  // the header's box keeps what was searched for
  await expect(page.getByRole("searchbox", { name: "Search everything" })).toHaveValue(order.short_id.toLowerCase());
  const bookings = page.getByRole("region", { name: "Bookings" });
  await bookings.getByRole("link", { name: order.short_id, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${order.order_id}$`));
});

test("a contact lead by name: found by an admin with Contacts access and opened at its message; not searched for one without", async ({
  page,
  loginAs,
  apiCall,
}) => {
  const name = `Lead ${tag()}`;
  const { data: contact } = await apiCall<{ data: ContactRecord }>("/create-contact", {
    method: "POST",
    body: { name, email: "lead@example.com", message: "Please call me about GST filing." },
  });

  await loginAs("catalog");
  await page.goto(`/admin/search?${new URLSearchParams({ q: name })}`);
  await expect(page.getByRole("status").filter({ hasText: `Nothing matches "${name}".` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Contact Leads" })).toHaveCount(0);

  await loginAs("support");
  await page.goto("/admin");
  const box = page.getByRole("searchbox", { name: "Search everything" });
  await box.fill(name);
  await page.getByRole("search", { name: "Search everything" }).getByRole("button", { name: "Search everything" }).click();
  const leads = page.getByRole("region", { name: "Contact Leads" });
  await expect(leads.getByRole("listitem")).toHaveCount(1);
  await expect(leads.getByRole("listitem")).toContainText("lead@example.com");
  await leads.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/list-contacts\\?dialog=message&id=${contact.id}$`));
  await expect(page.getByRole("dialog")).toContainText("Please call me about GST filing.");
});

test("pages by name, only those the admin may open; a short text says records need three characters", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/admin/search?q=pa");
  const pages = page.getByRole("region", { name: "Pages" });
  await expect(pages.getByRole("link")).toHaveText(["Payments", "Order Payment Status"]);
  await expect(page.getByText("Type at least 3 characters to search records")).toBeVisible();
  await pages.getByRole("link", { name: "Payments" }).click();
  await expect(page).toHaveURL(/\/admin\/payments$/);

  await loginAs("support");
  await page.goto("/admin/search?q=pa");
  await expect(page.getByText("Type at least 3 characters to search records")).toBeVisible();
  await expect(page.getByRole("region", { name: "Pages" })).toHaveCount(0);
  // the page's own form searches again
  const again = page.getByRole("search", { name: "Search records and pages" });
  await again.getByRole("searchbox").fill("user");
  await again.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("region", { name: "Pages" }).getByRole("link")).toHaveText(["User"]);
});

test("with JavaScript, Ctrl-K opens the command palette: it finds as one types, arrows and Enter open, Escape closes", async ({
  page,
  loginAs,
  apiCall,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the palette is the scripted search; without JavaScript the header's form is (tests above)");
  const name = `Palette ${tag()}`;
  const { data: contact } = await apiCall<{ data: ContactRecord }>("/create-contact", {
    method: "POST",
    body: { name, email: "palette@example.com", message: "Found from the palette." },
  });
  await loginAs("admin");
  await page.goto("/admin/category");

  await page.keyboard.press("Control+K");
  const palette = page.getByRole("dialog", { name: "Search everything" });
  const box = palette.getByRole("combobox", { name: "Search everything" });
  await expect(box).toBeFocused();
  await box.fill("payments");
  await expect(palette.getByRole("option").first()).toContainText("Payments");
  await page.keyboard.press("Escape");
  await expect(palette).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/category$/);

  await page.keyboard.press("Control+K");
  await box.fill(name);
  const options = palette.getByRole("option");
  await expect(options).toHaveText([new RegExp(`^Contact Leads${name}`), `All results for "${name}"`]);
  await expect(palette.getByRole("status")).toHaveText("1 result");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/list-contacts\\?dialog=message&id=${contact.id}$`));
  await expect(page.getByRole("dialog")).toContainText("Found from the palette.");
});
