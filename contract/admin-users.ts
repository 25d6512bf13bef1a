import { z } from "zod";
import { ACCESS_NAMES } from "./access";
import { text } from "./api";
import {
  ACCESS_REQUIRED,
  ADMIN_ROLES,
  ADMIN_STATUSES,
  ALL_ACCESS,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  normalizeAccess,
  ROLE_REQUIRED,
  STATUS_REQUIRED,
  USERNAME_REQUIRED,
} from "./admin-user-labels";
import { paginated } from "./api";
import { StrongPassword } from "./password-schema";
import { paging, Search, sorting, sortTogether } from "./list-query-schema";
import { isOneOf } from "~shared/one-of";

export { ADMIN_ROLES, ADMIN_STATUSES };
/** Profile's appearance choice, applied with Radix Themes' appearance */
export const APPEARANCES = ["light", "dark", "system"] as const;

/** An admin user as the API answers it: never the password. */
export const AdminUser = z.object({
  adminUserId: z.number().int(),
  adminUsername: z.string(),
  adminEmail: z.string(),
  adminStatus: z.enum(ADMIN_STATUSES),
  adminRole: z.enum(ADMIN_ROLES),
  adminAccessRoleSettings: z.array(z.string()),
  appearance: z.enum(APPEARANCES).default("system"),
  /** their last sign-in (a session opened); null when never (since this was recorded) */
  last_signed_in_at: z.string().nullable().default(null),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const LoginBody = z.object({
  username: text("Username", { required_error: "Please input username!" })
    .trim()
    .min(1, "Please input username!")
    .max(100, "Username is too long"),
  password: z.string({ required_error: "Please input password!" }).min(1, "Please input password!").max(200, "Password is too long"),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const NOT_ACTIVE_MESSAGE = "Your Account is not Active";

// ——— the admin user form and its calls (spec 2 §5, §7) ———

export const AdminUsername = z
  .string({ required_error: USERNAME_REQUIRED, invalid_type_error: USERNAME_REQUIRED })
  .trim()
  .min(1, USERNAME_REQUIRED)
  .max(100, "Username must be at most 100 characters")
  .regex(/^[A-Za-z0-9._@-]+$/, "Use letters, digits and . _ - @ only (no spaces)");

/** A new password: the rule of admin-user-labels (≥ 10 characters, a letter and a digit). Never trimmed. */
export { StrongPassword };

export const AdminEmail = z
  .string({ required_error: EMAIL_REQUIRED, invalid_type_error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(254, "Email must be at most 254 characters")
  .email(EMAIL_INVALID);

export const AdminStatus = z.enum(ADMIN_STATUSES, { errorMap: () => ({ message: STATUS_REQUIRED }) });
export const AdminRole = z.enum(ADMIN_ROLES, { errorMap: () => ({ message: ROLE_REQUIRED }) });

/**
 * ["*"] (All Access) or a list of access names, empty for Dashboard only; answered in ACCESS_NAMES
 * order, without repeats.
 */
export const AdminAccess = z
  .array(z.string(), { errorMap: () => ({ message: ACCESS_REQUIRED }) })
  .max(50, ACCESS_REQUIRED)
  .superRefine((access, ctx) => {
    const unknown = access.filter((name) => name !== ALL_ACCESS && !isOneOf(ACCESS_NAMES, name));
    if (unknown.length > 0) ctx.addIssue({ code: "custom", message: `Unknown access name: ${unknown.join(", ").slice(0, 200)}` });
  })
  .transform(normalizeAccess);

/** POST /register-admin-user body. */
export const RegisterAdminUserBody = z.object({
  adminUsername: AdminUsername,
  adminPassword: StrongPassword,
  adminEmail: AdminEmail,
  adminStatus: AdminStatus,
  adminRole: AdminRole,
  adminAccessRoleSettings: AdminAccess,
});
export type RegisterAdminUserBody = z.infer<typeof RegisterAdminUserBody>;

/**
 * PUT /update-admin-user body: adminUsername says which admin (it cannot change), the other fields
 * are optional (only those sent are changed), updated_at is the version the admin loaded.
 */
export const UpdateAdminUserBody = z.object({
  adminUsername: z
    .string({ required_error: USERNAME_REQUIRED, invalid_type_error: USERNAME_REQUIRED })
    .trim()
    .min(1, USERNAME_REQUIRED)
    .max(100, "Username must be at most 100 characters"),
  adminPassword: StrongPassword.optional(),
  adminEmail: AdminEmail.optional(),
  adminStatus: AdminStatus.optional(),
  adminRole: AdminRole.optional(),
  adminAccessRoleSettings: AdminAccess.optional(),
  updated_at: z.string({ required_error: "updated_at is required" }).min(1, "updated_at is required").max(64),
});
export type UpdateAdminUserBody = z.infer<typeof UpdateAdminUserBody>;

/** The Admin Users list's sorts (the record's field names). Default: newest first (created_at desc). */
export const ADMIN_USER_SORT_FIELDS = ["adminUsername", "adminStatus", "last_signed_in_at", "created_at"] as const;
export type AdminUserSortField = (typeof ADMIN_USER_SORT_FIELDS)[number];

/** GET /get-all-admin-users query (all optional): paging, a search of usernames and emails, status, role and sort. */
export const AdminUserListQuery = z
  .object({
    ...paging(),
    search: Search.optional(),
    status: z.enum(ADMIN_STATUSES, { errorMap: () => ({ message: `status must be ${ADMIN_STATUSES.join(", ")}` }) }).optional(),
    role: z.enum(ADMIN_ROLES, { errorMap: () => ({ message: `role must be ${ADMIN_ROLES.join(", ")}` }) }).optional(),
    ...sorting(ADMIN_USER_SORT_FIELDS),
  })
  .superRefine(sortTogether);
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

export const AdminUserList = paginated(AdminUser);
export type AdminUserList = z.infer<typeof AdminUserList>;
