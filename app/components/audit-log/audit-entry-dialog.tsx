import { Form, Link, useNavigation } from "@remix-run/react";
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

/** One entry: who, when, and each changed field's value before and after, side by side. */
export function AuditEntryDialog({ entry, closeTo }: { entry: AuditEntryView; closeTo: string }) {
  const navigation = useNavigation();
  const reverting = navigation.state === "submitting" && navigation.formData?.get("intent") === "revert";
  return (
    <RouteDialog labelledBy="audit-entry-title" closeTo={closeTo} openKey={entry.id} style={{ maxWidth: "min(52rem, 95vw)", width: "100%" }}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id="audit-entry-title">
          {entry.title}
        </Heading>
        <Text as="p" size="2" color="gray" style={{ margin: 0 }}>
          By {entry.admin} on {entry.when} · entry #{entry.id}
          {entry.revertsId ? ` · reverted entry #${entry.revertsId}` : ""}
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
        <Flex gap="3" justify="end" align="center" wrap="wrap">
          {entry.recordHref ? <Link to={entry.recordHref}>Open the record</Link> : null}
          {entry.revertable ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="revert" />
              <input type="hidden" name="entry" value={entry.id} />
              <Button type="submit" color="red" variant="soft" disabled={reverting}>
                {reverting ? "Reverting…" : "Revert this change"}
              </Button>
            </Form>
          ) : null}
          <DialogCloseLink to={closeTo} />
        </Flex>
      </Flex>
    </RouteDialog>
  );
}
