import { Link } from "@remix-run/react";
import { Badge, DataList, Heading, Text } from "~/components/ui";
import { PROVIDER_COMPLETE_PROFILE_PATH, type ProfileStatusView } from "~/models/provider-auth-labels";

/** The provider dashboard: the profile's status and the wizard's saved steps, with the edit link. */
export function ProviderProfileStatus({ view }: { view: ProfileStatusView }) {
  return (
    <section className="panel provider-panel" aria-labelledby="profile-status-title">
      <Heading as="h1" size="6" id="profile-status-title">
        Profile status
      </Heading>
      {view.underReview ? (
        <Text as="p" size="2" color="gray">
          Your profile is under review by the marketplace. You can still update your details.
        </Text>
      ) : null}
      <DataList.Root>
        <DataList.Item>
          <DataList.Label>Name</DataList.Label>
          <DataList.Value>
            {view.name} ({view.username})
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Status</DataList.Label>
          <DataList.Value>
            <Badge color={view.underReview ? "amber" : view.status === "Active" ? "green" : "gray"} data-testid="profile-status">
              {view.status}
            </Badge>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Stage</DataList.Label>
          <DataList.Value data-testid="profile-stage">{view.stage}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Plan</DataList.Label>
          <DataList.Value>{view.plan}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Registered</DataList.Label>
          <DataList.Value>{view.registeredOn}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      <Heading as="h2" size="4">
        Profile steps
      </Heading>
      {view.sectionsError ? (
        <div role="alert" className="form-error">
          {view.sectionsError}
        </div>
      ) : (
        <ul className="provider-steps" aria-label="Profile steps">
          {view.sections.map((section) => (
            <li key={section.key}>
              <strong>{section.label}</strong>: {section.savedAt ? `saved ${section.savedAt}` : "not saved yet"}
            </li>
          ))}
        </ul>
      )}
      <Link to={PROVIDER_COMPLETE_PROFILE_PATH} className="button-link">
        Edit profile
      </Link>
    </section>
  );
}
