import { isRecordId } from "~/models/ids";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SignedInSessions, type SignedInSessionRow } from "~/components/profile/signed-in-sessions";
import { Badge, DataList, Flex, Heading, Text } from "~/components/ui";
import { ACCESS_NAMES } from "~/models/access";
import { requireAdmin } from "~/services/auth.server";
import { formatDateTime } from "~/utils/dates";
import { nullOnApiFailure } from "~/services/errors.server";
import { endAdminSession, endOtherAdminSessions, listAdminSessions } from "~/services/marketplace/admin-sessions.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import { forgetSessionReads, getSession } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { describeUserAgent } from "~/utils/user-agent";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Profile" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "always");
  const all = admin.adminAccessRoleSettings.includes("*");
  const currentId = (await getSession(request)).get("session")?.sessionId;
  const listed = await listAdminSessions(admin.adminUserId).catch(nullOnApiFailure);
  const sessions: SignedInSessionRow[] | null =
    listed?.map((s) => ({
      sessionId: s.sessionId,
      device: describeUserAgent(s.user_agent),
      userAgent: s.user_agent,
      address: s.address,
      signedIn: formatDateTime(s.created_at),
      lastActive: formatDateTime(s.last_seen_at),
      current: s.sessionId === currentId,
    })) ?? null;
  return {
    sessions,
    username: admin.adminUsername,
    email: admin.adminEmail,
    role: admin.adminRole,
    status: admin.adminStatus,
    access: all ? null : ACCESS_NAMES.filter((name) => admin.adminAccessRoleSettings.includes(name)),
  };
}

const PROFILE = "/admin/profile";

/** "Sign out other sessions", or one of them. Only this admin's own sessions can be named. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "always");
  const session = await getSession(request);
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "sign-out-others") {
      const ended = await endOtherAdminSessions(admin.adminUserId, session.id);
      forgetSessionReads();
      const message = ended === 0 ? "There were no other sessions to sign out." : `Signed out ${ended} other session${ended === 1 ? "" : "s"}.`;
      return redirectWithToast(request, PROFILE, { type: "success", message });
    }
    if (intent === "sign-out-session") {
      const raw = form.get("sessionId");
      const sessionId = typeof raw === "string" && isRecordId(raw) ? Number(raw) : null;
      if (!sessionId) return redirectWithToast(request, PROFILE, { type: "error", message: "That session could not be found." });
      if (sessionId === session.get("session")?.sessionId) {
        return redirectWithToast(request, PROFILE, { type: "error", message: "To end this session, use Logout." });
      }
      await endAdminSession(admin.adminUserId, sessionId);
      forgetSessionReads();
      return redirectWithToast(request, PROFILE, { type: "success", message: "Signed out that session." });
    }
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const message = error.kind === "not-found" ? "That session has already ended." : error.message;
    return redirectWithToast(request, PROFILE, { type: error.kind === "not-found" ? "info" : "error", message });
  }
  throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
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
      <SignedInSessions sessions={profile.sessions} />
    </Flex>
  );
}
