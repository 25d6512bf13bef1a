import type { BankAccountSortField } from "~contract/bank-account-labels";
import { z } from "zod";
import { BankAccount, TOTAL_COUNT_HEADER } from "~contract/service-providers";
import { API_UNAVAILABLE_MESSAGE, apiRequest, apiRequestWithHeaders, MarketplaceError, type Caller } from "./client.server";

/**
 * One page of provider bank accounts. GET accounts/ answers an array (spec 3 §7); the number of
 * matching accounts comes in the x-total-count header, so this reads the raw answer.
 */
export async function listBankAccounts(
  caller: Caller,
  query: { page: number; page_size: number; search?: string; sortField?: BankAccountSortField; sortOrder?: "asc" | "desc" },
) {
  const { data: rows, headers } = await apiRequestWithHeaders("/accounts/", { query, caller, answer: z.array(BankAccount) });
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  if (!Number.isInteger(total) || total < 0) throw new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, 502);
  return { rows, total };
}

const Revealed = z.object({ data: z.object({ id: z.number().int(), account_number: z.string() }) });

/**
 * POST accounts/{id}/reveal: the full number of one account. The API records the acting admin and
 * the account in its audit log (GET accounts/ only gives masked numbers).
 */
export async function revealBankAccountNumber(caller: Caller, id: number): Promise<string> {
  const answer = await apiRequest(`/accounts/${id}/reveal`, { method: "POST", caller, answer: Revealed });
  return answer.data.account_number;
}
