/** What only the admin uses of ~contract/profile-forms (the shared part stays in contract/profile-forms.ts). */
import { ChangePasswordBody } from "~contract/profile-forms";
import { z } from "zod";
import { StrongPassword } from "~contract/password-schema";
import { PROFILE_MESSAGES } from "~contract/profile";

/** The Profile page's password form: the new password typed twice. */
export const ChangePasswordForm = z
  .object({
    current_password: ChangePasswordBody.shape.current_password,
    new_password: StrongPassword,
    confirm_password: z.string().min(1, "Please confirm the new password!"),
  })
  .superRefine((form, ctx) => {
    if (form.confirm_password && form.new_password !== form.confirm_password) {
      ctx.addIssue({ code: "custom", path: ["confirm_password"], message: PROFILE_MESSAGES.confirmMismatch });
    }
  });
