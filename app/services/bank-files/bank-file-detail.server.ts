import { data } from "@remix-run/node";
import type { AdminUser } from "~contract/admin-users";
import { isRecordId } from "~contract/ids";
import { formatInr, formatPaise, inrToPaiseNumber } from "~shared/money";
import {
  bankFileUrl,
  FailLineForm,
  MarkPaidForm,
  MarkSentForm,
  type BankFileDialog,
  type BankFilePageData,
  type LineRow,
} from "~/models/bank-files";
import { handleForm, intent } from "~/services/form-action.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { canHandleBankFiles } from "./bank-files-list.server";

/** One bank file (masked numbers) and the dialog its URL opens (?dialog=sent | paid | fail&line=…). */
export async function bankFileLoader(request: Request, admin: AdminUser, api: Marketplace, id: number) {
  const file = await api.getBankFile(id);
  const params = new URL(request.url).searchParams;
  const lines: LineRow[] = file.lines.map((l) => ({
    id: l.line_id,
    number: l.line_number,
    reference: l.customer_reference,
    provider: l.provider_username ?? `provider ${l.service_provider_id}`,
    beneficiary: l.beneficiary_name,
    account: l.account_number,
    ifsc: l.ifsc_code,
    amount: formatInr(l.amount),
    orders: l.short_ids.join(", "),
    state: l.state,
    failure: l.failure_reason,
    failedBy: l.failed_by ? `${l.failed_by}, ${formatDateTime(l.failed_at)}` : null,
  }));
  const paise = (state: "Failed" | "other") =>
    file.lines.filter((l) => (state === "Failed") === (l.state === "Failed")).reduce((sum, l) => sum + inrToPaiseNumber(l.amount), 0);
  let dialog: BankFileDialog = null;
  const asked = params.get("dialog");
  if (asked === "sent" && file.state === "Generated") dialog = { kind: "sent" };
  if (asked === "paid" && file.state === "Sent to bank") dialog = { kind: "paid" };
  if (asked === "fail" && file.state !== "Paid") {
    const lineId = params.get("line");
    const line = isRecordId(lineId) ? lines.find((l) => l.id === Number(lineId) && l.state === "Included") : undefined;
    if (line) dialog = { kind: "fail", line };
  }
  return data<BankFilePageData>({
    id: file.bank_file_id,
    name: file.file_name,
    state: file.state,
    date: formatDate(`${file.file_date}T12:00:00+05:30`),
    batch: file.batch_number,
    total: formatInr(file.total),
    includedTotal: formatPaise(paise("other")),
    failedTotal: formatPaise(paise("Failed")),
    lineCount: file.line_count,
    failedCount: file.failed_count,
    createdBy: `${file.created_by ?? "—"}, ${formatDateTime(file.created_at)}`,
    createdAt: formatDateTime(file.created_at),
    sent: file.sent_at ? `${file.sent_by ?? "—"}, ${formatDateTime(file.sent_at)}` : null,
    paid: file.paid_at ? `${file.paid_by ?? "—"}, ${formatDateTime(file.paid_at)}` : null,
    bankReference: file.bank_reference,
    lines,
    canDownload: canHandleBankFiles(admin),
    dialog,
  });
}

/** Mark sent to bank, Mark paid (the bank's reference), Fail line (the reason): back to the file with a toast. */
export function bankFileAction(request: Request, api: Marketplace, id: number) {
  const back = bankFileUrl(id);
  const done = (message: string) => redirectWithToast(request, back, { type: "success", message });
  return handleForm(request, api, {
    sent: intent(MarkSentForm, async () => done((await api.markBankFileSent(id)).message), {
      what: "bank file",
      // a confirmation has no fields: the refusal is a toast on the file
      refused: (error) => redirectWithToast(request, back, { type: "error", message: error.message }),
    }),
    paid: intent(MarkPaidForm, async ({ bank_reference }) => done((await api.markBankFilePaid(id, bank_reference)).message), {
      what: "bank file",
    }),
    fail: intent(FailLineForm, async ({ line, reason }) => done((await api.failBankFileLine(id, line, reason)).message), {
      what: "bank file",
    }),
  });
}
