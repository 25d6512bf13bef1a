import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { CLICKWRAP_MESSAGES, ClickwrapStatusSchema, ClickwrapText, ClickwrapVersion } from "~contract/clickwrap";
import { isBlankHtml } from "~shared/html-text";

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
    if (form.status === "published" && isBlankHtml(form.text)) {
      ctx.addIssue({ code: "custom", path: ["text"], message: CLICKWRAP_MESSAGES.textRequiredToPublish });
    }
  });
export const clickwrapValidator = withZod(ClickwrapForm);
