import { z } from "zod";
import { PASSWORD_MESSAGES, passwordProblem } from "./passwords";

/** A new admin password, under the one rule (./passwords). */
export const StrongPassword = z
  .string({ required_error: PASSWORD_MESSAGES.required })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
