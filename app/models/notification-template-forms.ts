import { z } from "zod";
import { TemplateFields, templateIssues } from "~contract/notification-templates";

/** Add and Edit Template's form as posted: the template's fields and (edit) the version the admin loaded. */
const PostedTemplate = TemplateFields.extend({ updated_at: z.string().optional() });

/**
 * Add and Edit Template (Preview, Add / Update): the fields by their own rules first; once they all
 * pass, the rules across them (the type exists and goes to that user type, one channel at least,
 * only the type's placeholders), each message beside its field.
 */
export const TemplateForm = PostedTemplate.pipe(
  z.custom<z.output<typeof PostedTemplate>>().superRefine((template, ctx) => {
    for (const [field, message] of Object.entries(templateIssues(template))) ctx.addIssue({ code: "custom", path: [field], message });
  }),
);
export type TemplateForm = z.output<typeof TemplateForm>;

/** Delete (after the URL's confirm dialog): the template is the one in the URL. */
export const DeleteTemplateForm = z.object({});
