import { useState, type DragEvent } from "react";
import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { FormError } from "~/components/forms";
import { Button, Flex, Heading, Text, useHydrated } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";
import type { Party } from "~/models/orders";
import {
  CANCELLATION_TAB_URL,
  movedTo,
  PARTY_TABLES,
  REASON_SERVICE_TYPE_LABELS,
  REASON_STATUS_LABELS,
  type ReasonDialog,
  type ReasonFormValues,
  type ReasonRow,
} from "~/models/settings-tabs";
import { ReasonEditorDialog } from "./reason-dialog";

type CancellationTabProps = {
  tables: Record<Party, ReasonRow[]>;
  dialog: ReasonDialog | null;
  dialogError: string | null;
  failure?: FormFailure<ReasonFormValues>;
};

const dialogHref = (params: Record<string, string | number>) =>
  `${CANCELLATION_TAB_URL}&${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

/**
 * Cancellation Settings (spec 2 §2): the Service Provider and User tables in their stored order (the
 * order an order's cancel dialog offers), Add/Edit in a URL dialog, Delete behind a confirmation.
 */
export function CancellationTab({ tables, dialog, dialogError, failure }: CancellationTabProps) {
  const location = useLocation();
  // the dialog posts to the URL that shows it, so a refused save re-renders it
  const dialogUrl = location.pathname + location.search;
  return (
    <Flex direction="column" gap="5">
      <Text as="p" size="2" color="gray" id="reorder-hint">
        Each list is offered in this order by an order&apos;s cancel dialog. Reorder with Move up / Move down, or drag a row.
      </Text>
      {dialogError ? <FormError error={dialogError} /> : null}
      {PARTY_TABLES.map(({ party, title }) => (
        <ReasonTable key={party} party={party} title={title} rows={tables[party]} />
      ))}
      {dialog && dialog.kind !== "delete" ? <ReasonEditorDialog dialog={dialog} action={dialogUrl} failure={failure} /> : null}
      <ConfirmDialog
        open={dialog?.kind === "delete"}
        title="Delete Cancellation Reason"
        cancelTo={CANCELLATION_TAB_URL}
        intent="delete"
        action={CANCELLATION_TAB_URL}
        fields={dialog?.kind === "delete" ? { id: dialog.id } : {}}
        confirmLabel="Delete"
      >
        {dialog?.kind === "delete" ? <>Delete the reason &ldquo;{dialog.reason}&rdquo;? Orders already cancelled with it keep showing it.</> : null}
      </ConfirmDialog>
    </Flex>
  );
}

/** The list with `id` moved to where `target` is. */

/**
 * One party's table. The table sits in one reorder form: it posts the list as shown (`ids`) and the
 * Move button pressed (`move`), so it works without JS; with JS a dropped row submits the same form
 * with the new order at once (through a fetcher, the rows shown in that order meanwhile).
 */
function ReasonTable({ party, title, rows }: { party: Party; title: string; rows: ReasonRow[] }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  // while a drop is being saved, show its order
  const pending = fetcher.formData?.getAll("ids").map(Number);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const shown = pending && pending.every((id) => byId.has(id)) && pending.length === rows.length ? pending.map((id) => byId.get(id)!) : rows;
  const headingId = `reasons-${party}`;

  const drop = (target: number) => (event: DragEvent<HTMLTableRowElement>) => {
    event.preventDefault();
    const id = dragging ?? Number(event.dataTransfer.getData("text/plain"));
    setDragging(null);
    setOver(null);
    const current = shown.map((r) => r.id);
    const next = movedTo(current, id, target);
    if (next.every((n, i) => n === current[i])) return;
    const formData = new FormData();
    formData.set("intent", "reorder");
    formData.set("party", party);
    // the server applies the move to the list as it is then (another admin may have moved others)
    formData.set("move", `to:${id}:${target}`);
    for (const n of next) formData.append("ids", String(n));
    fetcher.submit(formData, { method: "post", action: CANCELLATION_TAB_URL, preventScrollReset: true });
  };

  return (
    <section aria-labelledby={headingId}>
      <div className="page-header">
        <Heading as="h3" size="4" id={headingId}>
          {title}
        </Heading>
        <Button asChild variant="soft">
          <Link to={dialogHref({ dialog: "add", party })} preventScrollReset>
            Add Reason<span className="visually-hidden"> for {title}</span>
          </Link>
        </Button>
      </div>
      <Form method="post" action={CANCELLATION_TAB_URL} preventScrollReset>
        <input type="hidden" name="intent" value="reorder" />
        <input type="hidden" name="party" value={party} />
        {shown.map((r) => (
          <input key={r.id} type="hidden" name="ids" value={r.id} />
        ))}
        <div className="table-wrap">
          <table className="data-table reason-table" aria-labelledby={headingId} aria-describedby="reorder-hint">
            <thead>
              <tr>
                <th scope="col">Position</th>
                <th scope="col">Reason</th>
                <th scope="col">Repercussion</th>
                <th scope="col">Stage</th>
                <th scope="col">Service Type</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.length === 0 ? (
                <tr>
                  <td colSpan={6}>No Data Found</td>
                </tr>
              ) : (
                shown.map((r, index) => (
                  <tr
                    key={r.id}
                    data-reason-id={r.id}
                    draggable={hydrated}
                    className={[dragging === r.id ? "is-dragging" : "", over === r.id && dragging !== r.id ? "is-drop-target" : ""].join(" ").trim() || undefined}
                    onDragStart={(event) => {
                      event.dataTransfer.effectAllowed = "move";
                      event.dataTransfer.setData("text/plain", String(r.id));
                      setDragging(r.id);
                    }}
                    onDragOver={(event) => {
                      event.preventDefault();
                      event.dataTransfer.dropEffect = "move";
                      if (over !== r.id) setOver(r.id);
                    }}
                    onDragEnd={() => {
                      setDragging(null);
                      setOver(null);
                    }}
                    onDrop={drop(r.id)}
                  >
                    <td>{index + 1}</td>
                    <td>{r.reason}</td>
                    <td>{r.repercussion || "—"}</td>
                    <td>{REASON_STATUS_LABELS[r.status]}</td>
                    <td>{REASON_SERVICE_TYPE_LABELS[r.serviceType]}</td>
                    <td>
                      <Flex gap="2" wrap="wrap">
                        <Button type="submit" size="1" variant="soft" color="gray" name="move" value={`up:${r.id}`} aria-label={`Move up: ${r.reason}`} disabled={index === 0}>
                          Move up
                        </Button>
                        <Button type="submit" size="1" variant="soft" color="gray" name="move" value={`down:${r.id}`} aria-label={`Move down: ${r.reason}`} disabled={index === shown.length - 1}>
                          Move down
                        </Button>
                        <Button asChild size="1" variant="soft">
                          <Link to={dialogHref({ dialog: "edit", id: r.id })} preventScrollReset aria-label={`Edit: ${r.reason}`}>
                            Edit
                          </Link>
                        </Button>
                        <Button asChild size="1" variant="soft" color="red">
                          <Link to={dialogHref({ dialog: "delete", id: r.id })} preventScrollReset aria-label={`Delete: ${r.reason}`}>
                            Delete
                          </Link>
                        </Button>
                      </Flex>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </Form>
    </section>
  );
}
