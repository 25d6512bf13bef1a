import { useEffect, useState } from "react";
import { Field } from "~/components/forms";
import { Text } from "~/components/ui";
import { passwordStrength } from "~/models/admin-user-labels";

const METER_COLORS = ["var(--red-9)", "var(--red-9)", "var(--amber-9)", "var(--grass-9)", "var(--grass-10)"];

/**
 * The new password with the rule under it (the server checks it; without JavaScript the rule is what
 * the admin sees) and, with JavaScript, a strength meter that follows the typing.
 */
export function PasswordField({ rule, error }: { rule: string; error?: string | null }) {
  const [password, setPassword] = useState("");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const strength = passwordStrength(password);
  return (
    <div>
      <Field
        id="adminPassword"
        name="adminPassword"
        type="password"
        label="Password"
        autoComplete="new-password"
        maxLength={200}
        required
        hint={rule}
        error={error}
        onChange={(event) => setPassword(event.currentTarget.value)}
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
