import type { ReactNode } from "react";
import { Button, Flex, Heading, Text } from "~/components/ui";
import { TWO_FACTOR_LABELS as L } from "~/models/two-factor";

/**
 * The recovery codes, shown once, with a download: a plain form (no script) posting them back to
 * `downloadAction`, which answers them as a text file (they are kept hashed, so only this page has them).
 */
export function RecoveryCodes({
  codes,
  account,
  issuer,
  downloadAction,
  children,
}: {
  codes: readonly string[];
  account: string;
  issuer: string;
  downloadAction: string;
  children?: ReactNode;
}) {
  return (
    <section className="panel" aria-labelledby="recovery-codes-heading">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id="recovery-codes-heading">
          {L.recoveryTitle}
        </Heading>
        <Text as="p" size="2" role="note" weight="medium">
          {L.recoveryHint}
        </Text>
        <ol className="recovery-codes" aria-label={L.recoveryTitle}>
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <form method="post" action={downloadAction}>
          {codes.map((code) => (
            <input key={code} type="hidden" name="code" value={code} />
          ))}
          <input type="hidden" name="account" value={account} />
          <input type="hidden" name="issuer" value={issuer} />
          <Button type="submit" variant="soft">
            {L.download}
          </Button>
        </form>
        {children ? (
          <Text as="div" size="2">
            {children}
          </Text>
        ) : null}
      </Flex>
    </section>
  );
}
