import { z } from "zod";

export const ADMIN_STATUSES = ["Active", "Inactive", "Block"] as const;
export const ADMIN_ROLES = ["Admin", "Support", "Technical"] as const;
/** Profile's appearance choice, applied with Radix Themes' appearance */
export const APPEARANCES = ["light", "dark", "system"] as const;
export type Appearance = (typeof APPEARANCES)[number];

/** An admin user as the API answers it: never the password. */
export const AdminUser = z.object({
  adminUserId: z.number().int(),
  adminUsername: z.string(),
  adminEmail: z.string(),
  adminStatus: z.enum(ADMIN_STATUSES),
  adminRole: z.enum(ADMIN_ROLES),
  adminAccessRoleSettings: z.array(z.string()),
  appearance: z.enum(APPEARANCES).default("system"),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const LoginBody = z.object({
  username: z
    .string({ required_error: "Please input username!" })
    .trim()
    .min(1, "Please input username!")
    .max(100, "Username is too long"),
  password: z
    .string({ required_error: "Please input password!" })
    .min(1, "Please input password!")
    .max(200, "Password is too long"),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const NOT_ACTIVE_MESSAGE = "Your Account is not Active";
