import type { ZodIssue } from "zod";

/** zod issues → { field: its first message }; a nested path is joined with dots, none is `fallback`. */
export function fieldErrorsOf(issues: readonly ZodIssue[], fallback = "form"): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : fallback;
    errors[key] ??= issue.message;
  }
  return errors;
}
