import { Form, useNavigation } from "@remix-run/react";
import { Button, Flex, Text } from "~/components/ui";
import type { TwoFactorPolicyView } from "~/models/two-factor";

// Written here, not imported: the list would otherwise ship two-factor's labels module (~0.8 KB gzip) for one sentence.
const TWO_FACTOR_ACCESS_NAMES = "All Access, Payment, BankDetails or AdminUsers";

/**
 * The two-factor policy (All Access admins only): when on, admins holding All Access, Payment,
 * BankDetails or AdminUsers sign in with a second factor, and set it up right after their password.
 */
export function TwoFactorPolicyPanel({ policy, action }: { policy: TwoFactorPolicyView; action: string }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "two-factor-policy";
  return (
    <section className="panel" aria-labelledby="two-factor-policy-heading" style={{ marginBottom: "var(--space-3)" }}>
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="intent" value="two-factor-policy" />
        <Flex direction="column" gap="2">
          <Text as="p" size="3" weight="bold" id="two-factor-policy-heading" style={{ margin: 0 }}>
            Two-factor sign-in policy
          </Text>
          {policy.on === null ? (
            <div role="alert" className="form-error">
              The policy could not be read just now. Reload the page to try again.
            </div>
          ) : (
            <>
              <label style={{ display: "flex", gap: "0.5rem", alignItems: "center" }}>
                <input type="checkbox" name="require_two_factor" defaultChecked={policy.on} /> Require two-factor sign-in for admins who
                hold {TWO_FACTOR_ACCESS_NAMES}
              </label>
              <Text as="p" size="1" color="gray" style={{ margin: 0 }}>
                Turning it on signs out those of them who have not set it up; they set it up at their next sign-in. Your own must be on
                first (Profile).{policy.changed ? ` Last changed ${policy.changed}.` : ""}
              </Text>
              <div>
                <Button type="submit" size="2" variant="soft" disabled={saving}>
                  {saving ? "Saving…" : "Save policy"}
                </Button>
              </div>
            </>
          )}
        </Flex>
      </Form>
    </section>
  );
}
