import { data } from "@remix-run/node";
import { isoDate } from "~contract/api";
import { hasAccess } from "~contract/access";
import { BANK_FILE_STATES, type BankFileState } from "~contract/payouts";
import type { AdminUser } from "~contract/admin-users";
import { formatInr } from "~shared/money";
import {
  bankFileUrl,
  GenerateForm,
  GenerateTodayForm,
  NEEDS_BANK_DETAILS,
  type BankFilesPageData,
  type FileRow,
  type PickerRow,
} from "~/models/bank-files";
import { handleForm, intent } from "~/services/form-action.server";
import { Page } from "~contract/list-query-schema";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDate, formatDateTime } from "~/utils/dates";

const FILES_PAGE_SIZE = 20;
const PICKER_PAGE_SIZE = 50;

/** Generating (and downloading) a bank file needs Bank Details access besides the page's Payment. */
export const canHandleBankFiles = (admin: AdminUser) => hasAccess(admin.adminAccessRoleSettings, "BankDetails");

export function requireBankDetails(admin: AdminUser) {
  if (!canHandleBankFiles(admin)) throw new Response(NEEDS_BANK_DETAILS, { status: 403, statusText: "Forbidden" });
}

const pageOf = (value: string | null) => {
  const parsed = Page.safeParse(value ?? undefined);
  return parsed.success ? parsed.data : 1;
};

/** The bank files list (?page, ?state) and, for an admin who may generate, the approved payouts to pick (?picker_page, ?released_on). */
export async function bankFilesLoader(request: Request, admin: AdminUser, api: Marketplace) {
  const params = new URL(request.url).searchParams;
  const page = pageOf(params.get("page"));
  const rawState = params.get("state") ?? "";
  const state = (BANK_FILE_STATES as readonly string[]).includes(rawState) ? (rawState as BankFileState) : "";
  const canGenerate = canHandleBankFiles(admin);
  const rawDay = (params.get("released_on") ?? "").trim();
  const day = rawDay ? isoDate.safeParse(rawDay) : null;
  const pickerPage = pageOf(params.get("picker_page"));
  const [files, picker] = await Promise.all([
    api.listBankFiles({ page, page_size: FILES_PAGE_SIZE, ...(state ? { state } : {}) }),
    canGenerate
      ? api.listApprovedPayouts({
          page: pickerPage,
          page_size: PICKER_PAGE_SIZE,
          ...(day?.success ? { released_on: day.data } : {}),
        })
      : null,
  ]);
  const fileRows: FileRow[] = files.rows.map((f) => ({
    id: f.bank_file_id,
    name: f.file_name,
    date: formatDate(`${f.file_date}T12:00:00+05:30`),
    batch: f.batch_number,
    state: f.state,
    lines: f.line_count,
    failed: f.failed_count,
    total: formatInr(f.total),
    createdBy: f.created_by ?? "—",
    createdAt: formatDateTime(f.created_at),
  }));
  const pickerRows: PickerRow[] = (picker?.rows ?? []).map((p) => ({
    id: p.payout_id,
    shortId: p.short_id,
    provider: p.provider_username,
    amount: formatInr(p.amount),
    releasedAt: formatDateTime(p.released_at),
    hasBankAccount: p.has_bank_account,
    reason: p.reason,
  }));
  return data<BankFilesPageData>({
    files: fileRows,
    total: files.total,
    page,
    pageSize: FILES_PAGE_SIZE,
    state,
    canGenerate,
    picker: {
      rows: pickerRows,
      total: picker?.total ?? 0,
      totalAmount: formatInr(picker?.totalAmount ?? "0.00"),
      page: pickerPage,
      pageSize: PICKER_PAGE_SIZE,
      releasedOn: rawDay,
      dateError: day && !day.success ? "Use the date format YYYY-MM-DD" : null,
    },
  });
}

/**
 * Generate: the ticked payouts, or all approved today, as one file; then its page with a toast.
 * The form's one-time key makes a double click one file (the API answers the repeat with the first file).
 */
export function generateAction(request: Request, admin: AdminUser, api: Marketplace) {
  requireBankDetails(admin);
  const made = async (answer: Awaited<ReturnType<Marketplace["generateBankFile"]>>) => {
    const skipped = answer.skipped.length
      ? ` ${answer.skipped.length} ${answer.skipped.length === 1 ? "payout was" : "payouts were"} left out: no bank account.`
      : "";
    return redirectWithToast(request, bankFileUrl(answer.data.bank_file_id), { type: "success", message: `${answer.message}.${skipped}` });
  };
  return handleForm(request, api, {
    generate: intent(GenerateForm, async ({ payout_ids }) => made(await api.generateBankFile({ payout_ids }))),
    "generate-today": intent(GenerateTodayForm, async () => made(await api.generateBankFile({ all_approved_today: true }))),
  });
}
