import { z } from "zod";
import { APPEARANCES } from "./admin-users";
import { StrongPassword } from "./password-schema";
import { SessionToken } from "./admin-sessions";

/** POST /change-admin-password: the admin's own password, checked against the current one. */
export const ChangePasswordBody = z.object({
  adminUserId: z.number().int().positive(),
  current_password: z
    .string({ required_error: "Please input your current password!" })
    .min(1, "Please input your current password!")
    .max(200),
  new_password: StrongPassword,
  /** the session making the change stays signed in; every other one ends */
  keep_token: SessionToken.optional(),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const AppearanceBody = z.object({
  adminUserId: z.number().int().positive(),
  appearance: z.enum(APPEARANCES, { errorMap: () => ({ message: "Choose Light, Dark or System" }) }),
});
