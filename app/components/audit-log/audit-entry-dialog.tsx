import { Link } from "@remix-run/react";
import { ConfirmDialog } from "~/components/dialogs-on-demand";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Badge, Button, Flex, Heading, Text } from "~/components/ui";
import type { AuditEntryView, ValuePiece } from "~/models/audit-log";

/** A value with its changed pieces highlighted (list items added, removed or moved; the words that differ). */
function Value({ text, pieces, separator = "" }: { text: string; pieces?: ValuePiece[]; separator?: string }) {
  if (!pieces) return <>{text}</>;
  return (
    <>
      {pieces.map((piece, index) => (
        <span key={index}>
          {index > 0 ? separator : null}
          {piece.changed ? <mark className="audit-changed">{piece.text}</mark> : piece.text}
        </span>
      ))}
    </>
  );
}

/**
 * One entry: who, when, and each changed field's value before and after, side by side. "Revert this
 * change" is offered only when this admin's revert would go through; it asks first (the shared
 * ConfirmDialog at ?dialog=revert, a page of its own without JavaScript).
 */
export function AuditEntryDialog({ entry, closeTo, entryTo }: { entry: AuditEntryView; closeTo: string; entryTo: string }) {
  const confirmHref = `${entryTo}${entryTo.includes("?") ? "&" : "?"}dialog=revert`;
  if (entry.confirmRevert) {
    return (
      <ConfirmDialog open title="Revert this change?" cancelTo={entryTo} intent="revert" fields={{ entry: entry.id }} confirmLabel="Revert">
        <p style={{ margin: 0 }}>
          {entry.title} (by {entry.admin} on {entry.when}): {entry.changes.map((c) => c.field).join(", ") || "its fields"} go back to the
          values before this change. The revert is recorded as a new change.
        </p>
      </ConfirmDialog>
    );
  }
  return (
    <RouteDialog
      labelledBy="audit-entry-title"
      closeTo={closeTo}
      openKey={entry.id}
      style={{ maxWidth: "min(52rem, 95vw)", width: "100%" }}
    >
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id="audit-entry-title">
          {entry.title}
        </Heading>
        <Text as="p" size="2" color="gray" style={{ margin: 0 }}>
          By {entry.admin} on {entry.when} · entry #{entry.id}
          {entry.revertsId ? ` · reverted entry #${entry.revertsId}` : ""}
          {entry.jobId ? (
            <>
              {" · by "}
              <Link to={`/admin/jobs/${entry.jobId}`}>bulk job #{entry.jobId}</Link>
            </>
          ) : null}
          {entry.requestId ? (
            <>
              {" · request "}
              <code title="This change's request id in the admin's and the API's logs">{entry.requestId}</code>
            </>
          ) : null}
        </Text>
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">Values before and after the change</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {entry.changes.length === 0 ? (
                <tr>
                  <td colSpan={3}>
                    <Text color="gray">No field values were recorded for this entry.</Text>
                  </td>
                </tr>
              ) : (
                entry.changes.map((change) => (
                  <tr key={change.field}>
                    <th scope="row" style={{ fontWeight: 500 }}>
                      {change.field}
                      {change.note ? (
                        <>
                          {" "}
                          <Badge color="blue" size="1">
                            {change.note}
                          </Badge>
                        </>
                      ) : null}
                    </th>
                    <td className="audit-value">
                      <Value text={change.before} pieces={change.beforePieces} separator={change.separator} />
                    </td>
                    <td className="audit-value">
                      <Value text={change.after} pieces={change.afterPieces} separator={change.separator} />
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        {entry.revertNote ? (
          <Text as="p" size="2" color="gray" style={{ margin: 0 }} id="audit-revert-note">
            {entry.revertNote}
          </Text>
        ) : null}
        <Flex gap="3" justify="end" align="center" wrap="wrap">
          {entry.recordHref ? <Link to={entry.recordHref}>{entry.recordLinkText}</Link> : null}
          {entry.revertable ? (
            <Button asChild color="red" variant="soft">
              <Link to={confirmHref} preventScrollReset replace>
                Revert this change
              </Link>
            </Button>
          ) : null}
          <DialogCloseLink to={closeTo} />
        </Flex>
      </Flex>
    </RouteDialog>
  );
}
