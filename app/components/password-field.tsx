import { useState, type InputHTMLAttributes } from "react";
import { Field } from "~/components/forms";
import { Flex, Text } from "~/components/ui";
import { PASSWORD_RULE, passwordStrength } from "~/models/passwords";

type PasswordFieldProps = { label: string; error?: string | null } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">;

/**
 * A new password: the rule is written under the field (so it is there without JavaScript) and, as
 * the admin types, a meter says how strong the password is. The server checks the same rule.
 */
export function NewPasswordField({ label, error, id, ...input }: PasswordFieldProps) {
  const [strength, setStrength] = useState<ReturnType<typeof passwordStrength> | null>(null);
  const meterId = `${id}-strength`;
  return (
    <Flex direction="column" gap="1">
      <Field
        {...input}
        id={id}
        label={label}
        type="password"
        autoComplete="new-password"
        error={error}
        hint={PASSWORD_RULE}
        onChange={(event) => setStrength(event.currentTarget.value ? passwordStrength(event.currentTarget.value) : null)}
      />
      {strength ? (
        <Flex gap="2" align="center" id={meterId}>
          <meter min={0} max={4} low={2} high={3} optimum={4} value={strength.score} aria-label="Password strength" />
          <Text size="1" color={strength.score >= 3 ? "green" : strength.score === 0 ? "red" : "amber"} aria-live="polite">
            {strength.label}
          </Text>
        </Flex>
      ) : null}
    </Flex>
  );
}
