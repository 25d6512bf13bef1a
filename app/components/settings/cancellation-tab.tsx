import { useState, type DragEvent, type MouseEvent } from "react";
import { Form, Link, useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { FormError } from "~/components/forms";
import { Button, Flex, Heading, Text, useHydrated } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";
import type { Party } from "~contract/orders";
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
        {dialog?.kind === "delete" ? (
          <>Delete the reason &ldquo;{dialog.reason}&rdquo;? Orders already cancelled with it keep showing it.</>
        ) : null}
      </ConfirmDialog>
    </Flex>
  );
}

/** The list with `id` moved to where `target` is. */

/**
 * One party's table. The table sits in one reorder form: it posts the list as shown (`ids`) and the
 * Move button pressed (`move`), so it works without JS; with JS a dropped row submits the same form
 * with the new order at once (through a fetcher, the rows shown in that order meanwhile). The rows
 * are plain markup (no link component, no handler per row): one click handler routes their links
 * on the client and the body's drag handlers find the row under the pointer, so hydrating a long
 * list costs little.
 */
function ReasonTable({ party, title, rows }: { party: Party; title: string; rows: ReasonRow[] }) {
  const fetcher = useFetcher();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  // while a drop is being saved, show its order
  const pending = fetcher.formData?.getAll("ids").map(Number);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const shown =
    pending && pending.every((id) => byId.has(id)) && pending.length === rows.length ? pending.map((id) => byId.get(id)!) : rows;
  const headingId = `reasons-${party}`;

  const rowOf = (event: DragEvent<HTMLElement>) => {
    const id = Number((event.target as Element).closest?.("tr[data-reason-id]")?.getAttribute("data-reason-id"));
    return Number.isInteger(id) && id > 0 ? id : null;
  };
  const endDrag = () => {
    setDragging(null);
    setOver(null);
  };
  const onDragStart = (event: DragEvent<HTMLTableSectionElement>) => {
    const id = rowOf(event);
    if (id === null) return;
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", String(id));
    setDragging(id);
  };
  const onDragOver = (event: DragEvent<HTMLTableSectionElement>) => {
    const id = rowOf(event);
    if (id === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    if (over !== id) setOver(id);
  };
  const onDrop = (event: DragEvent<HTMLTableSectionElement>) => {
    const target = rowOf(event);
    if (target === null) return;
    event.preventDefault();
    const id = dragging ?? Number(event.dataTransfer.getData("text/plain"));
    endDrag();
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
  // the rows' Edit and Delete links open their dialog on the client, keeping the scroll
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const href = (event.target as Element).closest?.("a[href]")?.getAttribute("href");
    if (!href?.startsWith("/")) return;
    event.preventDefault();
    navigate(href, { preventScrollReset: true });
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
        <div className="table-wrap" onClick={onClick} role="presentation">
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
            <tbody onDragStart={onDragStart} onDragOver={onDragOver} onDragEnd={endDrag} onDrop={onDrop}>
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
                    className={
                      [dragging === r.id ? "is-dragging" : "", over === r.id && dragging !== r.id ? "is-drop-target" : ""]
                        .join(" ")
                        .trim() || undefined
                    }
                  >
                    <td>{index + 1}</td>
                    <td>{r.reason}</td>
                    <td>{r.repercussion || "—"}</td>
                    <td>{REASON_STATUS_LABELS[r.status]}</td>
                    <td>{REASON_SERVICE_TYPE_LABELS[r.serviceType]}</td>
                    <td>
                      <Flex gap="2" wrap="wrap">
                        <Button
                          type="submit"
                          size="1"
                          variant="soft"
                          color="gray"
                          name="move"
                          value={`up:${r.id}`}
                          aria-label={`Move up: ${r.reason}`}
                          disabled={index === 0}
                        >
                          Move up
                        </Button>
                        <Button
                          type="submit"
                          size="1"
                          variant="soft"
                          color="gray"
                          name="move"
                          value={`down:${r.id}`}
                          aria-label={`Move down: ${r.reason}`}
                          disabled={index === shown.length - 1}
                        >
                          Move down
                        </Button>
                        <Button asChild size="1" variant="soft">
                          <a href={dialogHref({ dialog: "edit", id: r.id })} aria-label={`Edit: ${r.reason}`}>
                            Edit
                          </a>
                        </Button>
                        <Button asChild size="1" variant="soft" color="red">
                          <a href={dialogHref({ dialog: "delete", id: r.id })} aria-label={`Delete: ${r.reason}`}>
                            Delete
                          </a>
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
