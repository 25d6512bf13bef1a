import { BANK_ACCOUNT_SORT_FIELDS } from "~contract/bank-account-labels";
import { sorting, sortTogether } from "~contract/list-query-schema";
import { AccountsQuery, BankAccount, TOTAL_COUNT_HEADER } from "~contract/service-providers";
import { ActingAdmin, chosenByUs, common, createRoute, data, error, idParam, json, z } from "../../lib/openapi";

export const listRoute = createRoute({
  method: "get",
  path: "/accounts/",
  summary: "Providers' bank accounts (an array, by id or sorted)",
  description:
    "The spec's call takes no query. page, page_size and search are ours (all optional); the answer stays an array and the total is in x-total-count. account_number is masked (all but the last 4 characters are X): the full number is only given by POST /accounts/{id}/reveal, which is audited. search matches username, holder, bank name and IFSC (not the number). sortField (username, account_holder_name, bank_name) with sortOrder (asc, desc) orders the list, ties by id (default: by id).",
  request: { query: AccountsQuery.extend(sorting(BANK_ACCOUNT_SORT_FIELDS)).superRefine(sortTogether) },
  responses: {
    200: {
      ...json(z.array(BankAccount.openapi("BankAccount")), "The accounts"),
      headers: { [TOTAL_COUNT_HEADER]: { description: "number of matching rows (ours)", schema: { type: "integer" as const } } },
    },
    400: error("Bad query"),
    ...common,
  },
});

export const revealRoute = createRoute({
  method: "post",
  path: "/accounts/{id}/reveal",
  summary: "The full account number of one bank account, recorded in the audit log",
  ...chosenByUs(
    "Writes an audit row (action reveal, entity bank_account, entity_id the account id, the acting admin; never the number) and answers the number. Accounts of deleted providers are 404.",
  ),
  request: { params: z.object({ id: idParam("id", "the bank account's id") }), headers: ActingAdmin },
  responses: {
    200: json(data(z.object({ id: z.number().int(), account_number: z.string() })), "The account's full number"),
    400: error("Bad id, or x-acting-admin missing"),
    403: error("x-acting-admin names an admin who is not Active"),
    404: error("Unknown bank account, or its provider was deleted"),
    ...common,
  },
});
