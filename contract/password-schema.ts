import { z } from "zod";
import { PASSWORD_REQUIRED, passwordProblem } from "./passwords";

/** A new admin password, under the one rule (./passwords). Never trimmed. */
export const StrongPassword = z
  .string({ required_error: PASSWORD_REQUIRED, invalid_type_error: PASSWORD_REQUIRED })
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  });
