import { z } from "zod";
import { INT4_MAX } from "./input-rules";

/** Record ids are int4 columns: 1 … 2 147 483 647. One rule for the admin's URLs and the API. */
export { INT4_MAX };

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

/** A record id sent as a JSON number: a whole number 1 … INT4_MAX (a larger one is refused, naming `name`). */
export const recordIdNumber = (name: string) =>
  z
    .number({ required_error: `${name} is required`, invalid_type_error: `${name} must be a positive whole number` })
    .int(`${name} must be a positive whole number`)
    .min(1, `${name} must be a positive whole number`)
    .max(INT4_MAX, `${name} is out of range`);

/** A record id that may come as text or a number (query strings, forms): 1 … INT4_MAX. */
export const coercedRecordId = (name: string) =>
  z.coerce
    .number({ invalid_type_error: `${name} must be a positive whole number` })
    .int(`${name} must be a positive whole number`)
    .min(1, `${name} must be a positive whole number`)
    .max(INT4_MAX, `${name} is out of range`);
