import { useState } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { FormError, SelectField, Field, ErrorText } from "~/components/forms";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Button, Flex, Grid, Heading, Text, useHydrated } from "~/components/ui";
import { ACCESS_NAMES } from "~contract/access";
import { ACCESS_LABELS, ADMIN_ROLES, ADMIN_STATUSES } from "~contract/admin-user-labels";
import {
  NEW_PASSWORD_HINT,
  OWN_PASSWORD_HINT,
  type AdminUserDialog,
  type AdminUserFormValues,
  type AdminUserGrant,
} from "~/models/admin-user-labels";
import type { FormFailure } from "~/models/form-result";
import { NewPasswordField } from "~/components/password-field";
import { UNSAVED_WARNING } from "~/components/unsaved-changes";
import { SubmissionKey } from "~/components/submission-key";

type EditorDialog = Extract<AdminUserDialog, { kind: "add" | "edit" }>;

const choices = (placeholder: string, values: readonly string[]) => [
  { value: "", label: placeholder },
  ...values.map((value) => ({ value, label: value })),
];
const STATUS_CHOICES = choices("Select status", ADMIN_STATUSES);
/** The Admin role is shown to everyone, offered only where it can be granted. */
const roleChoices = (grant: AdminUserGrant) =>
  choices("Select role", ADMIN_ROLES).map((o) => (o.value === "Admin" && !grant.adminRole ? { ...o, disabled: true } : o));

/** What this admin may not grant here, in words (null: everything is offered). */
function grantNote(grant: AdminUserGrant): string | null {
  if (grant.self) return "You cannot widen your own access or role: only what you hold now is offered.";
  if (!grant.allAccess)
    return "Only an admin with All Access grants All Access or the Admin role; you can grant the areas you hold yourself.";
  return null;
}

/**
 * Add Admin User / Edit Admin User, opened by the URL (?dialog=add, ?dialog=edit&id=…): a native
 * <dialog open> rendered by the server (modal with JS), posting a plain form. The username is
 * locked on edit; the password is asked only when adding. Access is "All Access" or a list.
 */
export function AdminUserEditorDialog({
  dialog,
  action,
  cancelTo,
  passwordRule,
  failure,
}: {
  dialog: EditorDialog;
  action: string;
  cancelTo: string;
  passwordRule: string;
  failure?: FormFailure<AdminUserFormValues>;
}) {
  const edit = dialog.kind === "edit";
  const intent = edit ? "save" : "create";
  // after a refusal the form shows what was posted (the version too: a stale edit stays stale)
  const values = failure?.repopulateFields ?? dialog.values;
  const errors = failure?.fieldErrors ?? {};
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [allAccess, setAllAccess] = useState(values.allAccess);
  const hydrated = useHydrated();
  const title = edit ? "Edit Admin User" : "Add Admin User";
  const grant = dialog.grant;
  const note = grantNote(grant);

  return (
    <RouteDialog
      labelledBy="admin-user-dialog-title"
      closeTo={cancelTo}
      openKey={edit ? dialog.id : "add"}
      style={{ width: "min(680px, calc(100vw - 32px))" }}
    >
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id="admin-user-dialog-title">
          {title}
        </Heading>
        {edit ? (
          <Text size="1" color="gray">
            Last updated {dialog.updatedText} ·{" "}
            <a href={`/admin/audit-log?entity=admin_user&record=${dialog.id}`}>All changes to this record</a>
          </Text>
        ) : null}
        <Form {...UNSAVED_WARNING} method="post" action={action} preventScrollReset noValidate>
          <input type="hidden" name="intent" value={intent} />
          <SubmissionKey />
          {edit ? <input type="hidden" name="updated_at" value={values.updated_at ?? ""} /> : null}
          <Flex direction="column" gap="3">
            <Grid columns={{ initial: "1", sm: "2" }} gap="3">
              <Field
                id="adminUsername"
                name="adminUsername"
                label="Username"
                defaultValue={values.adminUsername}
                readOnly={edit}
                hint={edit ? "The username cannot be changed." : undefined}
                required
                maxLength={100}
                autoComplete="off"
                error={errors.adminUsername}
              />
              <Field
                id="adminEmail"
                name="adminEmail"
                type="email"
                label="Email"
                defaultValue={values.adminEmail}
                required
                maxLength={254}
                autoComplete="off"
                error={errors.adminEmail}
              />
            </Grid>
            {edit ? null : (
              <NewPasswordField
                id="adminPassword"
                name="adminPassword"
                label="Password"
                required
                rule={passwordRule}
                error={errors.adminPassword}
              />
            )}
            {edit && grant.password ? (
              <div>
                <NewPasswordField
                  id="adminPassword"
                  name="adminPassword"
                  label="New password"
                  rule={passwordRule}
                  error={errors.adminPassword}
                />
                <Text as="p" size="1" color="gray" style={{ margin: "var(--space-1) 0 0" }}>
                  {NEW_PASSWORD_HINT}
                </Text>
              </div>
            ) : null}
            {edit && grant.self ? (
              <Text as="p" size="1" color="gray" style={{ margin: 0 }}>
                {OWN_PASSWORD_HINT} <a href="/admin/profile">Open your Profile</a>
              </Text>
            ) : null}
            {edit && !grant.password && !grant.self && errors.adminPassword ? (
              <ErrorText id="admin-password-error" error={errors.adminPassword} />
            ) : null}
            <Grid columns={{ initial: "1", sm: "2" }} gap="3">
              <SelectField
                id="adminStatus"
                name="adminStatus"
                label="Status"
                defaultValue={values.adminStatus}
                options={STATUS_CHOICES}
                required
                error={errors.adminStatus}
              />
              <SelectField
                id="adminRole"
                name="adminRole"
                label="Role"
                defaultValue={values.adminRole}
                options={roleChoices(grant)}
                required
                error={errors.adminRole}
              />
            </Grid>
            <fieldset
              aria-describedby={errors.adminAccessRoleSettings ? "admin-access-error" : "admin-access-hint"}
              style={{ border: "1px solid var(--gray-a6)", borderRadius: "var(--radius-3)", padding: "var(--space-3)", margin: 0 }}
            >
              <legend style={{ padding: "0 var(--space-1)" }}>
                <Text size="2" weight="medium">
                  Access
                </Text>
              </legend>
              <label style={{ display: "flex", alignItems: "center", gap: "var(--space-2)" }}>
                <input
                  type="checkbox"
                  className="native-checkbox"
                  name="allAccess"
                  defaultChecked={values.allAccess}
                  disabled={!grant.allAccess}
                  onChange={(event) => setAllAccess(event.currentTarget.checked)}
                />
                <Text size="2" weight="medium">
                  All Access
                </Text>
              </label>
              <Text as="p" id="admin-access-hint" size="1" color="gray" style={{ margin: "var(--space-1) 0 var(--space-2)" }}>
                All Access opens every area, now and later. Otherwise choose the areas (none: Dashboard and Profile only):
              </Text>
              {note ? (
                <Text as="p" size="1" style={{ margin: "0 0 var(--space-2)" }}>
                  {note}
                </Text>
              ) : null}
              <div
                style={{
                  display: "grid",
                  gridTemplateColumns: "repeat(auto-fill, minmax(11rem, 1fr))",
                  gap: "var(--space-1) var(--space-3)",
                }}
              >
                {ACCESS_NAMES.map((name) => (
                  <label key={name} style={{ display: "flex", alignItems: "center", gap: "var(--space-2)" }}>
                    <input
                      type="checkbox"
                      className="native-checkbox"
                      name="access"
                      value={name}
                      defaultChecked={values.access.includes(name)}
                      // with JS, the list is set aside while All Access is ticked (without JS the server ignores it then)
                      disabled={(hydrated && allAccess) || !grant.areas.includes(name)}
                    />
                    <Text size="2">{ACCESS_LABELS[name]}</Text>
                  </label>
                ))}
              </div>
              <ErrorText id="admin-access-error" error={errors.adminAccessRoleSettings} />
            </fieldset>
            <FormError error={failure?.formError} />
            {failure?.conflict ? (
              <Text size="2">
                <a href={action}>Reload</a> to see the current values.
              </Text>
            ) : null}
            <Flex gap="3" justify="end">
              <DialogCloseLink to={cancelTo} label="Cancel" />
              <Button type="submit" disabled={busy}>
                {busy ? "Saving…" : edit ? "Save Changes" : "Add Admin User"}
              </Button>
            </Flex>
          </Flex>
        </Form>
      </Flex>
    </RouteDialog>
  );
}
