import type { Browser, Page } from "@playwright/test";
import {
  ADMIN_USER_DELETED,
  CANNOT_BLOCK_SELF,
  CANNOT_DELETE_SELF,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  emailTaken,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
  ROLE_REQUIRED,
  STATUS_REQUIRED,
  USERNAME_REQUIRED,
} from "~contract/admin-user-labels";
import {
  ADMIN_USER_ADDED,
  ADMIN_USER_UPDATED,
  DASHBOARD_ONLY,
  NEW_PASSWORD_HINT,
  OWN_PASSWORD_HINT,
  passwordSet,
} from "../../app/models/admin-user-labels";
import { PASSWORD_RULE } from "../../app/models/passwords";
import { ACCESS_RULE_MESSAGES } from "~contract/admin-user-access";
import { ACTING_ADMIN_HEADER } from "~contract/api";
import { expect, signInThroughForm, sortByHeader, test, type apiCall as ApiCall } from "./fixtures";

const suffix = () => Math.random().toString(36).slice(2, 8);
const PASSWORD = "E2e-admin-pass-42";
const LIST = "/admin/list-admin-users";

type Admin = { adminUserId: number; adminUsername: string; adminStatus: string; adminAccessRoleSettings: string[]; updated_at: string };

/** An admin user of this test's own (unique name), made through the API. */
async function newAdmin(apiCall: typeof ApiCall, access: string[], extra: Record<string, unknown> = {}): Promise<Admin> {
  const username = `e2e-au-${suffix()}`;
  const answer = await apiCall<{ data: Admin }>("/register-admin-user", {
    method: "POST",
    actingAdmin: "admin",
    body: {
      adminUsername: username,
      adminPassword: PASSWORD,
      adminEmail: `${username}@example.com`,
      adminStatus: "Active",
      adminRole: "Support",
      adminAccessRoleSettings: access,
      ...extra,
    },
  });
  return answer.data;
}

/** The sign-in form (tests/e2e/fixtures.ts; its password is PASSWORD). */
const signIn = signInThroughForm;

/** Another browser (its own cookies), with JavaScript as this project has it. */
async function otherBrowser(browser: Browser) {
  return browser.newContext({ javaScriptEnabled: test.info().project.name === "js", reducedMotion: "reduce" });
}

const toasts = (page: Page) => page.locator(".toasts");
const dialog = (page: Page) => page.getByRole("dialog");
const sidebarNames = async (page: Page) =>
  (await page.getByRole("navigation", { name: "Sidebar" }).locator(".sidebar-label").allInnerTexts()).map((t) => t.trim());

test("add an admin with a limited access list: they see and open only those areas, the rest answer 403", async ({
  page,
  browser,
  loginAs,
}) => {
  const username = `e2e-au-${suffix()}`;
  await loginAs("admin");
  await page.goto(LIST);
  await page.getByRole("link", { name: "Add Admin User" }).click();
  await expect(page).toHaveURL(/\?dialog=add$/);
  const form = dialog(page);
  await expect(form.getByRole("heading", { name: "Add Admin User" })).toBeVisible();
  await expect(form.getByText(PASSWORD_RULE)).toBeVisible();

  // nothing typed: every field says what it needs
  await form.getByRole("button", { name: "Add Admin User" }).click();
  for (const message of [USERNAME_REQUIRED, PASSWORD_REQUIRED, EMAIL_REQUIRED, STATUS_REQUIRED, ROLE_REQUIRED]) {
    await expect(dialog(page).getByText(message, { exact: true })).toBeVisible();
  }

  await dialog(page).getByLabel("Username").fill(username);
  await dialog(page).getByLabel("Password", { exact: true }).fill("short1");
  if (test.info().project.name === "js") {
    await expect(dialog(page).getByRole("meter", { name: "Password strength" })).toBeVisible();
    await expect(dialog(page).getByText("Too weak")).toBeVisible();
  }
  await dialog(page).getByLabel("Email").fill("not-an-email");
  await dialog(page).getByLabel("Status").selectOption("Active");
  await dialog(page).getByLabel("Role").selectOption("Support");
  await dialog(page).getByLabel("Bookings", { exact: true }).check();
  await dialog(page).getByLabel("Contacts", { exact: true }).check();
  await dialog(page).getByRole("button", { name: "Add Admin User" }).click();
  await expect(dialog(page).getByText(PASSWORD_TOO_SHORT)).toBeVisible();
  await expect(dialog(page).getByText(EMAIL_INVALID)).toBeVisible();
  // what was typed stays (the password is typed again)
  await expect(dialog(page).getByLabel("Username")).toHaveValue(username);
  await expect(dialog(page).getByLabel("Bookings", { exact: true })).toBeChecked();

  await dialog(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
  if (test.info().project.name === "js") await expect(dialog(page).getByText(/^(Good|Strong)$/)).toBeVisible();
  await dialog(page).getByLabel("Email").fill(`${username}@example.com`);
  await dialog(page).getByRole("button", { name: "Add Admin User" }).click();
  await expect(toasts(page)).toContainText(ADMIN_USER_ADDED);
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));

  await page.goto(`${LIST}?search=${username}`);
  const row = page.getByRole("row", { name: new RegExp(username) });
  await expect(row).toContainText("Support");
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Bookings, Contacts");

  const theirs = await otherBrowser(browser);
  try {
    const other = await theirs.newPage();
    await signIn(other, username);
    expect(await sidebarNames(other)).toEqual(["Dashboard", "Contact Leads", "Booking List"]);
    const bookings = await other.goto("/admin/bookings");
    expect(bookings?.status()).toBe(200);
    await expect(other.getByRole("heading", { level: 1 })).toBeVisible();
    for (const path of ["/admin/category", LIST, "/admin/payments", "/admin/service-provider-bank-details"]) {
      const response = await other.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(other.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
    }
  } finally {
    await theirs.close();
  }
});

test("blocking an admin signs them out on their next request", async ({ page, browser, loginAs, apiCall }) => {
  const target = await newAdmin(apiCall, ["Bookings"]);
  const theirs = await otherBrowser(browser);
  try {
    const other = await theirs.newPage();
    await signIn(other, target.adminUsername);
    await other.goto("/admin/bookings");
    await expect(other).toHaveURL(/\/admin\/bookings$/);

    await loginAs("admin");
    await page.goto(`${LIST}?search=${target.adminUsername}`);
    await page.getByRole("link", { name: `Edit ${target.adminUsername}` }).click();
    await expect(dialog(page).getByRole("heading", { name: "Edit Admin User" })).toBeVisible();
    await expect(dialog(page).getByLabel("Username")).toHaveAttribute("readonly", "");
    await expect(dialog(page).getByLabel("Password", { exact: true })).toHaveCount(0);
    await dialog(page).getByLabel("Status").selectOption("Block");
    await dialog(page).getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page)).toContainText(ADMIN_USER_UPDATED);
    await expect(page.getByRole("row", { name: new RegExp(target.adminUsername) })).toContainText("Block");

    await other.goto("/admin/bookings");
    await expect(other).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fbookings$/);
  } finally {
    await theirs.close();
  }
});

test("an admin cannot delete or block themselves: the reason, and no confirm that would fail", async ({ page, apiCall }) => {
  const me = await newAdmin(apiCall, ["AdminUsers"]);
  await signIn(page, me.adminUsername);
  await page.goto(`${LIST}?search=${me.adminUsername}`);
  await expect(page.getByRole("row", { name: new RegExp(me.adminUsername) })).toContainText("(you)");

  await page.getByRole("link", { name: `Delete ${me.adminUsername}` }).click();
  // the dialog says why and offers no Confirm Delete
  const refused = page.getByRole("dialog", { name: "This admin user cannot be deleted" });
  await expect(refused.getByText(CANNOT_DELETE_SELF)).toBeVisible();
  await expect(refused.getByRole("button")).toHaveCount(0);
  await refused.getByRole("link", { name: "Close" }).click();
  await expect(page).not.toHaveURL(/dialog=/);

  await page.getByRole("link", { name: `Edit ${me.adminUsername}` }).click();
  await dialog(page).getByLabel("Status").selectOption("Block");
  await dialog(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog(page).getByRole("alert").filter({ hasText: CANNOT_BLOCK_SELF })).toBeVisible();
  await expect(dialog(page).getByLabel("Status")).toHaveValue("Block");
  await page.goto(`${LIST}?search=${me.adminUsername}`);
  await expect(page.getByRole("row", { name: new RegExp(me.adminUsername) })).toContainText("Active");
});

test("an admin holding only Admin Users is offered no wider access for themselves, and cannot touch an admin with All Access", async ({
  page,
  apiCall,
}) => {
  const manager = await newAdmin(apiCall, ["AdminUsers"]);
  await signIn(page, manager.adminUsername);
  await page.goto(`${LIST}?search=${manager.adminUsername}`);
  await page.getByRole("link", { name: `Edit ${manager.adminUsername}` }).click();
  const form = dialog(page);
  await expect(form.getByRole("heading", { name: "Edit Admin User" })).toBeVisible();
  // All Access, the Admin role and the areas they do not hold are shown, not offered
  await expect(form.getByLabel("All Access")).toBeDisabled();
  await expect(form.getByRole("option", { name: "Admin", exact: true })).toBeDisabled();
  await expect(form.getByLabel("Payments", { exact: true })).toBeDisabled();
  await expect(form.getByLabel("Admin Users", { exact: true })).toBeEnabled();
  await expect(form.getByText("You cannot widen your own access or role")).toBeVisible();
  await expect(form.getByText(OWN_PASSWORD_HINT)).toBeVisible();
  await expect(form.getByLabel("New password")).toHaveCount(0);
  await form.getByRole("link", { name: "Cancel" }).click();

  // "admin" has All Access: neither edit nor delete is offered, each says why
  await page.goto(`${LIST}?search=admin@marketplace.test`);
  await page.getByRole("link", { name: "Edit admin", exact: true }).click();
  const notice = page.getByRole("dialog", { name: "You cannot change this admin user" });
  await expect(notice).toContainText(ACCESS_RULE_MESSAGES.allAccessTarget);
  await expect(notice.getByRole("button")).toHaveCount(0);
  await notice.getByRole("link", { name: "Close" }).click();
  await page.getByRole("link", { name: "Delete admin", exact: true }).click();
  const refused = page.getByRole("dialog", { name: "This admin user cannot be deleted" });
  await expect(refused).toContainText(ACCESS_RULE_MESSAGES.allAccessTarget);
  await expect(refused.getByRole("button")).toHaveCount(0);
  const root = (await apiCall<{ data: Admin[] }>("/get-all-admin-users?search=admin@marketplace.test")).data[0];
  expect(root).toMatchObject({ adminStatus: "Active", adminAccessRoleSettings: ["*"] });
});

test("a Dashboard-only admin (no area) is blocked by changing only the status", async ({ page, loginAs, apiCall }) => {
  const target = await newAdmin(apiCall, []);
  await loginAs("admin");
  await page.goto(`${LIST}?search=${target.adminUsername}`);
  await expect(page.getByRole("row", { name: new RegExp(target.adminUsername) })).toContainText(DASHBOARD_ONLY);
  await page.getByRole("link", { name: `Edit ${target.adminUsername}` }).click();
  await dialog(page).getByLabel("Status").selectOption("Block");
  await dialog(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page)).toContainText(ADMIN_USER_UPDATED);
  const row = page.getByRole("row", { name: new RegExp(target.adminUsername) });
  await expect(row).toContainText("Block");
  await expect(row).toContainText(DASHBOARD_ONLY);
});

test("an All Access admin sets another admin's new password: they are signed out, and sign in with it", async ({
  page,
  browser,
  loginAs,
  apiCall,
}) => {
  const target = await newAdmin(apiCall, ["Bookings"]);
  const theirs = await otherBrowser(browser);
  try {
    const other = await theirs.newPage();
    await signIn(other, target.adminUsername);

    await loginAs("admin");
    await page.goto(`${LIST}?search=${target.adminUsername}`);
    await page.getByRole("link", { name: `Edit ${target.adminUsername}` }).click();
    await expect(dialog(page).getByText(NEW_PASSWORD_HINT)).toBeVisible();
    await dialog(page).getByLabel("New password").fill("short1");
    await dialog(page).getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog(page).getByText(PASSWORD_TOO_SHORT)).toBeVisible();
    await dialog(page).getByLabel("New password").fill("Brand-new-pass-7");
    await dialog(page).getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page)).toContainText(passwordSet(target.adminUsername));
    await expect(page.getByText("Brand-new-pass-7")).toHaveCount(0);

    await other.goto("/admin/bookings");
    await expect(other).toHaveURL(/\/admin\/login/);
    await signIn(other, target.adminUsername, "Brand-new-pass-7");
  } finally {
    await theirs.close();
  }
});

test("an email another admin has (any case) is refused beside the field, naming them", async ({ page, loginAs, apiCall }) => {
  const first = await newAdmin(apiCall, ["Contacts"]);
  await loginAs("admin");
  await page.goto(`${LIST}?dialog=add`);
  const form = dialog(page);
  await form.getByLabel("Username").fill(`e2e-au-${suffix()}`);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Email").fill(`${first.adminUsername}@EXAMPLE.com`.toUpperCase());
  await form.getByLabel("Status").selectOption("Active");
  await form.getByLabel("Role").selectOption("Support");
  await form.getByRole("button", { name: "Add Admin User" }).click();
  await expect(dialog(page).getByText(emailTaken(first.adminUsername))).toBeVisible();
  await expect(dialog(page).getByLabel("Email")).toHaveValue(`${first.adminUsername}@EXAMPLE.com`.toUpperCase());
});

test("delete an admin user after the confirmation; Cancel keeps them", async ({ page, loginAs, apiCall }) => {
  const target = await newAdmin(apiCall, ["Contacts"]);
  await loginAs("admin");
  await page.goto(`${LIST}?search=${target.adminUsername}`);
  await page.getByRole("link", { name: `Delete ${target.adminUsername}` }).click();
  await expect(page).toHaveURL(/dialog=delete/);
  await dialog(page).getByRole("link", { name: "Cancel" }).click();
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(page.getByRole("row", { name: new RegExp(target.adminUsername) })).toBeVisible();

  await page.getByRole("link", { name: `Delete ${target.adminUsername}` }).click();
  await expect(dialog(page)).toContainText(target.adminUsername);
  await dialog(page).getByRole("button", { name: "Confirm Delete" }).click();
  await expect(toasts(page)).toContainText(ADMIN_USER_DELETED);
  await expect(page).toHaveURL(new RegExp(`search=${target.adminUsername}$`));
  await expect(page.getByText("No admin users found")).toBeVisible();
});

test("a delete confirmation opened by its URL focuses Cancel: Enter deletes nothing", async ({ page, loginAs, apiCall }) => {
  const target = await newAdmin(apiCall, ["Contacts"]);
  await loginAs("admin");
  await page.goto(`${LIST}?search=${target.adminUsername}&dialog=delete&id=${target.adminUserId}`);
  await expect(dialog(page).getByRole("link", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(page.getByRole("row", { name: new RegExp(target.adminUsername) })).toBeVisible();
});

test("the list shows when each admin last signed in, and filters by status and role in the URL", async ({
  page,
  loginAs,
  apiCall,
  browser,
}) => {
  const tag = suffix();
  const blocked = await newAdmin(apiCall, ["Contacts"], {
    adminUsername: `e2e-au-blk-${tag}`,
    adminEmail: `blk-${tag}@example.com`,
    adminStatus: "Block",
    adminRole: "Technical",
  });
  const active = await newAdmin(apiCall, ["Contacts"], {
    adminUsername: `e2e-au-act-${tag}`,
    adminEmail: `act-${tag}@example.com`,
    adminRole: "Technical",
  });
  const theirs = await otherBrowser(browser);
  try {
    await signIn(await theirs.newPage(), active.adminUsername);
  } finally {
    await theirs.close();
  }
  await loginAs("admin");
  await page.goto(`${LIST}?search=${tag}`);
  await expect(page.getByRole("columnheader", { name: "Last signed in" })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(blocked.adminUsername) })).toContainText("Never");
  await expect(page.getByRole("row", { name: new RegExp(active.adminUsername) })).not.toContainText("Never");

  await page.getByText("Filter", { exact: true }).click();
  await page.getByLabel("Status").selectOption("Block");
  await page.getByLabel("Role").selectOption("Technical");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/status=Block/);
  await expect(page).toHaveURL(/role=Technical/);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(page.getByRole("row", { name: new RegExp(blocked.adminUsername) })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(active.adminUsername) })).toHaveCount(0);

  await page.goto(`${LIST}?status=Active&role=Technical&search=${tag}`);
  await expect(page.getByLabel("Status")).toHaveValue("Active");
  await expect(page.getByRole("row", { name: new RegExp(active.adminUsername) })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(blocked.adminUsername) })).toHaveCount(0);
});

test("an All Access admin ends another admin's sessions from their row, after a confirmation; it is audited", async ({
  page,
  loginAs,
  apiCall,
  browser,
}) => {
  const target = await newAdmin(apiCall, ["Bookings"]);
  const theirs = await otherBrowser(browser);
  try {
    const other = await theirs.newPage();
    await signIn(other, target.adminUsername);
    await loginAs("admin");
    await page.goto(`${LIST}?search=${target.adminUsername}`);
    await page.getByRole("link", { name: `End sessions of ${target.adminUsername}` }).click();
    const confirm = page.getByRole("dialog", { name: "End this admin's sessions?" });
    await expect(confirm).toContainText(`${target.adminUsername} is signed in on 1 session`);
    await expect(confirm.getByRole("link", { name: "Cancel" })).toBeFocused();
    await confirm.getByRole("button", { name: "End sessions" }).click();
    await expect(toasts(page)).toContainText(`Ended 1 session of ${target.adminUsername}`);

    await other.goto("/admin/bookings");
    await expect(other).toHaveURL(/\/admin\/login/);
    const audit = await apiCall<{ data: { action: string; admin_username: string; before: unknown; after: unknown }[] }>(
      `/audit-entries?entity=admin_user&entity_id=${target.adminUserId}`,
    );
    expect(audit.data[0]).toMatchObject({ admin_username: "admin", action: "update", before: { sessions: 1 }, after: { sessions: 0 } });
  } finally {
    await theirs.close();
  }
});

test("an admin without All Access is not offered, and the API refuses, ending other admins' sessions", async ({ page, apiCall }) => {
  const manager = await newAdmin(apiCall, ["AdminUsers"]);
  const target = await newAdmin(apiCall, ["Contacts"]);
  await signIn(page, manager.adminUsername);
  await page.goto(`${LIST}?search=${target.adminUsername}`);
  await expect(page.getByRole("row", { name: new RegExp(target.adminUsername) })).toBeVisible();
  await expect(page.getByRole("link", { name: `End sessions of ${target.adminUsername}` })).toHaveCount(0);
  const answer = await apiCall(`/admin-sessions/end-all?adminUserId=${target.adminUserId}`, {
    method: "POST",
    headers: { [ACTING_ADMIN_HEADER]: String(manager.adminUserId) },
  }).catch((e: unknown) => e);
  expect(answer).toMatchObject({ status: 403 });
});

test("sort by Username, Status and Last signed in: a header click orders the rows, a second reverses them", async ({
  page,
  loginAs,
  apiCall,
}) => {
  const tag = suffix();
  const b = await newAdmin(apiCall, ["Contacts"], { adminUsername: `srt-b-${tag}`, adminStatus: "Inactive" });
  const a = await newAdmin(apiCall, ["Contacts"], { adminUsername: `srt-a-${tag}`, adminStatus: "Block" });
  const c = await newAdmin(apiCall, ["Contacts"], { adminUsername: `srt-c-${tag}` });
  // c signs in (a session opened for them): the others never have
  await apiCall("/admin-sessions", {
    method: "POST",
    body: { adminUserId: c.adminUserId, user_agent: "e2e", address: "127.0.0.1", idle_seconds: 3600, absolute_seconds: 86_400 },
  });
  await loginAs("admin");
  const rows = page.locator("table.data-table tbody tr");
  const order = (...admins: Admin[]) => admins.map((x) => new RegExp(x.adminUsername));

  await page.goto(`${LIST}?search=${tag}`);
  await expect(rows).toHaveText(order(c, a, b));
  await sortByHeader(page, "Username", "ascending");
  await expect(page).toHaveURL(/sortField=adminUsername&sortOrder=asc/);
  await expect(rows).toHaveText(order(a, b, c));
  await sortByHeader(page, "Username", "descending");
  await expect(rows).toHaveText(order(c, b, a));
  await sortByHeader(page, "Status", "ascending");
  await expect(page).toHaveURL(/sortField=adminStatus&sortOrder=asc/);
  await expect(rows).toHaveText(order(c, a, b));
  await sortByHeader(page, "Last signed in", "ascending");
  await expect(page).toHaveURL(/sortField=last_signed_in_at&sortOrder=asc/);
  // never signed in counts as the earliest
  await expect(rows).toHaveText(order(b, a, c));
  await sortByHeader(page, "Last signed in", "descending");
  await expect(rows).toHaveText(order(c, a, b));
  await expect(rows.first()).not.toContainText("Never");
});
