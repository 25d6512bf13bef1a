import { z } from "zod";

/** Record ids are int4 columns: 1 … 2 147 483 647. One rule for the admin's URLs and the API. */
export const INT4_MAX = 2_147_483_647;

/** Whether a URL or query value is a record id: digits only, 1 … INT4_MAX. */
export function isRecordId(value: string | null | undefined): value is string {
  return typeof value === "string" && /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= INT4_MAX;
}

/** A record id sent as text (query string, path, form field), parsed to a number. */
export const recordId = (name: string) =>
  z
    .string({ required_error: `${name} is required` })
    .trim()
    .refine(isRecordId, `${name} must be a positive whole number`)
    .transform(Number);
