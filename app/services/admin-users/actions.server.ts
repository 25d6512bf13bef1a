import { z } from "zod";
import type { AdminUser } from "~contract/admin-users";
import { TWO_FACTOR_MESSAGES } from "~contract/two-factor";
import { ADMIN_USER_DELETED } from "~contract/admin-user-labels";
import { AddAdminUserForm, AdminUserRowForm, EditAdminUserForm } from "~/models/admin-user-forms";
import {
  ADMIN_USER_ADDED,
  ADMIN_USER_DELETE_FAILED,
  ADMIN_USER_UPDATED,
  NO_CHANGE,
  passwordSet,
  sessionsEnded,
  type AdminUserFormValues,
} from "~/models/admin-user-labels";
import { handleForm, intent, type IntentContext } from "~/services/form-action.server";
import { apiFailure, formFailure, listUrlWithoutDialog, SOME_ERROR } from "~/services/form-result.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { forgetSessionReads } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

const END_SESSIONS_FAILED = "The sessions could not be ended";
const RESET_TWO_FACTOR_FAILED = "Two-factor sign-in could not be reset";

/** The policy form's one checkbox: ticked is on, absent is off. */
const PolicyForm = z.object({ require_two_factor: z.preprocess((value) => value === "on", z.boolean()) });

/** What refills the add/edit form after a refusal: never the password (it is typed again). */
export function typedAdminUserValues(form: FormData): AdminUserFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    adminUsername: text("adminUsername"),
    adminEmail: text("adminEmail"),
    adminStatus: text("adminStatus"),
    adminRole: text("adminRole"),
    allAccess: form.get("allAccess") === "on",
    access: form.getAll("access").filter((v): v is string => typeof v === "string"),
    updated_at: text("updated_at") || undefined,
  };
}

/** The add/edit dialog's refusals: messages beside the fields (or the API's words), the typed values without the password. */
const dialogAnswers = {
  invalid: (fieldErrors: Record<string, string>, { form, intent }: IntentContext) => {
    const formError = fieldErrors.updated_at ? "Reload the page and try again." : undefined;
    return formFailure(typedAdminUserValues(form), { intent, fieldErrors, formError }, 400);
  },
  refused: (error: unknown, { form, intent }: IntentContext) =>
    apiFailure(error, typedAdminUserValues(form), "admin user", { intent, notFound: "form" }),
};

/** The action of /admin/list-admin-users: create, save (edit), delete or end-sessions, by intent. */
export function adminUsersAction(request: Request, api: Marketplace) {
  const backTo = listUrlWithoutDialog(request);
  /** A row's confirmation answers with a toast: done, or why not (an unknown row, the API's refusal). */
  const rowToast = async (failedTitle: string, id: number | null, work: (id: number) => Promise<string>) => {
    if (id === null) return redirectWithToast(request, backTo, { type: "error", title: failedTitle, message: "Unknown admin user" });
    let message: string;
    try {
      message = await work(id);
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      return redirectWithToast(request, backTo, { type: "error", title: failedTitle, message: error.message || SOME_ERROR });
    }
    forgetSessionReads();
    return redirectWithToast(request, backTo, { type: "success", message });
  };
  return handleForm(request, api, {
    create: intent(
      AddAdminUserForm,
      async (body) => {
        await api.registerAdminUser(body);
        return redirectWithToast(request, backTo, { type: "success", message: ADMIN_USER_ADDED });
      },
      dialogAnswers,
    ),
    save: intent(
      EditAdminUserForm,
      async (body) => {
        const saved: AdminUser = await api.updateAdminUser(body);
        if (saved.updated_at === body.updated_at) return redirectWithToast(request, backTo, { type: "info", message: NO_CHANGE });
        // blocking, access, role or password changes end the admin's sessions in the API: no read of them is reused here
        forgetSessionReads();
        return redirectWithToast(request, backTo, {
          type: "success",
          message: body.adminPassword ? passwordSet(saved.adminUsername) : ADMIN_USER_UPDATED,
        });
      },
      dialogAnswers,
    ),
    delete: intent(AdminUserRowForm, ({ id }) =>
      rowToast(ADMIN_USER_DELETE_FAILED, id, async (row) => {
        await api.deleteAdminUser(row);
        return ADMIN_USER_DELETED;
      }),
    ),
    /** An All Access admin resets another admin's two-factor (a lost phone): their sessions end; the API checks and audits. */
    "reset-two-factor": intent(AdminUserRowForm, ({ id, username }) =>
      rowToast(RESET_TWO_FACTOR_FAILED, id, async (row) => {
        await api.resetAdminTwoFactor(row);
        return TWO_FACTOR_MESSAGES.resetDone(username.slice(0, 100) || "the admin");
      }),
    ),
    /** The two-factor policy (All Access; the API refuses anyone else, and turning it on before one's own is set up). */
    "two-factor-policy": intent(PolicyForm, async ({ require_two_factor }) => {
      try {
        await api.updateTwoFactorPolicy(require_two_factor);
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        return redirectWithToast(request, backTo, { type: "error", title: "The policy was not changed", message: error.message });
      }
      forgetSessionReads();
      return redirectWithToast(request, backTo, { type: "success", message: TWO_FACTOR_MESSAGES.policySaved(require_two_factor) });
    }),
    /** An All Access admin signs another admin out everywhere (the API checks who may, and audits it). */
    "end-sessions": intent(AdminUserRowForm, ({ id, username }) =>
      rowToast(END_SESSIONS_FAILED, id, async (row) =>
        sessionsEnded(await api.endAllAdminSessions(row), username.slice(0, 100) || "the admin"),
      ),
    ),
  });
}
