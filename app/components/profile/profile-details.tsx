import { Badge, DataList, Flex, Text } from "~/components/ui";
import type { ProfilePageData } from "~/models/profile";

/** The signed-in admin's account: who, which role and status, and which areas they may open. */
export function ProfileDetails({ profile }: { profile: ProfilePageData }) {
  return (
    <div className="panel">
      <DataList.Root>
        <DataList.Item>
          <DataList.Label>Username</DataList.Label>
          <DataList.Value>{profile.username}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Email</DataList.Label>
          <DataList.Value>{profile.email}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Role</DataList.Label>
          <DataList.Value>{profile.role}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Status</DataList.Label>
          <DataList.Value>
            <Badge color="green">{profile.status}</Badge>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Access</DataList.Label>
          <DataList.Value>
            {profile.access === null ? (
              <Badge color="indigo">All Access</Badge>
            ) : profile.access.length === 0 ? (
              <Text color="gray">Dashboard only</Text>
            ) : (
              <Flex gap="1" wrap="wrap" asChild>
                <ul aria-label="Access" style={{ listStyle: "none", margin: 0, padding: 0 }}>
                  {profile.access.map((name) => (
                    <li key={name}>
                      <Badge color="gray">{name}</Badge>
                    </li>
                  ))}
                </ul>
              </Flex>
            )}
          </DataList.Value>
        </DataList.Item>
      </DataList.Root>
    </div>
  );
}
