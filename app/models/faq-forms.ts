import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { FaqContent } from "~contract/faqs";

export const AddFaqForm = z.object({ content: FaqContent });
export const EditFaqForm = AddFaqForm.extend({ updated_at: z.string().optional() });

export const addFaqValidator = withZod(AddFaqForm);
export const editFaqValidator = withZod(EditFaqForm);
