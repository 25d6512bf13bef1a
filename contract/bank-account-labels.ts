/**
 * The Service Provider Bank Details list's sorts (?sortField=…&sortOrder=asc|desc): username (the
 * provider's), account_holder_name, bank_name. Ties by the account's id; default: by id. No zod
 * here: the list's browser bundle imports this file.
 */
export const BANK_ACCOUNT_SORT_FIELDS = ["username", "account_holder_name", "bank_name"] as const;
export type BankAccountSortField = (typeof BANK_ACCOUNT_SORT_FIELDS)[number];
