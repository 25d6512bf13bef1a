import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError } from "~/components/forms";
import { Flex, Heading, Text } from "~/components/ui";
import { RECOVERY_CODES_DOWNLOAD_PATH, TWO_FACTOR_LABELS as L, type EnrolmentView } from "~/models/two-factor";
import { EnrolmentForm } from "./enrolment-form";
import { RecoveryCodes } from "./recovery-codes";

type SetupPage =
  | { expired: true; error: string }
  | { expired: false; view: EnrolmentView; codes?: undefined }
  | { expired: false; codes: string[]; account: string; issuer: string; redirectTo: string; view?: undefined };

/** The policy's setup at sign-in: scan, confirm, then the recovery codes and Continue. */
export function SetupStepPage() {
  const loaded = useLoaderData<SetupPage>();
  const answered = useActionData<SetupPage>();
  const page = answered ?? loaded;
  return (
    <main className="standalone-page">
      <div className="standalone-card standalone-card-wide">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            Set up two-factor sign-in
          </Heading>
          {page.expired || page.codes ? null : (
            <Text size="2" color="gray">
              Your access moves money or changes access, so it needs a second factor: a code from an authenticator app on your phone. Set it
              up now to continue.
            </Text>
          )}
        </Flex>
        {page.expired ? (
          <Flex direction="column" gap="3">
            <FormError error={page.error} />
            <Link to="/admin/login">{L.signInAgain}</Link>
          </Flex>
        ) : page.codes ? (
          <RecoveryCodes codes={page.codes} account={page.account} issuer={page.issuer} downloadAction={RECOVERY_CODES_DOWNLOAD_PATH}>
            <Link to={page.redirectTo} reloadDocument>
              I have kept my codes: continue
            </Link>
          </RecoveryCodes>
        ) : (
          <EnrolmentForm view={page.view} intent="confirm" />
        )}
      </div>
    </main>
  );
}
