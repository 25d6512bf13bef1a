import type { ShouldRevalidateFunction } from "@remix-run/react";
/** What only the admin uses of ~contract/form-result (the shared part stays in contract/form-result.ts). */

/**
 * The one answer of an action that changed nothing (every area's forms): messages beside the
 * fields, one for the form, and what the admin typed so the form is refilled (with JS or without).
 * `repopulateFields` is the name remix-validated-form reads; `intent` says which of a page's forms
 * posted; `conflict` is who saved the record meanwhile (a 409 on a stale edit).
 */
export type FormFailure<Values extends Record<string, unknown> = Record<string, string>> = {
  intent?: string;
  fieldErrors: Record<string, string>;
  repopulateFields: Values;
  formError?: string;
  conflict?: { updatedBy: string; updatedAt: string };
};

/** A refused approve or reject with a reason (ReasonDecisionDialog): the dialog again, the reason typed, and why. */
export type ReasonFailure<Intent extends string = string> = {
  intent: Intent;
  fieldErrors: { reason?: string };
  repopulateFields: { reason?: string };
  formError?: string;
};

/**
 * The hidden field of a form that creates something (app/components/submission-key.tsx): a key new
 * at every render, sent to the API as its Idempotency-Key, so the same form posted twice (a double
 * click, JS on or off) is saved once and both posts get the same answer.
 */
export const SUBMISSION_FIELD = "_submission";

/**
 * A route's `shouldRevalidate` when its forms answer refusals with FormFailure: after a refusal
 * the page is not reloaded, so the form keeps what the admin typed (with JS; without JS the
 * answer's `repopulateFields` refill it). `alsoKeep` names other answers that keep the page as it is.
 */
export function keepTypedValuesAfter(alsoKeep: (actionResult: Record<string, unknown>) => boolean = () => false): ShouldRevalidateFunction {
  return ({ actionResult, defaultShouldRevalidate }) => {
    if (actionResult && typeof actionResult === "object" && ("repopulateFields" in actionResult || alsoKeep(actionResult))) return false;
    return defaultShouldRevalidate;
  };
}

export const keepTypedValues = keepTypedValuesAfter();
