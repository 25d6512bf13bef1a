import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { CLICKWRAP_MESSAGES, ClickwrapStatusSchema, ClickwrapText, ClickwrapVersion } from "~contract/clickwrap";

/** The add / edit form of a terms version: version, Draft or Publish, the text (rich text HTML). */
export const ClickwrapForm = z
  .object({
    version: ClickwrapVersion,
    status: ClickwrapStatusSchema,
    text: ClickwrapText.default(""),
    updated_at: z.string().optional(),
  })
  .superRefine((form, ctx) => {
    // the API checks the sanitised text; here a blank one is told at once
    if (form.status === "published" && !form.text.replace(/<[^>]*>|&nbsp;/g, "").trim()) {
      ctx.addIssue({ code: "custom", path: ["text"], message: CLICKWRAP_MESSAGES.textRequiredToPublish });
    }
  });
export const clickwrapValidator = withZod(ClickwrapForm);

/** After a refused save keep what the page loaded, so the admin's typing and version stay put. */
export const keepTypedValues: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if (actionResult && typeof actionResult === "object" && "repopulateFields" in actionResult) return false;
  return defaultShouldRevalidate;
};
