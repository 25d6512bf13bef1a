import { data } from "@remix-run/node";
import { SEARCH_TOO_LONG } from "~/services/list-query.server";
import type { AdminUser } from "~contract/admin-users";
import type { BankAccountRow, BankDetailsPageData } from "~/models/bank-details";
import { PAGE_SIZES } from "~contract/list-query";
import type { BankAccount } from "~contract/service-providers";
import { readBankQuery } from "~/services/bank-details/list-query.server";
import { dropRevealGrant, grantedReveal, maskAccountNumber, revealFailureMessage } from "~/services/bank-details/reveal.server";
import { redirectPastLastPage } from "~/services/errors.server";
import { errorReporter, MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";

type Reveal = { revealed: { id: number; number: string } | null; revealError: string | null };

/** The full number of the granted account, asked for (an audited API call) only when it is on this page. */
async function revealGranted(granted: number, rows: readonly BankAccount[], admin: AdminUser, api: Marketplace): Promise<Reveal> {
  if (!rows.some((account) => account.id === granted)) {
    return { revealed: null, revealError: "This bank account is no longer in this list, so its number was not revealed." };
  }
  try {
    return { revealed: { id: granted, number: await api.raw.revealBankAccountNumber(granted) }, revealError: null };
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    errorReporter()(`reveal of bank account ${granted} for admin ${admin.adminUserId} failed`, error);
    return { revealed: null, revealError: revealFailureMessage(error) };
  }
}

/**
 * One account as the list shows it, `n`th in the whole list: its number masked, unless `revealedNumber`
 * is given (the loader's one revealed row; the export never gives one).
 */
export function toRow(account: BankAccount, n: number, revealedNumber: string | null = null): BankAccountRow {
  return {
    n,
    id: account.id,
    username: account.service_provider_username,
    holder: account.account_holder_name,
    number: revealedNumber ?? maskAccountNumber(account.account_number),
    revealed: revealedNumber !== null,
    ifsc: account.ifsc_code,
    bank: account.bank_name,
    branch: account.branch,
  };
}

/**
 * The bank details list. The list's numbers are masked by the API; the ?reveal row's full number is
 * shown only on the load that follows this admin's Reveal POST, once (the grant cookie is dropped).
 */
export async function bankDetailsListLoader(request: Request, admin: AdminUser, api: Marketplace) {
  const url = new URL(request.url);
  const query = readBankQuery(url.searchParams);
  const list = await api.listBankAccounts({
    page: query.page,
    page_size: query.page_size,
    search: query.search || undefined,
    sortField: query.sort?.field,
    sortOrder: query.sort?.order,
  });
  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total);

  const granted = await grantedReveal(request, admin.adminUserId);
  const { revealed, revealError } =
    granted !== null && granted === query.reveal
      ? await revealGranted(granted, list.rows, admin, api)
      : { revealed: null, revealError: null };

  const rows = list.rows.map((account, i) =>
    toRow(account, (query.page - 1) * query.page_size + i + 1, revealed?.id === account.id ? revealed.number : null),
  );
  return data<BankDetailsPageData>(
    {
      rows,
      total: list.total,
      page: query.page,
      pageSize: query.page_size,
      pageSizes: PAGE_SIZES,
      search: query.search,
      searchError: query.searchTooLong ? SEARCH_TOO_LONG : null,
      sort: query.sort,
      sortError: query.sortErrors[0] ?? null,
      revealError,
    },
    granted !== null ? { headers: { "Set-Cookie": await dropRevealGrant() } } : undefined,
  );
}
