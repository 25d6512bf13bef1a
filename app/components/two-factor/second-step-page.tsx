import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { Button, Flex, Heading, Text } from "~/components/ui";
import { TWO_FACTOR_LABELS as L } from "~/models/two-factor";

type StepPage = { expired: boolean; error?: string };

/** The sign-in's second page: the code from the app or a recovery code (the admin's and the provider's). */
export function SecondStepPage({ loginPath, formLabel }: { loginPath: string; formLabel: string }) {
  const loaded = useLoaderData<StepPage>();
  const answered = useActionData<StepPage>();
  const page = answered ?? loaded;
  const navigation = useNavigation();
  const verifying = navigation.state === "submitting";
  return (
    <main className="standalone-page">
      <div className="standalone-card">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            {L.title}
          </Heading>
          {page.expired ? null : (
            <Text size="2" color="gray">
              Your password was right. Now enter the code your authenticator app shows for this account.
            </Text>
          )}
        </Flex>
        {page.expired ? (
          <Flex direction="column" gap="3">
            <FormError error={page.error} />
            <Link to={loginPath}>{L.signInAgain}</Link>
          </Flex>
        ) : (
          <Form method="post" aria-label={formLabel} replace>
            <Flex direction="column" gap="3">
              <Field
                id="two-factor-code"
                name="code"
                label={L.code}
                hint={L.codeHint}
                autoComplete="one-time-code"
                autoCapitalize="off"
                spellCheck={false}
                required
                maxLength={40}
                error={page.error}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the code is this page's only task
                autoFocus
              />
              <Button type="submit" size="3" disabled={verifying}>
                {verifying ? "Checking…" : L.verify}
              </Button>
              <Text size="2">
                <Link to={loginPath}>{L.signInAgain}</Link>
              </Text>
            </Flex>
          </Form>
        )}
      </div>
    </main>
  );
}
