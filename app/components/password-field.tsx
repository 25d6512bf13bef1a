import { useState, type InputHTMLAttributes } from "react";
import { Field } from "~/components/forms";
import { Text, useHydrated } from "~/components/ui";
import { PASSWORD_MAX_LENGTH } from "~contract/passwords";
import { PASSWORD_RULE, passwordStrength } from "~/models/passwords";

const METER_COLORS = ["var(--red-9)", "var(--red-9)", "var(--amber-9)", "var(--green-9)", "var(--green-10)"];

type NewPasswordFieldProps = { label: string; error?: string | null; rule?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">;

/**
 * A new password (a new admin user's, Profile's change) with the rule under it: the server checks
 * it, and without JavaScript the rule is what the admin sees. With JavaScript, a strength meter
 * follows the typing.
 */
export function NewPasswordField({ label, error, rule = PASSWORD_RULE, onChange, ...input }: NewPasswordFieldProps) {
  const [password, setPassword] = useState("");
  const hydrated = useHydrated();
  const strength = passwordStrength(password);
  return (
    <div>
      <Field
        {...input}
        type="password"
        label={label}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        hint={rule}
        error={error}
        onChange={(event) => {
          setPassword(event.currentTarget.value);
          onChange?.(event);
        }}
      />
      {hydrated && password ? (
        <div style={{ display: "flex", alignItems: "center", gap: "var(--space-2)", marginTop: "var(--space-1)" }}>
          <meter
            min={0}
            max={4}
            low={2}
            high={3}
            optimum={4}
            value={strength.score}
            aria-label="Password strength"
            style={{ flex: 1, height: "0.5rem", accentColor: METER_COLORS[strength.score] }}
          />
          <Text size="1" aria-live="polite" style={{ minWidth: "4.5rem" }}>
            {strength.label}
          </Text>
        </div>
      ) : null}
    </div>
  );
}
