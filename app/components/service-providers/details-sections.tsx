import { Form, Link, useNavigation } from "@remix-run/react";
import { Field, FormError } from "~/components/forms";
import { ScrollRegion } from "~/components/scroll-region";
import { Badge, Button, DataList, Flex, Heading, Text } from "~/components/ui";
import type { BoosterPointsValues, DocumentCell, ProviderView } from "~/models/service-providers";
import type { FormFailure } from "~/models/form-result";
import type { BoosterHistoryView } from "~contract/booster-points";
import { BoosterHistoryTable } from "./booster-history-table";
import { FileList, type FileHref } from "../files/file-preview";
import { UserPageLink } from "~/components/user-link";

function Stars({ rating }: { rating: number }) {
  const rounded = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <Text aria-label={`Rated ${rating.toFixed(1)} out of 5`} title={`${rating.toFixed(1)} out of 5`}>
      <span aria-hidden="true" style={{ color: "var(--amber-9)", letterSpacing: 1 }}>
        {"★".repeat(rounded)}
        <span style={{ color: "var(--gray-6)" }}>{"★".repeat(5 - rounded)}</span>
      </span>{" "}
      <Text size="2" color="gray">
        {rating.toFixed(1)} / 5
      </Text>
    </Text>
  );
}

export function ProfileSummary({ provider }: { provider: ProviderView }) {
  return (
    <section className="panel" aria-labelledby="provider-username">
      <Flex direction="column" gap="2">
        <Heading as="h1" size="6" id="provider-username">
          {provider.username}
        </Heading>
        <Text color="gray">{provider.place || "—"}</Text>
        <UserPageLink id={provider.userId} />
        <Stars rating={provider.rating} />
        <Text>
          <Text weight="medium">Category:</Text> {provider.categoryName ?? "—"}
        </Text>
        <Text>
          <Text weight="medium">Accepted T&amp;C:</Text> {provider.acceptedTerms}
        </Text>
        {provider.catchyLine ? (
          <Text as="p" style={{ fontStyle: "italic", margin: 0 }}>
            “{provider.catchyLine}”
          </Text>
        ) : null}
        <DataList.Root size="2">
          <DataList.Item>
            <DataList.Label>Tagline</DataList.Label>
            <DataList.Value>{provider.tagline || "—"}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Core expertise</DataList.Label>
            <DataList.Value>{provider.coreExpertise || "—"}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Global expertise</DataList.Label>
            <DataList.Value>{provider.globalExpertise || "—"}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Portfolio link</DataList.Label>
            <DataList.Value>
              {provider.portfolioLink ? (
                <a href={provider.portfolioLink} target="_blank" rel="noopener noreferrer nofollow">
                  {provider.portfolioLink}
                </a>
              ) : (
                "—"
              )}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Skills</DataList.Label>
            <DataList.Value>{provider.skills.length > 0 ? provider.skills.join(", ") : "—"}</DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </Flex>
      <Flex gap="6" wrap="wrap" mt="4">
        <div>
          <Heading as="h2" size="3" mb="2">
            Language Proficiency
          </Heading>
          {provider.languages.length === 0 ? (
            <Text color="gray">—</Text>
          ) : (
            <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
              {provider.languages.map((l, i) => (
                <li key={`${l.language}-${i}`}>
                  <Text>
                    {l.language} <Text color="gray">({l.rating}/5)</Text>
                  </Text>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <Heading as="h2" size="3" mb="2">
            Specializations
          </Heading>
          {provider.specializations.length === 0 ? (
            <Text color="gray">—</Text>
          ) : (
            <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
              {provider.specializations.map((s, i) => (
                <li key={`${s.categoryName}-${i}`}>
                  <Text>
                    {s.categoryName}
                    {s.experience === null ? null : ` — ${s.experience} ${s.experience === 1 ? "year" : "years"}`}
                    {s.subSpecialization.length > 0 ? <Text color="gray"> ({s.subSpecialization.join(", ")})</Text> : null}
                  </Text>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Flex>
      <Heading as="h2" size="3" mt="4" mb="2" id="provider-services-title">
        Services
      </Heading>
      {provider.services.length === 0 ? (
        <Text color="gray">—</Text>
      ) : (
        <ScrollRegion label="Services">
          <table className="data-table" aria-labelledby="provider-services-title">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Offering</th>
                <th scope="col">India price</th>
                <th scope="col">Delivery time</th>
              </tr>
            </thead>
            <tbody>
              {provider.services.map((s) => (
                <tr key={s.id}>
                  <td>{s.type}</td>
                  <td>{s.offerings}</td>
                  <td>{s.indiaPrice ?? "—"}</td>
                  <td>{s.deliveryTime || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

export function ProviderCard({
  provider,
  booster,
  result,
}: {
  provider: ProviderView;
  booster: BoosterHistoryView;
  /** the refused Update Points, with what was typed */
  result: FormFailure<BoosterPointsValues> | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-points";
  return (
    <section className="panel" aria-labelledby="provider-card-name">
      <Flex direction="column" gap="3">
        <Flex align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="4" id="provider-card-name">
            {provider.firstName} {provider.lastName}
          </Heading>
          <Badge color={provider.online ? "green" : "gray"} radius="full">
            {provider.online ? "Online" : "Offline"}
          </Badge>
        </Flex>
        <DataList.Root>
          <DataList.Item>
            <DataList.Label>Email</DataList.Label>
            <DataList.Value>
              <a href={`mailto:${provider.email}`}>{provider.email}</a>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Phone</DataList.Label>
            <DataList.Value>{provider.phone}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Selected Plan</DataList.Label>
            <DataList.Value>
              <input
                aria-label="Selected Plan"
                className="native-input"
                readOnly
                value={provider.planName ?? "Not Selected"}
                style={{ maxWidth: "12rem" }}
              />
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
        <Text size="2">
          <a href={provider.publicProfileUrl} target="_blank" rel="noopener noreferrer">
            View public profile ↗
          </a>
        </Text>
        <Form method="post" noValidate preventScrollReset key={result ? "refused" : String(provider.boosterPoints)}>
          <input type="hidden" name="intent" value="update-points" />
          <Flex gap="2" align="start" wrap="wrap">
            <Field
              label="Booster Points"
              name="boosterPoints"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              defaultValue={result?.repopulateFields.boosterPoints ?? String(provider.boosterPoints)}
              error={result?.fieldErrors.boosterPoints}
              style={{ width: "9rem" }}
            />
            <Field
              label="Reason"
              name="reason"
              maxLength={500}
              defaultValue={result?.repopulateFields.reason ?? ""}
              error={result?.fieldErrors.reason}
              hint="Recorded in the history with the difference (a grant, or a correction when it takes points away)."
              style={{ width: "16rem" }}
            />
            {/* level with the inputs, under their labels, whether or not an error shows below */}
            <div style={{ paddingTop: "calc(var(--line-height-2) + var(--space-1))" }}>
              <Button type="submit" disabled={busy}>
                {busy ? "Updating…" : "Update Points"}
              </Button>
            </div>
          </Flex>
          <FormError error={result?.formError} />
        </Form>
        <Heading as="h3" size="3">
          Booster points history
        </Heading>
        {booster.error ? <FormError error={booster.error} /> : <BoosterHistoryTable rows={booster.rows} />}
        {booster.total !== null ? (
          <Text size="2" weight="medium">
            Total: {booster.total}
          </Text>
        ) : null}
        <Flex>
          <Button asChild variant="soft">
            <Link to={`/admin/edit-provider-details/${provider.id}`}>Edit Profile</Link>
          </Button>
        </Flex>
      </Flex>
    </section>
  );
}

export function DocumentsTable({ rows, href }: { rows: { label: string; cell: DocumentCell }[]; href: FileHref }) {
  return (
    <section className="panel" aria-labelledby="documents-title" style={{ marginTop: "var(--space-4)" }}>
      <Heading as="h2" size="4" id="documents-title" mb="3">
        Profile Documents
      </Heading>
      <ScrollRegion label="Profile Documents">
        <table className="data-table">
          <tbody>
            {rows.map(({ label, cell }) => (
              <tr key={label}>
                <th scope="row" style={{ width: "12rem", verticalAlign: "top" }}>
                  {label}
                </th>
                <td>
                  {cell.kind === "files" ? (
                    <FileList names={cell.names} labels={cell.labels} href={href} />
                  ) : cell.kind === "link" ? (
                    <a href={cell.href} target="_blank" rel="noopener noreferrer">
                      {cell.href}
                    </a>
                  ) : (
                    <Text>{cell.text}</Text>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
