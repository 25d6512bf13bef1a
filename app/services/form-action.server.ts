import type { data } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import type { z } from "zod";
import type { Marketplace } from "~/services/marketplace/index.server";
import { apiFailure, formFailure, submittedValues } from "~/services/form-result.server";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "~/services/marketplace/client.server";

/**
 * The one way an action handles a form post (every area): which form posted (`intent`), its
 * fields parsed by remix-validated-form against that intent's zod schema (nested names such as
 * `offerings.Consultation[0]` by the library's own path rules), then the intent's work.
 *
 * - an intent the page has no form for → 400 "Unknown intent", here only;
 * - fields that do not pass → 400 with a message beside each field and what the admin typed;
 * - the API refusing (400 field messages, 409 stale edit, 404 gone, 503 down) → the form's
 *   answer with the API's words and the typed values (`apiFailure`), unless the intent answers
 *   the refusal itself (`refused`);
 * - the form's one-time key (SUBMISSION_FIELD) binds to `api` first, so every write is idempotent.
 */
/** What an action answers: a redirect or a Response, or data (a refusal) with its status. */
export type ActionAnswer = Response | ReturnType<typeof data<unknown>>;

export type IntentContext = {
  form: FormData;
  /** what the admin typed, as posted (for a refusal's refill) */
  values: Record<string, string>;
  intent: string;
};

export type Intent<Data> = {
  validator: Validator<Data>;
  handle: (data: Data, context: IntentContext) => Promise<ActionAnswer>;
  /** the record in messages: "This category no longer exists." */
  what?: string;
  /** a record gone meanwhile: the 404 page (default) or a message in the form (a dialog over a list) */
  notFound?: "page" | "form";
  /** answers the API's refusal itself (a toast, a notice); anything else thrown is not a refusal and goes on up */
  refused?: (error: MarketplaceError, context: IntentContext) => ActionAnswer | Promise<ActionAnswer>;
  /** answers fields that do not pass itself (a page whose refusals are notices, not field messages) */
  invalid?: (fieldErrors: Record<string, string>, context: IntentContext) => ActionAnswer | Promise<ActionAnswer>;
};

/** One intent: its zod schema (or a validator a ValidatedForm shares) and its work. */
export function intent<Data>(
  schema: z.ZodType<Data, z.ZodTypeDef, unknown> | Validator<Data>,
  handle: Intent<Data>["handle"],
  options: Omit<Intent<Data>, "validator" | "handle"> = {},
): Intent<Data> {
  const validator =
    "validate" in schema && typeof schema.validate === "function" ? (schema as Validator<Data>) : withZod(schema as z.ZodType<Data>);
  return { validator: validator as Validator<Data>, handle, ...options };
}

export const UNKNOWN_INTENT_STATUS = 400;

/**
 * The intent a posted name asks for: its own, or a family's — a key ending with ":" ("remove:")
 * answers every "remove:<what>" (a button per row carries its row in its value; the intent's
 * schema reads the part after the colon from the `intent` field).
 */
function intentNamed<T>(intents: Record<string, T>, name: string): T | undefined {
  if (Object.hasOwn(intents, name)) return intents[name];
  const family = name.slice(0, name.indexOf(":") + 1);
  return family !== "" && Object.hasOwn(intents, family) ? intents[family] : undefined;
}

/**
 * Runs the intent the form names. `form` is the posted form when the route has read it already
 * (an upload streamed by upload-form.server.ts); `defaultIntent` is the intent of a page with one
 * form and no intent field.
 */
export async function handleForm(
  request: Request,
  api: Marketplace,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  intents: Record<string, Intent<any>>,
  options: { form?: FormData; defaultIntent?: string } = {},
): Promise<ActionAnswer> {
  const form = options.form ?? (await request.formData());
  const posted = form.get("intent");
  const name = typeof posted === "string" && posted !== "" ? posted : (options.defaultIntent ?? "");
  const chosen = intentNamed(intents, name);
  if (!chosen) {
    throw new Response(`Unknown intent: ${name.slice(0, 40)}`, { status: UNKNOWN_INTENT_STATUS, statusText: "Bad Request" });
  }
  api.useSubmission(form);
  const context: IntentContext = { form, values: submittedValues(form), intent: name };
  const result = await chosen.validator.validate(form).catch(() => null);
  // a field name the library refuses to build (`__proto__`) is a form no page of ours sends
  if (!result) return formFailure(context.values, { intent: name, formError: "The form could not be read." }, 400);
  if (result.error) {
    if (chosen.invalid) return chosen.invalid(result.error.fieldErrors, context);
    return formFailure(context.values, { intent: name, fieldErrors: result.error.fieldErrors }, 400);
  }
  try {
    return await chosen.handle(result.data, context);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (chosen.refused && error instanceof MarketplaceError) return chosen.refused(error, context);
    return apiFailure(error, context.values, chosen.what ?? "record", { intent: name, notFound: chosen.notFound });
  }
}

/**
 * The answers of an approve or reject with a reason (ReasonDecisionDialog) when nothing changed:
 * the dialog again with the reason typed, the message beside it or for the form (the API's refusal
 * in its words; 503 when it is not answering).
 */
export function reasonDecisionAnswers() {
  const failure = (context: IntentContext, failed: { fieldErrors: { reason?: string }; formError?: string }, status: number) =>
    formFailure({ reason: context.values.reason ?? "" }, { intent: context.intent, ...failed }, status);
  return {
    invalid: (fieldErrors: Record<string, string>, context: IntentContext) =>
      failure(context, { fieldErrors: fieldErrors.reason ? { reason: fieldErrors.reason } : {}, formError: fieldErrors.id }, 400),
    refused: (error: MarketplaceError, context: IntentContext) =>
      failure(
        context,
        {
          fieldErrors: error.fieldErrors.reason ? { reason: error.fieldErrors.reason } : {},
          formError: error.kind === "unavailable" ? `${API_UNAVAILABLE_MESSAGE} Nothing was changed.` : error.message,
        },
        error.kind === "unavailable" ? 503 : error.status >= 400 && error.status < 500 ? error.status : 400,
      ),
  };
}
