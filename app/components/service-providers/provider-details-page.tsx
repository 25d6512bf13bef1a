import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AllChangesLink } from "~/components/audit-log/all-changes-link";
import { fileHrefUnder } from "~/components/files/file-preview";
import { Text } from "~/components/ui";
import type { BoosterPointsValues, ProviderDetailsPageData } from "~/models/service-providers";
import type { FormFailure } from "~/models/form-result";
import { DocumentsTable, ProfileSummary, ProviderCard } from "./details-sections";
import { HistoryPanel } from "./history-panel";
import { ProviderPayoutsPanel } from "~/components/payout-ledger/provider-payouts";

export function ProviderDetailsPage() {
  const { provider, back, documents, history, booster, payouts } = useLoaderData<ProviderDetailsPageData>();
  const result = useActionData<FormFailure<BoosterPointsValues>>();
  return (
    <>
      <Text as="p" size="2" mb="3">
        <Link to={back}>← Service Providers</Link> · <AllChangesLink entity="service_provider" id={provider.id} />
      </Text>
      <div
        style={{
          display: "grid",
          gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 420px), 1fr))",
          gap: "var(--space-4)",
          alignItems: "start",
        }}
      >
        <ProfileSummary provider={provider} />
        <ProviderCard provider={provider} booster={booster} result={result ?? null} />
      </div>
      <DocumentsTable rows={documents} href={fileHrefUnder(`/admin/provider-details/${provider.id}/files`)} />
      {payouts ? <ProviderPayoutsPanel payouts={payouts} /> : null}
      <HistoryPanel {...history} />
    </>
  );
}
