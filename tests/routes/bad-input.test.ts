/**
 * Issue 29 item 7, the admin's side: a list address holding a NUL or a date the lists do not take
 * gets the filter's message (400), never "The marketplace API is not answering" (503); what the
 * admin's readers do not check themselves, the API refuses with a 400 whose field messages the
 * error page shows.
 */
import { describe, expect, it } from "vitest";
import * as paymentsRoute from "~/routes/admin.payments._index";
import * as usersRoute from "~/routes/admin.user";
import * as commentsRoute from "~/routes/admin.comments";
import * as loginRoute from "~/routes/admin_.login";
import { callRoute, requestAs, statusOf } from "../support/routes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- page data of several lists, read by property
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}
const load = async (route: Parameters<typeof callRoute>[0], url: string) => callRoute(route, await requestAs("admin", url));

describe("a list address the lists cannot use", () => {
  it("a date in year 0001 or 3000: the filter's message, the list shown without it", async () => {
    const result = await load(paymentsRoute, "/admin/payments?start_date=0001-01-01&end_date=3000-01-01");
    expect(statusOf(result)).toBe(400);
    const page = payload(result);
    expect(page.filterErrors).toEqual([
      'From Date "0001-01-01": use a date between 1900-01-01 and 2999-12-31.',
      'To Date "3000-01-01": use a date between 1900-01-01 and 2999-12-31.',
    ]);
    expect(page.rows.length).toBeGreaterThan(0);
    expect(payload(await load(usersRoute, "/admin/user?start_date=0001-01-01")).filterErrors).toEqual([
      'Joined from "0001-01-01": use a date between 1900-01-01 and 2999-12-31.',
    ]);
  });

  it("a NUL in the search: the search's message, the list shown unsearched", async () => {
    for (const [route, url] of [
      [usersRoute, "/admin/user?search=a%00b"],
      [commentsRoute, "/admin/comments?search=a%00b"],
    ] as const) {
      const result = await load(route, url);
      expect(statusOf(result), url).toBe(400);
      const page = payload(result);
      expect(page.filterErrors, url).toEqual(["Search must not contain control characters (such as NUL)."]);
      expect(page.search, url).toBe("");
    }
  });

  it("a NUL in a filter the admin passes on: the API's 400 is a 400 page naming the filter, not the 503 page", async () => {
    const thrown = await load(paymentsRoute, "/admin/payments?provider=a%00b");
    expect(thrown).toBeInstanceOf(Response);
    expect(statusOf(thrown)).toBe(400);
    expect(await (thrown as Response).text()).toBe("Provider must not contain control characters (such as NUL).");
  });
});

describe("a NUL typed into a form", () => {
  it("the login form: the username's message on the form", async () => {
    const result = await callRoute(
      loginRoute,
      await requestAs(null, "/admin/login", { form: { username: "adm\u0000in", password: "Admin@12345" } }),
    );
    expect(statusOf(result)).toBe(400);
    expect(payload(result)).toMatchObject({ error: "Username must not contain control characters (such as NUL)" });
  });
});
