import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { EnrolmentForm } from "./enrolment-form";
import { RecoveryCodes } from "./recovery-codes";
import { Badge, Button, Flex, Heading, Text } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";
import {
  RECOVERY_CODES_DOWNLOAD_PATH,
  TWO_FACTOR_LABELS as L,
  type ProfileTwoFactorAnswer,
  type TwoFactorCardData,
} from "~/models/two-factor";

type Answer = Partial<ProfileTwoFactorAnswer> & Partial<FormFailure>;

/**
 * Two-factor sign-in on the admin's Profile and the provider's dashboard: off → Set up (QR code,
 * key, confirm with a code) → the recovery codes once; on → make new recovery codes, or turn it off
 * with the password and a code (not while the policy requires it). The forms post to the page's own
 * action; the codes' download posts to `downloadAction`.
 */
export function TwoFactorCard({
  card,
  downloadAction = RECOVERY_CODES_DOWNLOAD_PATH,
}: {
  card: TwoFactorCardData;
  downloadAction?: string;
}) {
  const answer = useActionData<Answer>();
  const navigation = useNavigation();
  const busy = (name: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === name;
  const shown = answer?.twoFactor;
  const failure = (name: string) => (answer?.intent === name ? answer : undefined);
  const status = card.status;
  return (
    <section className="panel" aria-labelledby="two-factor-heading">
      <Flex direction="column" gap="3">
        <Flex gap="2" align="center">
          <Heading as="h2" size="4" id="two-factor-heading">
            {L.title}
          </Heading>
          {status ? (
            <Badge color={status.enabled ? "green" : "gray"} data-testid="two-factor-state">
              {status.enabled ? "On" : "Off"}
            </Badge>
          ) : null}
        </Flex>
        {shown && "codes" in shown ? (
          <RecoveryCodes codes={shown.codes} account={shown.account} issuer={shown.issuer} downloadAction={downloadAction} />
        ) : shown && "view" in shown ? (
          <EnrolmentForm view={shown.view} intent="two-factor-confirm" />
        ) : !status ? (
          <FormError error="The two-factor state could not be read just now. Reload the page to try again." />
        ) : !status.enabled ? (
          <>
            <Text as="p" size="2" color="gray">
              {status.required
                ? "Your access requires a second factor: you will be asked to set it up at your next sign-in. Set it up now."
                : "Sign in with a code from an authenticator app on your phone as well as your password."}
            </Text>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="two-factor-start" />
              <Button type="submit" disabled={busy("two-factor-start")}>
                {L.start}
              </Button>
            </Form>
          </>
        ) : (
          <>
            <Text as="p" size="2">
              On since {card.enabledSince}. Recovery codes left:{" "}
              <strong data-testid="recovery-codes-left">{status.recovery_codes_left}</strong>
              {status.required ? ". Your access requires it, so it cannot be turned off." : "."}
            </Text>
            <CodeForm
              name="two-factor-renew"
              heading={L.renew}
              hint="The old codes stop working. Confirm with a code from the app (or a recovery code)."
              failure={failure("two-factor-renew")}
              busy={busy("two-factor-renew")}
            />
            {status.required ? null : (
              <CodeForm
                name="two-factor-disable"
                heading={L.disable}
                hint="Confirm with your password and a code from the app (or a recovery code)."
                failure={failure("two-factor-disable")}
                busy={busy("two-factor-disable")}
                withPassword
              />
            )}
          </>
        )}
      </Flex>
    </section>
  );
}

function CodeForm({
  name,
  heading,
  hint,
  failure,
  busy,
  withPassword = false,
}: {
  name: string;
  heading: string;
  hint: string;
  failure: Partial<FormFailure> | undefined;
  busy: boolean;
  withPassword?: boolean;
}) {
  return (
    <Form method="post" preventScrollReset aria-label={heading} style={{ maxWidth: "22rem" }}>
      <input type="hidden" name="intent" value={name} />
      <Flex direction="column" gap="2">
        <Heading as="h3" size="3">
          {heading}
        </Heading>
        <Text as="p" size="2" color="gray">
          {hint}
        </Text>
        <FormError error={failure?.formError} />
        {withPassword ? (
          <Field
            id={`${name}-password`}
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={200}
            error={failure?.fieldErrors?.password}
          />
        ) : null}
        <Field
          id={`${name}-code`}
          name="code"
          label={L.code}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          required
          maxLength={40}
          error={failure?.fieldErrors?.code}
        />
        <div>
          <Button type="submit" variant={withPassword ? "soft" : "solid"} color={withPassword ? "red" : undefined} disabled={busy}>
            {heading}
          </Button>
        </div>
      </Flex>
    </Form>
  );
}
