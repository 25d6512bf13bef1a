/** What only the admin uses of ~contract/list-query-schema (the shared part stays in contract/list-query-schema.ts). */
import { paging, dateRange, endOnOrAfterStart } from "~contract/list-query-schema";
import { z } from "zod";
import { isOneOf } from "~shared/one-of";
import { PAGE_SIZES } from "~contract/list-query";

/** a page size the admin's lists offer (10, 25, 50, 100) */
export const OfferedPageSize = z.coerce
  .number()
  .int()
  .refine((n) => isOneOf(PAGE_SIZES, n), "Choose a page size from the list");

export const ListQuery = z.object(paging());
export type ListQuery = z.infer<typeof ListQuery>;

export const DateRange = z.object(dateRange).superRefine(endOnOrAfterStart);
export type DateRange = z.infer<typeof DateRange>;
