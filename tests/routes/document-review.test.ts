import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DOCUMENT_REVIEW_MESSAGES as M } from "~contract/document-labels";
import * as documentsRoute from "~/routes/admin.documents._index";
import * as failuresRoute from "~/routes/admin.jobs.$id_.failures";
import { fromJsonText } from "~/models/json-text";
import type { DocumentsPageData, DocumentsRow, ReviewFailure } from "~/models/documents";
import type { NewJobData } from "~/models/bulk-jobs";
import { REVIEW_STATUS_REFUSED } from "~/services/documents/list-query.server";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf, type DemoAdminName } from "../support/routes";
import { jobWhenEnded, loadJob, loadNew, payload, postNew } from "../support/bulk-job-pages";

const prefix = () => `docrev_${randomBytes(4).toString("hex")}`;

/** `count` copies of a demo provider with its documents, named `<name>…` (a search for `name` finds only them). */
async function makeProviders(name: string, count: number) {
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

const load = async (query: string, who: DemoAdminName = "admin") => {
  const page = payload<DocumentsPageData>(await callRoute(documentsRoute, await requestAs(who, `/admin/documents?${query}`)));
  return { ...page, rows: fromJsonText(page.rows) as DocumentsRow[] };
};
/** A row dialog's form, posted to the URL that shows it (the index route's ?index, as Remix posts it). */
const post = async (query: string, form: Record<string, string>, who: DemoAdminName = "admin") =>
  callRoute(documentsRoute, await requestAs(who, `/admin/documents?index&${query}`, { form }));
describe("documents review (/admin/documents)", () => {
  it("Approve and Reject a row through its dialog; the Review column and its filter follow", async () => {
    const name = prefix();
    const [one, two] = await makeProviders(name, 2);
    const page = await load(`search=${name}`);
    expect(page.rows.map((r) => r.review)).toEqual([
      { status: "Pending", reason: null, by: null, at: null },
      { status: "Pending", reason: null, by: null, at: null },
    ]);

    // the dialog is a URL over the same page
    const rejecting = await load(`search=${name}&dialog=reject&id=${two.serviceProvider_id}`);
    expect(rejecting.reviewDialog).toMatchObject({ kind: "reject", id: two.serviceProvider_id, username: two.username });
    expect(rejecting.rows).toHaveLength(2);

    // Reject without a reason: the dialog again, with why
    const refused = await post(`search=${name}&dialog=reject&id=${two.serviceProvider_id}`, {
      intent: "reject",
      id: String(two.serviceProvider_id),
      reason: "  ",
    });
    expect(statusOf(refused)).toBe(400);
    expect(payload<ReviewFailure>(refused)).toMatchObject({ intent: "reject", fieldErrors: { reason: M.reasonRequired } });
    const tooLong = await post(`search=${name}&dialog=reject&id=${two.serviceProvider_id}`, {
      intent: "reject",
      id: String(two.serviceProvider_id),
      reason: "y".repeat(501),
    });
    expect(payload<ReviewFailure>(tooLong)).toMatchObject({ fieldErrors: { reason: M.reasonTooLong } });
    expect(payload<ReviewFailure>(tooLong).repopulateFields.reason).toHaveLength(501);

    const rejected = expectRedirect(
      await post(`search=${name}&dialog=reject&id=${two.serviceProvider_id}`, {
        intent: "reject",
        id: String(two.serviceProvider_id),
        reason: "Address proof is expired",
      }),
      `/admin/documents?search=${name}`,
    );
    expect(rejected.headers.get("Location")).toBe(`/admin/documents?search=${name}`);
    expect(await readToast(rejected)).toMatchObject({ type: "success", message: M.rejected });

    const approved = expectRedirect(
      await post(
        `search=${name}&dialog=approve&id=${one.serviceProvider_id}`,
        { intent: "approve", id: String(one.serviceProvider_id) },
        "support",
      ),
      "/admin/documents",
    );
    expect(await readToast(approved)).toMatchObject({ type: "success", message: M.approved });

    const after = await load(`search=${name}`);
    const reviewOf = (id: number) => after.rows.find((r) => r.id === id)!.review;
    expect(reviewOf(one.serviceProvider_id)).toMatchObject({ status: "Approved", reason: null, by: "support" });
    expect(reviewOf(two.serviceProvider_id)).toMatchObject({ status: "Rejected", reason: "Address proof is expired", by: "admin" });
    expect(reviewOf(two.serviceProvider_id).at).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);

    // the filter (a URL parameter of the list's filter form)
    const onlyRejected = await load(`search=${name}&review_status=Rejected`);
    expect(onlyRejected.rows.map((r) => r.id)).toEqual([two.serviceProvider_id]);
    expect(onlyRejected.filters.review_status).toBe("Rejected");
    expect((await load(`search=${name}&review_status=Pending`)).total).toBe(0);
    const wrong = await load(`search=${name}&review_status=Lost`);
    expect(wrong.filterErrors).toEqual([REVIEW_STATUS_REFUSED]);
  });

  it("an admin without Documents access cannot review (403), and a stale or unknown row is refused in the dialog", async () => {
    const name = prefix();
    const [one] = await makeProviders(name, 1);
    expect(
      statusOf(
        await post(`dialog=approve&id=${one.serviceProvider_id}`, { intent: "approve", id: String(one.serviceProvider_id) }, "catalog"),
      ),
    ).toBe(403);
    const unknown = await post(`dialog=approve&id=999999999`, { intent: "approve", id: "999999999" });
    expect(statusOf(unknown)).toBe(404);
    expect(payload<ReviewFailure>(unknown).formError).toBe(M.providerNotFound);
    expect(statusOf(await post("", { intent: "explode", id: "1" }))).toBe(400);
    expect((await load(`search=${name}`)).rows[0].review.status).toBe("Pending");
  });

  it("the export writes the Review column", async () => {
    const { DOCUMENTS_COLUMNS } = await import("~/models/documents");
    const review = DOCUMENTS_COLUMNS.find((c) => c.key === "review")!;
    expect(review.header).toBe("Review");
    const row = { review: { status: "Rejected", reason: "Blurred", by: "admin", at: "01-12-2026 10:00" } } as DocumentsRow;
    expect(review.value(row)).toBe("Rejected: Blurred · admin · 01-12-2026 10:00");
  });
});

describe("bulk jobs over the Documents list", () => {
  it("the new-job page reads the Documents filter; Approve all N; the job's way back is the filtered list", async () => {
    const name = prefix();
    const made = await makeProviders(name, 3);
    const query = `list=documents&search=${name}&review_status=Pending&page=1&dialog=reject&id=${made[0].serviceProvider_id}`;
    const page = payload<NewJobData>(await loadNew(query, "support"));
    expect(page).toMatchObject({
      list: "documents",
      listTitle: "Service Provider Documents",
      total: 3,
      totalExact: true,
      filterWords: [`Search: ${name}`, "Review: Pending"],
      filterErrors: [],
      kinds: [
        { value: "document-approve", label: "Approve documents" },
        { value: "document-reject", label: "Reject documents (one reason for all)" },
      ],
    });
    expect(page.listUrl).toBe(`/admin/documents?search=${name}&review_status=Pending&page=1`);

    // Reject needs its one reason
    const noReason = await postNew(`list=documents&search=${name}`, { kind: "document-reject", reason: "" }, "support");
    expect(statusOf(noReason)).toBe(400);
    expect(payload<{ fieldErrors: Record<string, string> }>(noReason).fieldErrors.reason).toBe(M.reasonRequired);

    const started = expectRedirect(
      await postNew(`list=documents&search=${name}&review_status=Pending`, { kind: "document-approve" }, "support"),
      "/admin/jobs/",
    );
    const id = Number(new URL(started.headers.get("Location")!, "http://x").pathname.split("/").pop());
    const job = await jobWhenEnded(id);
    expect(job).toMatchObject({ state: "done", done: 3, failed: 0, action: "Approve documents", listTitle: "Service Provider Documents" });
    // "Back to the list": the list as the admin filtered it
    expect(job.listUrl).toBe(`/admin/documents?search=${name}&review_status=Pending`);
    const after = await load(`search=${name}`);
    expect(after.rows.map((r) => r.review.status)).toEqual(["Approved", "Approved", "Approved"]);

    // an admin without the list's access: 403 on the job's pages and its cancel
    expect(statusOf(await loadJob(id, "catalog"))).toBe(403);
    expect(statusOf(await callRoute(failuresRoute, await requestAs("catalog", `/admin/jobs/${id}/failures`), { id: String(id) }))).toBe(
      403,
    );
    expect(statusOf(await loadNew(`list=documents&search=${name}`, "catalog"))).toBe(403);
  });

  it("a Reject job with its reason; the job page shows the reason", async () => {
    const name = prefix();
    await makeProviders(name, 2);
    const started = expectRedirect(
      await postNew(`list=documents&search=${name}`, { kind: "document-reject", reason: "Upload a clearer PAN card" }),
      "/admin/jobs/",
    );
    const id = Number(new URL(started.headers.get("Location")!, "http://x").pathname.split("/").pop());
    expect(await jobWhenEnded(id)).toMatchObject({ state: "done", done: 2, reason: "Upload a clearer PAN card" });
    expect((await load(`search=${name}`)).rows.map((r) => [r.review.status, r.review.reason])).toEqual([
      ["Rejected", "Upload a clearer PAN card"],
      ["Rejected", "Upload a clearer PAN card"],
    ]);
  });
});
