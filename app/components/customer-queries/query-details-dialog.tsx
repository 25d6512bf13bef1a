import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Button, Flex, Heading, Text } from "~/components/ui";
import { UserLink } from "~/components/user-link";
import { CUSTOMER_QUERY_LABELS } from "~/models/customer-query-labels";
import type { AttemptView, ChatView, CustomerQueriesPageData, MessageView, QueryDetails } from "~/models/customer-queries";
import { PhoneLink, TrashIcon } from "./phone-link";

/** The Query Details' own URL with these keys set (the inner dialogs' and cursors' keys first dropped). */
function useHrefs() {
  const location = useLocation();
  return (set: Record<string, string>, cursor?: string) => {
    const params = new URLSearchParams(location.search);
    for (const key of ["before", "after", "service", "dialog", "id", "user"]) params.delete(key);
    for (const [key, value] of new URLSearchParams(cursor ?? "")) params.set(key, value);
    for (const [key, value] of Object.entries(set)) params.set(key, value);
    return `${location.pathname}?${params}`;
  };
}

function Info({
  title,
  name,
  phone,
  label,
  userId,
}: {
  title: string;
  name: string;
  phone: QueryDetails["customer"]["phone"];
  label: string;
  /** the customer's users.id: their name links to their page */
  userId?: number;
}) {
  return (
    <section aria-labelledby={`${label}-info`}>
      <Heading as="h3" size="3" id={`${label}-info`} className="cq-h3">
        {title}
      </Heading>
      <dl className="cq-dl">
        <dt>Name</dt>
        <dd>
          <UserLink id={userId} name={name} />
        </dd>
        <dt>Phone</dt>
        <dd>
          <PhoneLink phone={phone} label={`Chat with ${name}`} />
        </dd>
      </dl>
    </section>
  );
}

/** A person's contact share attempts (shown only when there are some), scrolling past 200px. */
function Attempts({
  title,
  attempts,
  userId,
  other,
}: {
  title: string;
  attempts: AttemptView[];
  userId: number;
  other: "provider" | "user";
}) {
  const href = useHrefs();
  if (attempts.length === 0) return null;
  const id = `attempts-${other}`;
  return (
    <section aria-labelledby={id}>
      <Heading as="h3" size="3" id={id} className="cq-h3">
        {title}
      </Heading>
      <ul className="panel cq-list" style={{ maxHeight: 200 }} aria-label={title}>
        {attempts.map((a) => (
          <li key={a.id}>
            <Flex justify="between" align="start" gap="2">
              <div>
                <Text as="p" size="2" weight="bold" className="cq-p">
                  Attempt #{a.number}{" "}
                  <Text weight="regular" color="gray">
                    · {a.date}
                  </Text>
                </Text>
                <Text as="p" size="2" className="cq-p">
                  {a.content ?? CUSTOMER_QUERY_LABELS.unknownContent}
                </Text>
                <Text as="p" size="1" color="gray" className="cq-p">
                  {other === "provider" ? `Provider: ${a.providerName}` : `User: ${a.userName}`}
                </Text>
                {a.notes ? (
                  <Text as="p" size="1" className="cq-p">
                    Notes: {a.notes}
                  </Text>
                ) : null}
              </div>
              <Button asChild size="1" variant="ghost" color="red">
                <Link
                  to={href({ dialog: "delete-attempt", id: String(a.id), user: String(userId) })}
                  preventScrollReset
                  replace
                  aria-label={`Delete attempt #${a.number} (${a.content ?? CUSTOMER_QUERY_LABELS.unknownContent})`}
                >
                  <TrashIcon />
                </Link>
              </Button>
            </Flex>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Message({ message, cursor }: { message: MessageView; cursor: string }) {
  const href = useHrefs();
  return (
    <li data-message-id={message.id}>
      <Flex justify="between" align="start" gap="2">
        <div style={{ minWidth: 0 }}>
          <Text as="p" size="2" weight="bold" className="cq-p">
            {message.sender}{" "}
            <Text size="1" weight="regular" color="gray">
              · {message.date}
            </Text>
          </Text>
          <Text as="p" size="2" className="cq-p cq-pre">
            {message.text || "—"}
          </Text>
          {message.hasService ? (
            <Button asChild size="1" variant="soft" mt="1">
              <Link to={href({ service: String(message.id) }, cursor)} preventScrollReset replace>
                View service details
              </Link>
            </Button>
          ) : null}
        </div>
        <Button asChild size="1" variant="ghost" color="red">
          <Link
            to={href({ dialog: "delete-message", id: String(message.id) }, cursor)}
            preventScrollReset
            replace
            aria-label={`Delete the message by ${message.sender} (${message.date})`}
          >
            <TrashIcon />
          </Link>
        </Button>
      </Flex>
    </li>
  );
}

type Earlier = { messages: MessageView[]; cursor: string; olderCursor: number | null };

/**
 * The chat, scrolling past 400px: the latest page (or the URL's), "Older messages" above it. Without
 * JS that is a link to the page before (?before=<id>); with JS the older page is fetched and shown
 * above the ones already there.
 */
function ChatHistory({ chat }: { chat: ChatView }) {
  const href = useHrefs();
  const fetcher = useFetcher<CustomerQueriesPageData>();
  const box = useRef<HTMLUListElement>(null);
  const [earlier, setEarlier] = useState<Earlier[]>([]);
  const [seen, setSeen] = useState(chat.cursor + chat.messages.map((m) => m.id).join(","));
  const key = chat.cursor + chat.messages.map((m) => m.id).join(",");
  if (seen !== key) {
    setSeen(key);
    setEarlier([]);
  }
  const [taken, setTaken] = useState<unknown>(null);
  const fetched = fetcher.data?.details?.chat;
  if (fetcher.state === "idle" && fetched && taken !== fetcher.data) {
    setTaken(fetcher.data);
    setEarlier((pages) => [{ messages: fetched.messages, cursor: fetched.cursor, olderCursor: fetched.olderCursor }, ...pages]);
  }
  useEffect(() => {
    // the latest messages in view when the chat opens
    if (box.current && !chat.cursor.startsWith("before")) box.current.scrollTop = box.current.scrollHeight;
  }, [key, chat.cursor]);

  const olderCursor = earlier.length > 0 ? earlier[0].olderCursor : chat.olderCursor;
  const olderHref = olderCursor !== null ? href({ before: String(olderCursor) }) : null;
  const all = [
    ...earlier.flatMap((p) => p.messages.map((m) => ({ m, cursor: p.cursor }))),
    ...chat.messages.map((m) => ({ m, cursor: chat.cursor })),
  ];
  return (
    <section aria-labelledby="chat-history">
      <Flex justify="between" align="baseline">
        <Heading as="h3" size="3" id="chat-history" className="cq-h3">
          Chat History
        </Heading>
        <Text size="1" color="gray">
          {chat.chatCount === 1 ? "1 message" : `${chat.chatCount} messages`}
        </Text>
      </Flex>
      {olderHref ? (
        <Link
          to={olderHref}
          preventScrollReset
          replace
          onClick={(event) => {
            event.preventDefault();
            if (fetcher.state === "idle") fetcher.load(olderHref);
          }}
        >
          {fetcher.state === "loading" ? "Loading older messages…" : "Older messages"}
        </Link>
      ) : null}
      {all.length === 0 ? (
        <Text as="p" size="2" color="gray" className="cq-p">
          {CUSTOMER_QUERY_LABELS.noMessages}
        </Text>
      ) : (
        <ul ref={box} className="panel cq-list" aria-label="Chat History" style={{ maxHeight: 400 }}>
          {all.map(({ m, cursor }) => (
            <Message key={m.id} message={m} cursor={cursor} />
          ))}
        </ul>
      )}
      {chat.newerCursor !== null ? (
        <Link to={href({ after: String(chat.newerCursor) })} preventScrollReset replace>
          Newer messages
        </Link>
      ) : null}
    </section>
  );
}

/** Query Details (?query=<id>): static (Escape does nothing), closed by its Close link. */
export function QueryDetailsDialog({ details, closeTo }: { details: QueryDetails; closeTo: string }) {
  return (
    <RouteDialog
      labelledBy="query-dialog-title"
      closeTo={closeTo}
      openKey={`query-${details.id}`}
      dismissible={false}
      style={{ width: "min(52rem, calc(100vw - 32px))" }}
    >
      <Flex direction="column" gap="4">
        <Heading as="h2" size="5" id="query-dialog-title">
          Query Details
        </Heading>
        <Info
          title="Customer Information"
          name={details.customer.name}
          phone={details.customer.phone}
          label="customer"
          userId={details.userId}
        />
        <Attempts title="Contact Share Attempts" attempts={details.userAttempts} userId={details.userId} other="provider" />
        <Info title="Service Provider Information" name={details.provider.name} phone={details.provider.phone} label="provider" />
        <Attempts
          title="Provider Contact Share Attempts"
          attempts={details.providerAttempts}
          userId={details.providerUserId}
          other="user"
        />
        <ChatHistory chat={details.chat} />
        <Flex justify="end">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a <dialog> focuses its autofocus control on opening (HTML's dialog focusing steps), JS or not */}
          <DialogCloseLink to={closeTo} autoFocus />
        </Flex>
      </Flex>
    </RouteDialog>
  );
}
