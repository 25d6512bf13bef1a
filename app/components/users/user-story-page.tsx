import type { ReactNode } from "react";
import { Link, useLoaderData } from "@remix-run/react";
import { SimpleTable } from "~/components/simple-table";
import { AllChangesLink } from "~/components/audit-log/all-changes-link";
import { Badge, DataList, Flex, Heading, Text } from "~/components/ui";
import type { StoryCell, StorySectionView, UserStoryPageData } from "~/models/user-story";

function Panel({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="panel" style={{ padding: "var(--space-4)", marginBottom: "var(--space-4)" }}>
      <Flex justify="between" align="center" gap="3" wrap="wrap" style={{ marginBottom: "var(--space-3)" }}>
        <Heading as="h2" size="4" id={id}>
          {title}
        </Heading>
        {aside}
      </Flex>
      {children}
    </section>
  );
}

const cellOf = (cell: StoryCell) => (cell.href ? <Link to={cell.href}>{cell.text}</Link> : cell.text);

function StorySection({ section }: { section: StorySectionView }) {
  const shown = section.rows.length;
  const aside = (
    <Flex gap="3" align="center">
      <Text size="2" color="gray">
        {shown < section.total ? `Latest ${shown} of ${section.total}` : `${section.total} in all`}
      </Text>
      {section.seeAll && section.total > 0 ? (
        <Link to={section.seeAll} aria-label={`See all: ${section.title}`}>
          See all
        </Link>
      ) : null}
    </Flex>
  );
  return (
    <Panel id={`story-${section.key}`} title={section.title} aside={aside}>
      <SimpleTable
        caption={section.title}
        headers={section.headers}
        rows={section.rows.map((row) => row.cells.map(cellOf))}
        rowKeys={section.rows.map((row) => row.key)}
        empty={section.empty}
      />
    </Panel>
  );
}

/** /admin/user/<id>: a user's whole story, each record linking to its page. */
export function UserStoryPage() {
  const { profile, history, sections } = useLoaderData<UserStoryPageData>();
  return (
    <>
      <Flex justify="between" align="center" gap="3" wrap="wrap" style={{ marginBottom: "var(--space-4)" }}>
        <Heading as="h1" size="6">
          {profile.username}
        </Heading>
        <Flex gap="3" align="center">
          <Link to="/admin/user">Back to Users</Link>
          <AllChangesLink entity="user" id={profile.id} />
        </Flex>
      </Flex>

      <Panel id="story-profile" title="Profile">
        <DataList.Root>
          {[
            ["Name", profile.name],
            ["Username", profile.username],
            ["Email", profile.email],
            ["Phone", profile.phone],
            ["Joined", profile.joined],
            ["Rating", profile.rating],
          ].map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.Label>{label}</DataList.Label>
              <DataList.Value>{value}</DataList.Value>
            </DataList.Item>
          ))}
          <DataList.Item>
            <DataList.Label>Status</DataList.Label>
            <DataList.Value>
              <Badge color={profile.active ? "green" : "red"} variant="soft" radius="full">
                {profile.active ? "Active" : "Blocked"}
              </Badge>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Service provider</DataList.Label>
            <DataList.Value>
              {profile.providerId === null ? "No" : profile.providerHref ? <Link to={profile.providerHref}>Provider profile</Link> : "Yes"}
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </Panel>

      <Panel id="story-history" title="Status history">
        <SimpleTable
          caption="Status history"
          headers={["When", "By", "Change", "From", "To"]}
          rows={history.map((h) => [h.at, h.by, h.what, h.from, h.to])}
          rowKeys={history.map((h) => h.key)}
          empty="No status changes recorded."
        />
      </Panel>

      {sections.map((section) => (
        <StorySection key={section.key} section={section} />
      ))}
    </>
  );
}
