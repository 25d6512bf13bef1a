/** What only the admin uses of ~contract/provider-auth (the shared part stays in contract/provider-auth.ts). */
import { ProviderSignUpBody } from "~contract/provider-auth";
import { z } from "zod";
import { PROVIDER_AUTH_MESSAGES as M } from "~contract/provider-auth-labels";

/** The sign-up page's form: the body plus the password typed twice. */
export const ProviderSignUpForm = ProviderSignUpBody.extend({ confirmPassword: z.string().default("") }).superRefine((form, ctx) => {
  if (form.confirmPassword !== form.password)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: M.passwordsDiffer });
});

/** The sign-up page's fields that refill a refused form (never the passwords). */
export const PROVIDER_SIGN_UP_FIELDS = ["username", "firstName", "lastName", "email", "phone"] as const;

const postedText = (value: unknown) => (typeof value === "string" ? value : "");

/** The sign-up form as posted: a field missing is empty, the refilled ones at most 300 characters. */
export const ProviderSignUpPost = z.preprocess((posted) => {
  const form = (posted ?? {}) as Record<string, unknown>;
  return {
    ...Object.fromEntries(PROVIDER_SIGN_UP_FIELDS.map((name) => [name, postedText(form[name]).slice(0, 300)])),
    password: postedText(form.password),
    confirmPassword: postedText(form.confirmPassword),
  };
}, ProviderSignUpForm);
