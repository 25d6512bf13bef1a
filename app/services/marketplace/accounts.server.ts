import { z } from "zod";
import { BankAccount, TOTAL_COUNT_HEADER } from "~/models/service-provider";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError, type Caller } from "./client.server";
import { apiRawRequest } from "./files.server";

/**
 * One page of provider bank accounts. GET accounts/ answers an array (spec 3 §7); the number of
 * matching accounts comes in the x-total-count header, so this reads the raw answer.
 */
export async function listBankAccounts(query: { page: number; page_size: number; search?: string }, caller: Caller) {
  const response = await apiRawRequest("/accounts/", { query, caller, accept: "application/json" });
  const parsed = z.array(BankAccount).safeParse(await response.json().catch(() => undefined));
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER));
  if (!parsed.success || !Number.isInteger(total) || total < 0) {
    throw new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, 502);
  }
  return { rows: parsed.data, total };
}
