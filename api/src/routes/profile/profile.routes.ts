import { AdminUser } from "~contract/admin-users";
import { AppearanceBody, ChangePasswordBody } from "~contract/profile-forms";
import { ActingAdmin, body, chosenByUs, common, createRoute, data, error, json, mutating, z } from "../../lib/openapi";
import { ADMIN_USER_NOT_FOUND } from "../admin-users";

export const changePasswordRoute = createRoute({
  method: "post",
  path: "/change-admin-password",
  summary: "An admin changes their own password (Profile)",
  ...chosenByUs(
    "The current password is checked; the new one follows the password rule. Every other session of the admin ends; the one whose token is kept (keep_token) stays signed in. Recorded in the audit log without the password.",
  ),
  request: { headers: ActingAdmin, body: body(ChangePasswordBody.openapi("ChangePasswordBody")) },
  responses: {
    200: json(data(z.object({ ended_sessions: z.number().int() })), "Changed; how many other sessions ended"),
    ...mutating,
    404: error(ADMIN_USER_NOT_FOUND),
    ...common,
  },
});

export const appearanceRoute = createRoute({
  method: "put",
  path: "/update-admin-appearance",
  summary: "An admin's appearance choice: light, dark or system (Profile)",
  ...chosenByUs(),
  request: { headers: ActingAdmin, body: body(AppearanceBody.openapi("AppearanceBody")) },
  responses: {
    200: json(data(AdminUser.openapi("AdminUser")), "The admin user"),
    ...mutating,
    404: error(ADMIN_USER_NOT_FOUND),
    ...common,
  },
});
