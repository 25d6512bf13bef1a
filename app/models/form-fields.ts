import { z } from "zod";
import { isRecordId } from "~contract/ids";

/**
 * Field schemas of the admin's forms (remix-validated-form + zod), for the shapes plain HTML posts:
 * one checkbox, a repeated name, a record id in a hidden field.
 */

/** A name posted once, several times or not at all, as a list (remix-validated-form gives one value unwrapped). */
export function repeated<Item extends z.ZodTypeAny>(item: Item) {
  return z.preprocess((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]), z.array(item));
}

/** A checkbox: on when posted with any value, off when absent. */
export const checkbox = () => z.preprocess((value) => value !== undefined && value !== null && value !== "", z.boolean());

/** A record id from a hidden field or a button's value; `message` when missing or not an id. */
export const postedRecordId = (message: string) =>
  z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string().refine(isRecordId, message).transform(Number));
