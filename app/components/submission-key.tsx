import { useId } from "react";
import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { SUBMISSION_FIELD } from "~/models/form-result";

/**
 * The hidden one-time key of a form that creates something: the same for every post of this
 * rendering of the form (a double click with JS on, a second click while the page loads with JS
 * off), new when the page is loaded again or after a post (the root loader's seed), different for
 * each form of a page. The action hands it to `callerOf(admin, request, formData)`, the client sends
 * it as the API's Idempotency-Key, and the API answers a repeat with the first answer.
 */
export function SubmissionKey() {
  const seed = useRouteLoaderData<{ submissionSeed?: string }>("root")?.submissionSeed;
  const location = useLocation();
  const id = useId();
  // no seed, no key: a constant key would answer a later, different post with an earlier answer
  if (!seed) return null;
  return <input type="hidden" name={SUBMISSION_FIELD} value={`${seed}.${location.key}${id}`} />;
}
