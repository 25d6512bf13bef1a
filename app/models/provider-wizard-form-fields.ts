import { z } from "zod";
import { fieldErrorsOf } from "~contract/form-result";

/**
 * Field schemas of the provider wizard's step forms (remix-validated-form + zod). The steps post
 * nested names (`specializations.0.experience`, `Service.4.limitsPriceVariation.1.indiaPrice`,
 * `preferred_days_time.Monday.startTime`), which remix-validated-form turns into lists and
 * objects by its own path rules; these read them as the form's draft (every value as typed, a
 * missing one blank), so a refused save shows the form back as it was.
 */

/** What a step answers for an intent whose argument names nothing of the form ("remove:Service.99"). */
export const UNKNOWN_ACTION = "Unknown action";

const lastOf = (value: unknown) => (Array.isArray(value) ? value[value.length - 1] : value);

/** A text field: '' when absent or not text; a name posted twice keeps its last value. */
export const postedText = () => z.unknown().transform((value) => (typeof lastOf(value) === "string" ? (lastOf(value) as string) : ""));

/** A checkbox whose value is posted when ticked (any non-blank value). */
export const postedTick = () => postedText().transform((value) => value !== "");

/** Indexed entries (`skills.0`, `skills.1`) in index order, gaps closed; absent or not a list: []. */
const entriesOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value.filter(() => true) : value && typeof value === "object" ? Object.values(value) : [];

/** An indexed list of texts, each as typed (an entry that is not text: ''). */
export const postedTexts = () => z.unknown().transform((value) => entriesOf(value).map((v) => (typeof v === "string" ? v : "")));

/** An indexed list of texts, blank entries left out. */
export const postedFilledTexts = () =>
  z.unknown().transform((value) => entriesOf(value).filter((v): v is string => typeof v === "string" && v.trim() !== ""));

/** A group of fields (`row.name`, `row.rating`): what is not a group reads as an empty one. */
export const postedGroup = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.preprocess((value) => (value && typeof value === "object" && !Array.isArray(value) ? value : {}), z.object(shape));

/** Indexed rows of fields (`rows.0.name`, `rows.1.name`), in index order, gaps closed. */
export const postedRows = <Row extends z.ZodTypeAny>(row: Row) => z.preprocess(entriesOf, z.array(row));

/**
 * The argument a button's intent carries after its family's colon ("add-sub:2" → "2"), read by
 * `arg` (the `intent` field of the intent's schema); what it cannot read is UNKNOWN_ACTION.
 */
export const intentArgument = <Arg>(arg: (text: string) => Arg | null) =>
  z.string().transform((intent, ctx) => {
    const value = arg(intent.slice(intent.indexOf(":") + 1));
    if (value === null) {
      ctx.addIssue({ code: "custom", message: UNKNOWN_ACTION });
      return z.NEVER;
    }
    return value;
  });

/** A row's place as a button names it ("2"), or null. */
export const indexOf = (text: string) => (/^\d{1,4}$/.test(text) ? Number(text) : null);

/**
 * Checks `input` (the section a step's draft makes) against the contract's `schema`, each refusal
 * told beside the form's field: `rename` turns the section's path (dotted) into the form's name
 * (`fallback` for a refusal of the whole section). The first message of a field wins.
 */
export function checkSection<Schema extends z.ZodTypeAny>(
  schema: Schema,
  input: unknown,
  ctx: z.RefinementCtx,
  rename: (errors: Record<string, string>) => Record<string, string>,
  fallback?: string,
): z.infer<Schema> {
  const checked = schema.safeParse(input);
  if (checked.success) return checked.data;
  for (const [name, message] of Object.entries(rename(fieldErrorsOf(checked.error.issues, fallback)))) {
    ctx.addIssue({ code: "custom", path: name.split("."), message });
  }
  return z.NEVER;
}

/** Field messages keyed as remix-validated-form names a path (`rows[2].name`), keyed by the form's names (`rows.2.name`). */
export const formNames = (errors: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [path.replace(/\[(\d+)\]/g, ".$1"), message]));

/** Drops the entries `blank` says are blank; `kept[i]` is the index as sent of the i-th kept one. */
export function compact<T>(list: readonly T[], blank: (item: T) => boolean): { items: T[]; kept: number[] } {
  const items: T[] = [];
  const kept: number[] = [];
  list.forEach((item, index) => {
    if (blank(item)) return;
    items.push(item);
    kept.push(index);
  });
  return { items, kept };
}
