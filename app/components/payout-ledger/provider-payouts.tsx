import { Link } from "@remix-run/react";
import { SimpleTable } from "~/components/simple-table";
import { Flex, Heading, Text } from "~/components/ui";
import { ledgerHref, type ProviderPayouts } from "~/models/payout-ledger";

/** The provider details page's "Payouts" (admins with Payment access): total paid, the latest releases, the whole ledger's link. */
export function ProviderPayoutsPanel({ payouts }: { payouts: ProviderPayouts }) {
  return (
    <section className="panel" aria-labelledby="payouts-title" style={{ marginTop: "var(--space-4)" }}>
      <Flex align="center" justify="between" gap="2" mb="3" wrap="wrap">
        <Heading as="h2" size="4" id="payouts-title">
          Payouts
        </Heading>
        <Link to={ledgerHref(payouts.providerId)}>See the whole ledger</Link>
      </Flex>
      {payouts.error ? (
        <div role="alert" className="form-error">
          {payouts.error}
        </div>
      ) : (
        <>
          <Text as="p" size="2" mb="2">
            Total paid: <strong>{payouts.totalPaid}</strong> ({payouts.count} {payouts.count === 1 ? "release" : "releases"})
          </Text>
          <SimpleTable
            caption="Latest releases"
            headers={["Order Id", "Release date", "Amount paid"]}
            rowKeys={payouts.rows.map((r) => String(r.paymentId))}
            rows={payouts.rows.map((r) => [
              <Link key="order" to={`/admin/payments/${r.shortId}`}>
                {r.shortId}
              </Link>,
              r.releaseDate,
              r.paid,
            ])}
            empty="No releases yet."
          />
        </>
      )}
    </section>
  );
}
