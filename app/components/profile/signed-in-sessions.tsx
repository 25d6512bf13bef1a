import { Form, useNavigation } from "@remix-run/react";
import { Badge, Button, Flex, Heading, Text } from "~/components/ui";
import { DataTable } from "~/components/data-table";
import { Pagination } from "~/components/pagination";
import { SESSIONS_PAGE_PARAM, type ProfilePageData, type SignedInSessionRow } from "~/models/profile";

/**
 * Profile's "Signed-in sessions": where this admin is signed in, with a form per other session and
 * one for all the others (plain forms: they work without JavaScript).
 */
export function SignedInSessions({
  sessions,
  paging,
}: {
  sessions: SignedInSessionRow[] | null;
  paging: ProfilePageData["sessionPaging"];
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/profile");
  // this session is one of them (the list is all live sessions, this page one part of it)
  const others = sessions === null ? 0 : Math.max(paging.total - 1, sessions.filter((s) => !s.current).length);
  return (
    <section className="panel" aria-labelledby="signed-in-sessions">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="4" id="signed-in-sessions">
            Signed-in sessions
          </Heading>
          {others > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="sign-out-others" />
              <Button type="submit" variant="soft" color="red" disabled={busy}>
                Sign out other sessions
              </Button>
            </Form>
          ) : null}
        </Flex>
        {sessions === null ? (
          <Text color="red" role="alert">
            Your sessions could not be read: the marketplace API is not answering. Please try again in a moment.
          </Text>
        ) : (
          <DataTable
            caption="Signed-in sessions"
            rows={sessions}
            rowKey={(s) => s.sessionId}
            columns={[
              {
                key: "device",
                header: "Device",
                cell: (s) => (
                  <span title={s.userAgent}>
                    {s.device} {s.current ? <Badge color="green">This session</Badge> : null}
                  </span>
                ),
              },
              { key: "address", header: "Address", cell: (s) => s.address || "—" },
              { key: "signed-in", header: "Signed in", cell: (s) => s.signedIn },
              { key: "last-active", header: "Last active", cell: (s) => s.lastActive },
              {
                key: "action",
                header: <span className="visually-hidden">Action</span>,
                align: "right",
                cell: (s) =>
                  s.current ? null : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="sign-out-session" />
                      <input type="hidden" name="sessionId" value={s.sessionId} />
                      <Button
                        type="submit"
                        size="1"
                        variant="soft"
                        color="red"
                        disabled={busy}
                        aria-label={`Sign out ${s.device}, last active ${s.lastActive}`}
                      >
                        Sign out
                      </Button>
                    </Form>
                  ),
              },
            ]}
          />
        )}
        {sessions !== null && paging.total > paging.pageSize ? (
          <Pagination
            total={paging.total}
            page={paging.page}
            pageSize={paging.pageSize}
            pageParam={SESSIONS_PAGE_PARAM}
            label="Signed-in sessions pages"
            preventScrollReset
          />
        ) : null}
        <Text size="1" color="gray">
          A session ends when unused for a while, when you sign out or sign in again on the same browser, when you are signed in on too many
          others (the least recently used ends), or when your status, role, access or password changes.
        </Text>
      </Flex>
    </section>
  );
}
