import { FieldChangesTable } from "~/components/field-changes-table";
import { Flex, Text } from "~/components/ui";
import type { OrderActivityDetails } from "~contract/activity";

export type ActivityItem = { id: number; type: string; at: string; iso: string; user: string; details: OrderActivityDetails };

/**
 * The order's activities, newest first, each in words: what happened, when (India time) and who,
 * then its details as a sentence, a key/value list and a Field / Old / New table. The details as
 * stored are only behind a "Raw details" disclosure.
 */
export function ActivityList({ activities }: { activities: ActivityItem[] }) {
  if (activities.length === 0) {
    return (
      <Text as="p" size="2" color="gray">
        No activities.
      </Text>
    );
  }
  return (
    <ol
      className="activity-list"
      aria-label="Activities"
      style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "var(--space-3)" }}
    >
      {activities.map((a) => (
        <li
          key={a.id}
          aria-labelledby={`activity-${a.id}-title`}
          style={{ borderLeft: "3px solid var(--accent-6)", paddingLeft: "var(--space-3)", display: "grid", gap: "var(--space-2)" }}
        >
          <Flex gap="2" align="baseline" wrap="wrap">
            <Text as="span" weight="bold" size="2" id={`activity-${a.id}-title`}>
              {a.type}
            </Text>
            <Text as="span" size="1" color="gray">
              <time dateTime={a.iso}>{a.at}</time> · by {a.user}
            </Text>
          </Flex>
          <Details details={a.details} id={a.id} />
        </li>
      ))}
    </ol>
  );
}

function Details({ details, id }: { details: OrderActivityDetails; id: number }) {
  const { text, facts, changes, raw } = details;
  return (
    <>
      {text ? (
        <Text as="p" size="2" style={{ margin: 0, overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
          {text}
        </Text>
      ) : null}
      {facts.length ? (
        <dl
          style={{
            display: "grid",
            gridTemplateColumns: "max-content 1fr",
            gap: "var(--space-1) var(--space-3)",
            margin: 0,
            fontSize: "var(--font-size-2)",
          }}
        >
          {facts.map((f, i) => (
            <div key={`${f.label}-${i}`} style={{ display: "contents" }}>
              <dt style={{ fontWeight: 500 }}>{f.label}</dt>
              <dd style={{ margin: 0, overflowWrap: "anywhere" }}>{f.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {changes.length ? <FieldChangesTable changes={changes} /> : null}
      {raw ? (
        <details>
          <summary style={{ cursor: "pointer", fontSize: "var(--font-size-1)", color: "var(--gray-11)" }}>Raw details</summary>
          <pre
            aria-label={`Raw details of activity ${id}`}
            style={{
              maxHeight: "16rem",
              overflow: "auto",
              background: "var(--gray-3)",
              padding: "var(--space-2)",
              borderRadius: "var(--radius-2)",
              fontSize: "12px",
              margin: "var(--space-1) 0 0",
            }}
          >
            {raw}
          </pre>
        </details>
      ) : null}
    </>
  );
}
