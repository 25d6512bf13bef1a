import { useEffect, useRef } from "react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { NewPasswordField } from "~/components/password-field";
import { Button, Flex, Heading, Text } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";
import { UNSAVED_WARNING } from "~/components/unsaved-changes";

/** Change password: the current one, the new one twice. Other sessions end when it is saved. */
export function PasswordForm() {
  const failure = useActionData<FormFailure>();
  const errors = failure?.intent === "change-password" ? failure.fieldErrors : {};
  const formError = failure?.intent === "change-password" ? failure.formError : undefined;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "change-password";
  // a refused change empties the fields, as the server's page does without JavaScript: no password stays on screen
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (failure?.intent === "change-password") form.current?.reset();
  }, [failure]);
  return (
    <section className="panel" aria-labelledby="password-heading">
      <Heading as="h2" size="4" id="password-heading">
        Change Password
      </Heading>
      <Text as="p" size="2" color="gray">
        Saving signs you out everywhere else; this session stays signed in.
      </Text>
      <Form {...UNSAVED_WARNING} ref={form} method="post" preventScrollReset style={{ maxWidth: "26rem" }}>
        <input type="hidden" name="intent" value="change-password" />
        <Flex direction="column" gap="3">
          <FormError error={formError} />
          <Field
            id="current-password"
            name="current_password"
            label="Current Password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.current_password}
          />
          <NewPasswordField id="new-password" name="new_password" label="New Password" required error={errors.new_password} />
          <Field
            id="confirm-password"
            name="confirm_password"
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirm_password}
          />
          <div>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving…" : "Change Password"}
            </Button>
          </div>
        </Flex>
      </Form>
    </section>
  );
}
