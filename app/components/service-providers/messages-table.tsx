import { Form } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { Badge, Button, Text } from "~/components/ui";
import type { MessagesPageData, OutboxRow } from "~/models/outbox";
import { OUTBOX_CHANNEL_LABELS, type OutboxStatus } from "~contract/outbox-labels";

const STATUS_COLORS: Record<OutboxStatus, string> = { queued: "gray", sending: "blue", retrying: "amber", sent: "green", failed: "red" };

type Props = {
  rows: OutboxRow[];
  /** the URL's sort (null: newest first) */
  sort: MessagesPageData["sort"];
  /** the URL Retry posts to (the list as shown, so the redirect comes back to it) */
  action: string;
  /** a retry of this row is on its way (JS) */
  busyId: number | null;
  filtered: boolean;
};

/** Sent Messages' table: one row per message and channel; a failed one has its Retry button (a POST form). */
export function MessagesTable({ rows, sort, action, busyId, filtered }: Props) {
  const columns: Column<OutboxRow>[] = [
    {
      key: "to",
      header: "Sent To",
      cell: (r) => (
        <>
          <Text as="div" weight="medium">
            {r.username ?? "Deleted user"}
          </Text>
          <Text as="div" size="1" color="gray" style={{ overflowWrap: "anywhere" }}>
            {r.recipient}
          </Text>
        </>
      ),
    },
    { key: "channel", header: "Channel", sortField: "channel", cell: (r) => OUTBOX_CHANNEL_LABELS[r.channel] },
    { key: "subject", header: "Subject / Template", cell: (r) => <span style={{ overflowWrap: "anywhere" }}>{r.subject}</span> },
    {
      key: "status",
      header: "Status",
      cell: (r) => (
        <Badge color={STATUS_COLORS[r.status]} data-status={r.status} style={{ whiteSpace: "normal", maxWidth: "22rem" }}>
          {r.statusText}
        </Badge>
      ),
    },
    { key: "attempts", header: "Attempts", sortField: "attempts", cell: (r) => <span className="nowrap">{r.attempts}</span> },
    { key: "by", header: "Queued By", cell: (r) => r.queuedBy },
    { key: "at", header: "Queued At", sortField: "created_at", cell: (r) => <span className="nowrap">{r.queuedAt}</span> },
    {
      key: "actions",
      header: <span className="visually-hidden">Actions</span>,
      cell: (r) =>
        r.status === "failed" ? (
          <Form method="post" action={action} preventScrollReset>
            <input type="hidden" name="intent" value="retry" />
            <input type="hidden" name="id" value={r.id} />
            <Button
              type="submit"
              size="1"
              variant="soft"
              disabled={busyId === r.id}
              aria-label={`Retry the ${OUTBOX_CHANNEL_LABELS[r.channel]} to ${r.username ?? r.recipient}`}
            >
              {busyId === r.id ? "Working…" : "Retry"}
            </Button>
          </Form>
        ) : null,
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      sort={sort ?? undefined}
      caption="Sent Messages"
      emptyMessage="No messages found"
      emptyHint={filtered ? "Try another status, channel or search." : "Messages sent from Service Providers (Send Email) appear here."}
    />
  );
}
