import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BULK_JOB_MESSAGES } from "~contract/bulk-job-labels";
import type { UserListRecord } from "~contract/users";
import * as newJobRoute from "~/routes/admin.jobs.new";
import * as jobRoute from "~/routes/admin.jobs.$id";
import * as failuresRoute from "~/routes/admin.jobs.$id_.failures";
import * as jobsRoute from "~/routes/admin.jobs._index";
import type { JobView, NewJobData } from "~/models/bulk-jobs";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";
import { jobWhenEnded, loadJob, loadNew, payload, postNew } from "../support/bulk-job-pages";

const prefix = () => `bulk_${randomBytes(4).toString("hex")}`;

async function makeUsers(name: string, count: number) {
  for (let i = 0; i < count; i++) await apiCall("/test-fixtures/users", { method: "POST", body: { prefix: name } });
}
async function usersNamed(name: string) {
  return (await apiCall<{ data: UserListRecord[] }>(`/users?${new URLSearchParams({ search: name, page_size: "100" })}`)).data;
}

describe("bulk jobs (/admin/jobs)", () => {
  it("the new-job page reads the list's filter with the list's reader and counts every matching row", async () => {
    const name = prefix();
    await makeUsers(name, 3);
    const page = payload<NewJobData>(await loadNew(`list=user&search=${name}&page=2&page_size=10&sortField=username&sortOrder=asc`));
    expect(page).toMatchObject({
      list: "user",
      listTitle: "Users",
      total: 3,
      totalExact: true,
      filterWords: [`Search: ${name}`],
      filterErrors: [],
      kinds: [
        { value: "user-block", label: "Block" },
        { value: "user-activate", label: "Activate" },
      ],
    });
    expect(page.listUrl).toContain(`search=${name}`);
    const wrong = payload<NewJobData>(await loadNew(`list=user&status=Sleeping`));
    expect(wrong.filterErrors).toEqual(["Status: choose Active or Blocked."]);
  });

  it("comments: Approve all N pending comments of a search", async () => {
    const name = prefix();
    for (let i = 0; i < 3; i++)
      await apiCall("/test-fixtures/comments", { method: "POST", body: { name: `${name} ${i}`, content: `Said by ${name}` } });
    const page = payload<NewJobData>(await loadNew(`list=comments&search=${name}&status=pending&comment=1`));
    expect(page).toMatchObject({ listTitle: "Comments", total: 3, filterWords: [`Search: ${name}`, "Status: pending"] });
    expect(page.kinds.map((k) => k.value)).toEqual(["comment-approve", "comment-delete"]);
    expect(page.listUrl).not.toContain("comment=");
    const started = expectRedirect(
      await postNew(`list=comments&search=${name}&status=pending`, { kind: "comment-approve" }),
      "/admin/jobs/",
    );
    const id = Number(new URL(started.headers.get("Location")!, "http://x").pathname.split("/").pop());
    expect(await jobWhenEnded(id)).toMatchObject({
      state: "done",
      done: 3,
      action: "Approve",
      listTitle: "Comments",
      listUrl: `/admin/comments?search=${name}&status=pending`,
    });
    const left = await apiCall<{ count: number }>(`/blog/comments/?${new URLSearchParams({ search: name, is_approved: "pending" })}`);
    expect(left.count).toBe(0);
  });

  it("guards: a list the admin may not open is 403, no list is 404, no session goes to login", async () => {
    expect(statusOf(await loadNew("list=service-provider", "catalog"))).toBe(403);
    expect(statusOf(await loadNew("list=user", "catalog"))).toBe(403);
    expect(statusOf(await loadNew("list=documents", "catalog"))).toBe(403);
    expect(statusOf(await loadNew("list=nothing"))).toBe(404);
    expect(statusOf(await loadNew("list=comments", "support"))).toBe(403);
    expectRedirect(await callRoute(newJobRoute, await requestAs(null, "/admin/jobs/new?list=user")), "/admin/login");
    expect(statusOf(await postNew("list=user", { kind: "user-block" }, "catalog"))).toBe(403);
  });

  it("Block all N: the job starts, its page shows the counts, and every matching user is blocked", async () => {
    const name = prefix();
    await makeUsers(name, 4);
    const started = expectRedirect(await postNew(`list=user&search=${name}&page=1`, { kind: "user-block" }), "/admin/jobs/");
    expect(await readToast(started)).toMatchObject({ type: "success", message: BULK_JOB_MESSAGES.created });
    const id = Number(new URL(started.headers.get("Location")!, "http://x").pathname.split("/").pop());
    const job = await jobWhenEnded(id);
    expect(job).toMatchObject({ state: "done", stateLabel: "Done", total: 4, done: 4, failed: 0, left: 0, percent: 100, action: "Block" });
    expect(job.filterWords).toEqual([`Search: ${name}`]);
    // "Back to Users": the list as it was filtered (paging dropped)
    expect(job.listUrl).toBe(`/admin/user?search=${name}`);
    expect((await usersNamed(name)).map((u) => u.is_active)).toEqual([false, false, false, false]);
    // the jobs list shows it; cancelling an ended job says why
    const list = payload<{ jobs: JobView[] }>(await callRoute(jobsRoute, await requestAs("admin", "/admin/jobs")));
    expect(list.jobs.some((j) => j.id === id)).toBe(true);
    const cancel = await callRoute(jobRoute, await requestAs("admin", `/admin/jobs/${id}`, { form: { intent: "cancel" } }), {
      id: String(id),
    });
    expect(await readToast(expectRedirect(cancel, `/admin/jobs/${id}`))).toMatchObject({
      type: "error",
      message: BULK_JOB_MESSAGES.notCancellable,
    });
    // an admin without the Users access does not see it
    expect(statusOf(await loadJob(id, "catalog"))).toBe(403);
    const failures = payload<{ total: number }>(
      await callRoute(failuresRoute, await requestAs("admin", `/admin/jobs/${id}/failures`), { id: String(id) }),
    );
    expect(failures.total).toBe(0);
  });

  it("a double click starts one job: the same form post twice answers the same job", async () => {
    const name = prefix();
    await makeUsers(name, 2);
    const form = { kind: "user-activate", _submission: `double-${name}` };
    const [first, second] = await Promise.all([postNew(`list=user&search=${name}`, form), postNew(`list=user&search=${name}`, form)]);
    const idOf = (response: Response) => new URL(expectRedirect(response, "/admin/jobs/").headers.get("Location")!, "http://x").pathname;
    expect(idOf(second as Response)).toBe(idOf(first as Response));
  });

  it("refusals keep what was typed: an email without a subject, an action of another list", async () => {
    const noSubject = await postNew("list=service-provider&search=nobody-at-all", {
      kind: "provider-email",
      subject: "",
      body: "<p>Hi</p>",
    });
    expect(statusOf(noSubject)).toBe(400);
    const failure = payload<{ fieldErrors: Record<string, string>; repopulateFields: Record<string, string> }>(noSubject);
    expect(failure.fieldErrors.subject).toBe("Subject is required");
    expect(failure.repopulateFields.body).toBe("<p>Hi</p>");
    const otherList = await postNew("list=user&search=nobody-at-all", { kind: "provider-email", subject: "Hi", body: "<p>Hi</p>" });
    expect(statusOf(otherList)).toBe(400);
    expect(payload<{ fieldErrors: Record<string, string> }>(otherList).fieldErrors.kind).toBe("Choose an action");
    expect(statusOf(await postNew("list=user", { kind: "user-explode" }))).toBe(400);
  });

  it("Send email to all N providers of a filter queues one message each, and the failures page lists none", async () => {
    const name = prefix();
    for (let i = 0; i < 2; i++) await apiCall("/test-fixtures/providers", { method: "POST", body: { prefix: name } });
    const page = payload<NewJobData>(await loadNew(`list=service-provider&search=${name}`));
    expect(page.total).toBe(2);
    const started = expectRedirect(
      await postNew(`list=service-provider&search=${name}`, { kind: "provider-email", subject: "Bookings open", body: "<p>Hello</p>" }),
      "/admin/jobs/",
    );
    const id = Number(new URL(started.headers.get("Location")!, "http://x").pathname.split("/").pop());
    expect(await jobWhenEnded(id)).toMatchObject({ state: "done", done: 2, failed: 0, subject: "Bookings open" });
    const sent = await apiCall<{ data: { recipient: string; subject: string | null }[] }>(
      `/outbox?${new URLSearchParams({ search: name })}`,
    );
    expect(sent.data.filter((m) => m.subject === "Bookings open").length).toBe(2);
  });
});
