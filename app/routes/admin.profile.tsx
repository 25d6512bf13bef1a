import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, DataList, Flex, Heading, Text } from "~/components/ui";
import { ACCESS_NAMES } from "~/models/access";
import { requireAdmin } from "~/services/auth.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Profile" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "always");
  const all = admin.adminAccessRoleSettings.includes("*");
  return {
    username: admin.adminUsername,
    email: admin.adminEmail,
    role: admin.adminRole,
    status: admin.adminStatus,
    access: all ? null : ACCESS_NAMES.filter((name) => admin.adminAccessRoleSettings.includes(name)),
  };
}

export default function Profile() {
  const profile = useLoaderData<typeof loader>();
  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="6">
        Profile
      </Heading>
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
    </Flex>
  );
}
