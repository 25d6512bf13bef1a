import { RegisterAdminUserBody, UpdateAdminUserBody, type AdminUser } from "~contract/admin-users";
import { ADMIN_USER_DELETED, ALL_ACCESS } from "~contract/admin-user-labels";
import {
  ADMIN_USER_ADDED,
  ADMIN_USER_DELETE_FAILED,
  ADMIN_USER_UPDATED,
  NO_CHANGE,
  passwordSet,
  sessionsEnded,
  type AdminUserFormValues,
} from "~/models/admin-user-labels";
import { fieldErrorsOf } from "~contract/form-result";
import { isRecordId } from "~contract/ids";
import { apiFailure, formFailure, listUrlWithoutDialog, SOME_ERROR } from "~/services/form-result.server";
import { deleteAdminUser, endAllAdminSessions, registerAdminUser, updateAdminUser } from "~/services/marketplace/admin-users.server";
import { callerOf, MarketplaceError } from "~/services/marketplace/client.server";
import { forgetSessionReads } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

/** The add/edit form as posted: what to refill it with, and the API body it stands for. */
export function readAdminUserForm(formData: FormData) {
  const values: AdminUserFormValues = {
    adminUsername: text(formData, "adminUsername"),
    adminEmail: text(formData, "adminEmail"),
    adminStatus: text(formData, "adminStatus"),
    adminRole: text(formData, "adminRole"),
    allAccess: formData.get("allAccess") === "on",
    access: formData.getAll("access").filter((v): v is string => typeof v === "string"),
    updated_at: text(formData, "updated_at") || undefined,
  };
  const body = {
    adminUsername: values.adminUsername,
    adminEmail: values.adminEmail,
    adminStatus: values.adminStatus,
    adminRole: values.adminRole,
    adminAccessRoleSettings: values.allAccess ? [ALL_ACCESS] : values.access,
  };
  return { values, body };
}

async function createIntent(request: Request, admin: AdminUser, formData: FormData, backTo: string) {
  const { values, body } = readAdminUserForm(formData);
  // the password is never sent back to the page: after a refusal it is typed again
  const parsed = RegisterAdminUserBody.safeParse({ ...body, adminPassword: text(formData, "adminPassword") });
  if (!parsed.success) return formFailure(values, { intent: "create", fieldErrors: fieldErrorsOf(parsed.error.issues) }, 400);
  try {
    await registerAdminUser(callerOf(admin, request, formData), parsed.data);
  } catch (error) {
    return apiFailure(error, values, "admin user", { intent: "create", notFound: "form" });
  }
  return redirectWithToast(request, backTo, { type: "success", message: ADMIN_USER_ADDED });
}

async function saveIntent(request: Request, admin: AdminUser, formData: FormData, backTo: string) {
  const { values, body } = readAdminUserForm(formData);
  // a new password only when one is typed (All Access, another admin); never sent back to the page
  const adminPassword = text(formData, "adminPassword") || undefined;
  const parsed = UpdateAdminUserBody.safeParse({ ...body, adminPassword, updated_at: values.updated_at });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    const formError = fieldErrors.updated_at ? "Reload the page and try again." : undefined;
    return formFailure(values, { intent: "save", fieldErrors, formError }, 400);
  }
  let saved: AdminUser;
  try {
    saved = await updateAdminUser(callerOf(admin, request), parsed.data);
  } catch (error) {
    return apiFailure(error, values, "admin user", { intent: "save", notFound: "form" });
  }
  if (saved.updated_at === parsed.data.updated_at) return redirectWithToast(request, backTo, { type: "info", message: NO_CHANGE });
  // blocking, access, role or password changes end the admin's sessions in the API: no read of them is reused here
  forgetSessionReads();
  return redirectWithToast(request, backTo, {
    type: "success",
    message: adminPassword ? passwordSet(saved.adminUsername) : ADMIN_USER_UPDATED,
  });
}

async function deleteIntent(request: Request, admin: AdminUser, formData: FormData, backTo: string) {
  const id = text(formData, "id");
  if (!isRecordId(id))
    return redirectWithToast(request, backTo, { type: "error", title: ADMIN_USER_DELETE_FAILED, message: "Unknown admin user" });
  try {
    await deleteAdminUser(callerOf(admin, request), Number(id));
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return redirectWithToast(request, backTo, { type: "error", title: ADMIN_USER_DELETE_FAILED, message: error.message || SOME_ERROR });
  }
  forgetSessionReads();
  return redirectWithToast(request, backTo, { type: "success", message: ADMIN_USER_DELETED });
}

/** An All Access admin signs another admin out everywhere (the API checks who may, and audits it). */
async function endSessionsIntent(request: Request, admin: AdminUser, formData: FormData, backTo: string) {
  const id = text(formData, "id");
  const username = text(formData, "username").slice(0, 100) || "the admin";
  if (!isRecordId(id))
    return redirectWithToast(request, backTo, { type: "error", title: END_SESSIONS_FAILED, message: "Unknown admin user" });
  let ended: number;
  try {
    ended = await endAllAdminSessions(callerOf(admin, request), Number(id));
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return redirectWithToast(request, backTo, { type: "error", title: END_SESSIONS_FAILED, message: error.message || SOME_ERROR });
  }
  forgetSessionReads();
  return redirectWithToast(request, backTo, { type: "success", message: sessionsEnded(ended, username) });
}

const END_SESSIONS_FAILED = "The sessions could not be ended";

/** The action of /admin/list-admin-users: create, save (edit), delete or end-sessions, by intent. */
export async function adminUsersAction(request: Request, admin: AdminUser) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const backTo = listUrlWithoutDialog(request);
  switch (intent) {
    case "create":
      return createIntent(request, admin, formData, backTo);
    case "save":
      return saveIntent(request, admin, formData, backTo);
    case "delete":
      return deleteIntent(request, admin, formData, backTo);
    case "end-sessions":
      return endSessionsIntent(request, admin, formData, backTo);
    default:
      throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
}
