import { expect, sortByHeader, test } from "./fixtures";
import type { ContactRecord } from "~contract/contacts";

const suffix = () => Math.random().toString(36).slice(2, 8);

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("the search finds a lead this test sent through the contact form; search and paging live in the URL", async ({ page, apiCall }) => {
  const tag = suffix();
  const { data: lead } = await apiCall<{ data: ContactRecord }>("/create-contact", {
    method: "POST",
    body: {
      name: `Esha Lead ${tag}`,
      email: `esha.${tag}@example.com`,
      contactNo: "+91 98111 22334",
      context: "Pricing",
      subject: `Plans ${tag}`,
      message: "Which plan suits a two-person CA firm?",
    },
  });

  await page.goto("/admin/list-contacts");
  await expect(page.getByRole("heading", { name: "Contact Leads", level: 1 })).toBeVisible();
  await expect(page.getByText(/Showing 1 to 10 of \d+ entries/)).toBeVisible();
  await page.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Showing 11 to 20 of \d+ entries/)).toBeVisible();

  await page.getByLabel("Search contacts").fill(`esha.${tag}`);
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=esha.${tag}`));
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByText("Showing 1 to 1 of 1 entries")).toBeVisible();
  const row = page.locator("table.data-table tbody tr");
  await expect(row).toHaveCount(1);
  for (const text of [lead.name, lead.email, "+91 98111 22334", "Pricing", `Plans ${tag}`, "Which plan suits a two-person CA firm?"]) {
    await expect(row).toContainText(text);
  }
  await expect(row.getByRole("link", { name: /Read more/ })).toHaveCount(0);
  // the subject finds it too, and a reload keeps the search
  await page.goto(`/admin/list-contacts?search=${encodeURIComponent(`PLANS ${tag}`)}`);
  await expect(page.getByLabel("Search contacts")).toHaveValue(`PLANS ${tag}`);
  await expect(page.getByText("Showing 1 to 1 of 1 entries")).toBeVisible();
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/admin\/list-contacts$/);
  await expect(page.getByText(/Showing 1 to 10 of \d+ entries/)).toBeVisible();
});

test("a long message is cut in the table; Read more opens the whole one in a dialog that is a URL", async ({ page, apiCall }) => {
  const tag = suffix();
  const ending = `Please call me after 6 pm. Reference ${tag}.`;
  const message = `We need help with our GST returns for the last two quarters. ${"We have twelve invoices a month and two notices pending. ".repeat(4)}${ending}`;
  const name = `Long Lead ${tag}`;
  const { data: lead } = await apiCall<{ data: ContactRecord }>("/create-contact", {
    method: "POST",
    body: { name, email: `long.${tag}@example.com`, subject: "GST returns", message },
  });

  await page.goto(`/admin/list-contacts?search=${encodeURIComponent(name)}`);
  const row = page.locator("table.data-table tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("We need help with our GST returns");
  await expect(row).not.toContainText(ending);
  await row.getByRole("link", { name: `Read more of the message from ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`dialog=message&id=${lead.id}`));
  const dialog = page.getByRole("dialog", { name: `Message from ${name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(ending);
  await expect(dialog).toContainText(`long.${tag}@example.com`);
  await expect(dialog).toContainText("GST returns");
  await page.screenshot({ path: `test-results/shots/contacts-message-${test.info().project.name}.png` });

  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(page).toHaveURL(/search=/);

  // the dialog's URL opens on its own (another page of the list, no search), and an unknown id is told
  await page.goto(`/admin/list-contacts?page=3&dialog=message&id=${lead.id}`);
  await expect(page.getByRole("dialog", { name: `Message from ${name}` })).toContainText(ending);
  await page.goto("/admin/list-contacts?dialog=message&id=999999");
  await expect(page.getByRole("dialog", { name: "Contact not found" })).toContainText("No contact has the id 999999.");
});

test("an admin without Contacts access cannot open the list", async ({ page, loginAs }) => {
  await loginAs("catalog");
  const response = await page.goto("/admin/list-contacts");
  expect(response?.status()).toBe(403);
});

test("email and phone are mailto: and tel: links; the search finds the message and the context; Name and Created At sort", async ({
  page,
  apiCall,
}) => {
  const tag = suffix();
  const send = async (name: string) =>
    (
      await apiCall<{ data: ContactRecord }>("/create-contact", {
        method: "POST",
        body: {
          name,
          email: `${name.split(" ")[0].toLowerCase()}.${tag}@example.com`,
          contactNo: "+91 98111 22334",
          context: `Webinar-${tag}`,
          subject: "Question",
          message: `Does the quill${tag} plan include GST filing?`,
        },
      })
    ).data;
  const zed = await send(`Zed ${suffix()}`);
  const amy = await send(`Amy ${suffix()}`);
  const rows = page.locator("table.data-table tbody tr");

  await page.goto(`/admin/list-contacts?search=quill${tag}`);
  await expect(page.getByText("Showing 1 to 2 of 2 entries")).toBeVisible();
  // newest first
  await expect(rows).toHaveText([new RegExp(amy.name), new RegExp(zed.name)]);
  const email = rows.first().getByRole("link", { name: amy.email });
  await expect(email).toHaveAttribute("href", `mailto:${amy.email}`);
  await expect(rows.first().getByRole("link", { name: "+91 98111 22334" })).toHaveAttribute("href", "tel:+919811122334");

  await sortByHeader(page, "Name", "ascending");
  await expect(page).toHaveURL(/sortField=name&sortOrder=asc/);
  await expect(rows).toHaveText([new RegExp(amy.name), new RegExp(zed.name)]);
  await sortByHeader(page, "Name", "descending");
  await expect(page).toHaveURL(/sortOrder=desc/);
  await expect(rows).toHaveText([new RegExp(zed.name), new RegExp(amy.name)]);
  await sortByHeader(page, "Created At", "ascending");
  await expect(page).toHaveURL(/sortField=created_at&sortOrder=asc/);
  await expect(rows).toHaveText([new RegExp(zed.name), new RegExp(amy.name)]);

  // the context finds them too, and the sort stays
  await page.getByLabel("Search contacts").fill(`WEBINAR-${tag}`);
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/sortField=created_at/);
  await expect(rows).toHaveText([new RegExp(zed.name), new RegExp(amy.name)]);
});
