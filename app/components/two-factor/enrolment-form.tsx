import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field, FormError } from "~/components/forms";
import { Button, Flex, Text } from "~/components/ui";
import { TWO_FACTOR_LABELS as L, type EnrolmentView } from "~/models/two-factor";

/**
 * Setting up two-factor: the QR code (SVG drawn by the server: no script), the key as text, and the
 * current code to confirm. `intent` names the action's form; `children` adds fields (none yet).
 */
export function EnrolmentForm({
  view,
  intent,
  action,
  children,
}: {
  view: EnrolmentView;
  intent: string;
  action?: string;
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const confirming = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Flex direction="column" gap="3" className="two-factor-setup">
      <Text as="p" size="2">
        {L.scan}
      </Text>
      <div
        className="two-factor-qr"
        role="img"
        aria-label={`QR code for ${view.issuer}: ${view.account}`}
        // the qrcode library's own SVG of the otpauth:// address, drawn on the server
        dangerouslySetInnerHTML={{ __html: view.qrSvg }}
      />
      <Text as="p" size="2">
        {L.secret}:{" "}
        <code className="two-factor-secret" data-testid="two-factor-secret">
          {view.secret.replace(/(.{4})/g, "$1 ").trim()}
        </code>
      </Text>
      <Form method="post" action={action} preventScrollReset style={{ maxWidth: "22rem" }}>
        <input type="hidden" name="intent" value={intent} />
        <Flex direction="column" gap="3">
          <FormError error={view.error} />
          <Field
            id="two-factor-setup-code"
            name="code"
            label={L.setupCode}
            hint={L.setupCodeHint}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9 ]{6,7}"
            maxLength={7}
            required
            error={view.error}
          />
          {children}
          <div>
            <Button type="submit" disabled={confirming}>
              {confirming ? "Checking…" : L.confirm}
            </Button>
          </div>
        </Flex>
      </Form>
    </Flex>
  );
}
