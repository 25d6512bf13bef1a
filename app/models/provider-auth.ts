/** What only the admin uses of ~contract/provider-auth (the shared part stays in contract/provider-auth.ts). */
import { ProviderSignUpBody } from "~contract/provider-auth";
import { z } from "zod";
import { PROVIDER_AUTH_MESSAGES as M } from "~contract/provider-auth-labels";

/** The sign-up page's form: the body plus the password typed twice. */
export const ProviderSignUpForm = ProviderSignUpBody.extend({ confirmPassword: z.string().default("") }).superRefine((form, ctx) => {
  if (form.confirmPassword !== form.password)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: M.passwordsDiffer });
});
