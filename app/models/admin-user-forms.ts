import { z } from "zod";
import { ALL_ACCESS } from "~contract/admin-user-labels";
import { RegisterAdminUserBody, UpdateAdminUserBody } from "~contract/admin-users";
import { isRecordId } from "~contract/ids";
import { checkbox, repeated } from "~/models/form-fields";

const text = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string());

/** The add/edit admin user form as posted (All Access ticked, or the access names ticked). */
const AdminUserFormFields = z.object({
  adminUsername: text,
  adminEmail: text,
  adminStatus: text,
  adminRole: text,
  allAccess: checkbox(),
  access: repeated(z.string()),
  adminPassword: text,
  updated_at: text,
});
type AdminUserFormFields = z.infer<typeof AdminUserFormFields>;

const bodyOf = (form: AdminUserFormFields) => ({
  adminUsername: form.adminUsername,
  adminEmail: form.adminEmail,
  adminStatus: form.adminStatus,
  adminRole: form.adminRole,
  adminAccessRoleSettings: form.allAccess ? [ALL_ACCESS] : form.access,
});

/** Add Admin User: the API's body, checked by the API's own rules. */
export const AddAdminUserForm = AdminUserFormFields.transform((form) => ({ ...bodyOf(form), adminPassword: form.adminPassword })).pipe(
  RegisterAdminUserBody,
);

/** Edit Admin User: a new password only when one is typed; updated_at is the version the admin loaded. */
export const EditAdminUserForm = AdminUserFormFields.transform((form) => ({
  ...bodyOf(form),
  adminPassword: form.adminPassword || undefined,
  updated_at: form.updated_at,
})).pipe(UpdateAdminUserBody);

/** The row an admin user dialog (delete, end sessions) confirms: its id, or null when the form names none. */
export const AdminUserRowForm = z.object({
  id: z.preprocess((value) => (typeof value === "string" && isRecordId(value) ? Number(value) : null), z.number().nullable()),
  username: text,
});
