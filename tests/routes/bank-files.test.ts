import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as listRoute from "~/routes/admin.payments.bank-files._index";
import * as fileRoute from "~/routes/admin.payments.bank-files.$fileId";
import * as csvRoute from "~/routes/admin.payments.bank-files.$fileId_.csv";
import type { AuditEntry } from "~contract/audit-log";
import { BANK_FILE_COLUMNS, type BankFileDetail } from "~contract/bank-files";
import type { BankFilePageData, BankFilesPageData } from "~/models/bank-files";
import { SUBMISSION_FIELD } from "~/models/form-result";
import { csvRows } from "../support/csv-rows";
import { newApprovedPayout } from "../support/records";
import { apiCall, callRoute, expectRedirect, newAdminCookie, readToast, requestAs, statusOf } from "../support/routes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

const LIST = "/admin/payments/bank-files";
const latestAudit = async () => (await apiCall<{ data: AuditEntry[] }>("/audit-log?limit=1")).data[0];
const key = () => `${randomUUID()}.bankfile:R1:`;
const asCookie = (cookie: string, path: string, form?: Record<string, string | string[]>) =>
  requestAs(null, path, { headers: { Cookie: cookie }, ...(form ? { form } : {}) });

const approvedPayout = (amount?: string) => newApprovedPayout(apiCall, amount);

describe("bank files (admin)", () => {
  it("needs Payment to open; generating needs Bank Details too (the picker is hidden, the action answers 403)", async () => {
    expect(statusOf(await callRoute(listRoute, await requestAs("support", LIST)))).toBe(403);
    const paymentOnly = await newAdminCookie(["Payment"]);
    const page = payload(await callRoute(listRoute, await asCookie(paymentOnly, LIST))) as BankFilesPageData;
    expect(page.canGenerate).toBe(false);
    expect(page.picker.rows).toEqual([]);
    const { payoutId } = await approvedPayout();
    const refused = await callRoute(listRoute, await asCookie(paymentOnly, LIST, { intent: "generate", payout_ids: String(payoutId) }));
    expect(statusOf(refused)).toBe(403);
    const noSession = await callRoute(listRoute, await requestAs(null, LIST));
    expect(statusOf(noSession)).toBe(302);
  });

  it("generates from the ticked payouts (a double post makes one file), opens it masked, downloads the CSV (audited), marks it sent, fails a line and marks it paid", async () => {
    const one = await approvedPayout("1500.00");
    const two = await approvedPayout("2750.50");
    const page = payload(await callRoute(listRoute, await requestAs("admin", `${LIST}?page_size=50`))) as BankFilesPageData;
    expect(page.canGenerate).toBe(true);
    expect(page.picker.rows.map((r) => r.id)).toEqual(expect.arrayContaining([one.payoutId, two.payoutId]));

    const form = { intent: "generate", payout_ids: [String(one.payoutId), String(two.payoutId)], [SUBMISSION_FIELD]: key() };
    const first = expectRedirect(await callRoute(listRoute, await requestAs("admin", LIST, { form })), `${LIST}/`);
    const second = expectRedirect(await callRoute(listRoute, await requestAs("admin", LIST, { form })), `${LIST}/`);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    const toast = await readToast(first);
    expect(toast).toMatchObject({ type: "success" });
    expect(toast?.message).toMatch(/^Bank file bank-transfer-\d{4}-\d{2}-\d{2}-batch-\d{2}\.csv generated: 2 lines\.$/);
    const fileId = Number(first.headers.get("Location")!.split("/").pop());
    const path = `${LIST}/${fileId}`;
    const params = { fileId: String(fileId) };
    const api = (await apiCall<{ data: BankFileDetail }>(`/bank-files/${fileId}`)).data;
    expect(api.lines.flatMap((l) => l.payout_ids).sort()).toEqual([one.payoutId, two.payoutId].sort());

    const detail = payload(await callRoute(fileRoute, await requestAs("admin", path), params)) as BankFilePageData;
    expect(detail).toMatchObject({ state: "Generated", lineCount: 2, canDownload: true, dialog: null });
    for (const line of detail.lines) expect(line.account).toMatch(/^X+\d{4}$/);

    const csv = (await callRoute(csvRoute, await requestAs("admin", `${path}/csv`), params)) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toBe(`attachment; filename="${detail.name}"`);
    const rows = csvRows(await csv.text());
    expect(rows[0]).toEqual([...BANK_FILE_COLUMNS]);
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).every((r) => /^\d+$/.test(r[2]))).toBe(true);
    expect(await latestAudit()).toMatchObject({ action: "export", entity: "bank_file", entity_id: String(fileId) });
    const paymentOnly = await newAdminCookie(["Payment"]);
    expect(statusOf(await callRoute(csvRoute, await asCookie(paymentOnly, `${path}/csv`), params))).toBe(403);
    expect((payload(await callRoute(fileRoute, await asCookie(paymentOnly, path), params)) as BankFilePageData).canDownload).toBe(false);

    // Mark paid before sent: the dialog is not offered
    expect(
      (payload(await callRoute(fileRoute, await requestAs("admin", `${path}?dialog=paid`), params)) as BankFilePageData).dialog,
    ).toBeNull();
    const sentDialog = payload(await callRoute(fileRoute, await requestAs("admin", `${path}?dialog=sent`), params)) as BankFilePageData;
    expect(sentDialog.dialog).toEqual({ kind: "sent" });
    const sent = expectRedirect(
      await callRoute(fileRoute, await requestAs("admin", `${path}?dialog=sent`, { form: { intent: "sent" } }), params),
      path,
    );
    expect(await readToast(sent)).toMatchObject({ type: "success", message: `Bank file ${detail.name} marked sent to bank` });
    const again = expectRedirect(await callRoute(fileRoute, await requestAs("admin", path, { form: { intent: "sent" } }), params), path);
    expect(await readToast(again)).toMatchObject({
      type: "error",
      message: "This bank file is sent to bank: only a generated file can be marked sent to bank",
    });

    const line = detail.lines[0];
    const failPath = `${path}?dialog=fail&line=${line.id}`;
    const failDialog = payload(await callRoute(fileRoute, await requestAs("admin", failPath), params)) as BankFilePageData;
    expect(failDialog.dialog).toMatchObject({ kind: "fail", line: { id: line.id } });
    const blank = await callRoute(
      fileRoute,
      await requestAs("admin", failPath, { form: { intent: "fail", line: String(line.id), reason: "  " } }),
      params,
    );
    expect(statusOf(blank)).toBe(400);
    expect(payload(blank).fieldErrors.reason).toBe("Please enter the reason");
    const failed = expectRedirect(
      await callRoute(
        fileRoute,
        await requestAs("admin", failPath, { form: { intent: "fail", line: String(line.id), reason: "IFSC invalid" } }),
        params,
      ),
      path,
    );
    expect(await readToast(failed)).toMatchObject({
      type: "success",
      message: `Line ${line.number} marked failed: its payouts are approved again, ready for the next file`,
    });

    const noReference = await callRoute(
      fileRoute,
      await requestAs("admin", `${path}?dialog=paid`, { form: { intent: "paid", bank_reference: "" } }),
      params,
    );
    expect(statusOf(noReference)).toBe(400);
    expect(payload(noReference).fieldErrors.bank_reference).toBe("Please enter the bank's reference");
    const paid = expectRedirect(
      await callRoute(
        fileRoute,
        await requestAs("admin", `${path}?dialog=paid`, { form: { intent: "paid", bank_reference: "UTR778812" } }),
        params,
      ),
      path,
    );
    expect(await readToast(paid)).toMatchObject({ type: "success", message: `Bank file ${detail.name} marked paid` });
    const final = payload(await callRoute(fileRoute, await requestAs("admin", path), params)) as BankFilePageData;
    expect(final).toMatchObject({ state: "Paid", bankReference: "UTR778812", failedCount: 1 });
    expect(final.lines.find((l) => l.id === line.id)).toMatchObject({ state: "Failed", failure: "IFSC invalid" });
    expect(await latestAudit()).toMatchObject({ action: "update", entity: "bank_file", entity_id: String(fileId) });
  });

  it("a post with no payout ticked says so and changes nothing", async () => {
    const before = (await apiCall<{ total_results: number }>("/bank-files?page_size=1")).total_results;
    const answer = await callRoute(listRoute, await requestAs("admin", LIST, { form: { intent: "generate", [SUBMISSION_FIELD]: key() } }));
    expect(statusOf(answer)).toBe(400);
    expect(payload(answer).fieldErrors.payout_ids).toBe("Choose at least one approved payout");
    expect((await apiCall<{ total_results: number }>("/bank-files?page_size=1")).total_results).toBe(before);
  });

  it("an unknown file is a 404", async () => {
    expect(statusOf(await callRoute(fileRoute, await requestAs("admin", `${LIST}/99999999`), { fileId: "99999999" }))).toBe(404);
  });
});
