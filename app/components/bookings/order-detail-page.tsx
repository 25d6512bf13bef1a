import { DialogCloseLink } from "~/components/route-dialog";
import { useEffect, useState, type ReactNode } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SimpleTable } from "~/components/simple-table";
import { Badge, Button, DataList, Flex, Heading, Text } from "~/components/ui";
import { ErrorText, SelectField } from "~/components/forms";
import { FilePreview, fileHrefUnder } from "~/components/files/file-preview";
import type { OrderDetailPageData, OrderView } from "~/models/bookings";
import type { FormFailure } from "~/models/form-result";
import { useField, ValidatedForm } from "remix-validated-form";
import { VTextarea } from "~/components/validated-fields";
import { cancelOrderValidator } from "~/models/orders";
import { ActivityList } from "~/components/bookings/activity-list";
import { UserLink } from "~/components/user-link";
import { OrderDialog } from "~/components/bookings/order-dialog";
import { statusColor, statusLabel } from "./status";

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="panel" style={{ padding: "var(--space-4)", marginBottom: "var(--space-4)" }}>
      <Heading as="h2" size="4" id={id} mb="3">
        {title}
      </Heading>
      {children}
    </section>
  );
}

function Pairs({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <DataList.Root>
      {items.map((item) => (
        <DataList.Item key={item.label}>
          <DataList.Label>{item.label}</DataList.Label>
          <DataList.Value>{item.value}</DataList.Value>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

export function OrderDetailPage() {
  const { view, base, dialog, reasons, reasonsError, rescheduledEnd, release } = useLoaderData<OrderDetailPageData>();
  const actionData = useActionData<FormFailure>();
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const s = view.summary;
  const final = !view.canCancel;
  // served by this page's own files route (/admin/bookings/… or /admin/payments/…: its access)
  const fileHref = fileHrefUnder(`${base.replace(/\/+$/, "")}/files`);

  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Booking {view.shortId}
        </Heading>
        <Flex gap="2" wrap="wrap">
          {view.consultation && !final ? (
            <Button asChild variant="soft">
              <Link to={`${base}?dialog=reschedule`} preventScrollReset>
                Reschedule
              </Link>
            </Button>
          ) : null}
          {view.canCancel ? (
            <Button asChild color="red" variant="soft">
              <Link to={`${base}?dialog=cancel&by=User`} preventScrollReset>
                Cancel
              </Link>
            </Button>
          ) : (
            <Button color="red" variant="soft" disabled title={`The order is already ${statusLabel(view.status)}`}>
              Cancel
            </Button>
          )}
          {view.canComplete ? (
            <Button asChild color="green">
              <Link to={`${base}?dialog=complete`} preventScrollReset>
                Mark Complete
              </Link>
            </Button>
          ) : (
            <Button color="green" disabled title={`The order is already ${statusLabel(view.status)}`}>
              Mark Complete
            </Button>
          )}
        </Flex>
      </div>

      {rescheduledEnd ? (
        <div role="status" className="panel" style={{ padding: "var(--space-3)", marginBottom: "var(--space-4)" }}>
          <Text size="2">The consultation now ends at {rescheduledEnd}.</Text>
        </div>
      ) : null}

      <Section title="Booking Details" id="sec-summary">
        <Pairs
          items={[
            { label: "Type", value: s.type },
            { label: "Amount", value: s.amount },
            { label: "Transaction Id", value: s.transactionId },
            { label: "Booking Id", value: s.bookingId },
            { label: "Paid At", value: s.paidAt },
            { label: "Service Provider", value: s.provider },
            { label: "Cancelled By", value: s.cancelledBy },
            {
              label: "Order Status",
              value: (
                <Text color={view.status === "Cancelled" ? "red" : undefined} weight="medium" data-status={view.status}>
                  {statusLabel(view.status)}
                </Text>
              ),
            },
            { label: "Comment", value: s.comment },
            { label: "User", value: <UserLink id={view.customerId} name={s.user} /> },
            { label: "Cancellation Reason", value: s.cancellationReason },
          ]}
        />
      </Section>

      {release ? (
        <Section title="Release" id="sec-release">
          <Pairs items={release.items} />
          <Flex gap="3" mt="3" wrap="wrap">
            <Link to={release.ledgerHref}>The provider&apos;s ledger</Link>
            {release.bankFileHref ? <Link to={release.bankFileHref}>Its bank file</Link> : null}
          </Flex>
        </Section>
      ) : null}

      <Section title="Order Data" id="sec-order">
        <Pairs
          items={[
            { label: "Status", value: <Badge color={statusColor(view.status)}>{statusLabel(view.status)}</Badge> },
            { label: "Service Type", value: s.type },
            { label: "Charges", value: s.amount },
            { label: "Offerings", value: view.order.offerings },
            { label: "Created At", value: view.order.createdAt },
            { label: "Status Comment", value: view.order.statusComment },
            { label: "User Marked As Done", value: view.order.userMarkAsDone },
            { label: "Provider Marked As Done", value: view.order.providerMarkAsDone },
            { label: "User Details", value: <UserLink id={view.customerId} name={view.order.user} /> },
            { label: "Provider Details", value: view.order.provider },
            { label: "Payment Status", value: view.order.paymentStatus },
            { label: "Completed At", value: view.order.completedAt },
          ]}
        />
        <Heading as="h3" size="3" mt="4" mb="2">
          Milestones
        </Heading>
        <Pairs items={view.order.milestones} />
        {view.order.cancellations.length ? (
          <>
            <Heading as="h3" size="3" mt="4" mb="2">
              Cancellations
            </Heading>
            <SimpleTable
              caption="Cancellations"
              headers={["Cancelled By", "Reason", "Comment", "At"]}
              rows={view.order.cancellations.map((c) => [c.by, c.reason, c.comment, c.at])}
              empty=""
            />
          </>
        ) : null}
      </Section>

      <Section title="Consultation" id="sec-consultation">
        {view.consultation ? (
          <>
            <Pairs
              items={[
                { label: "Selected Slot Start", value: view.consultation.selectedSlot?.start ?? "—" },
                { label: "Selected Slot End", value: view.consultation.selectedSlot?.end ?? "—" },
              ]}
            />
            <Heading as="h3" size="3" mt="4" mb="2">
              Time Slots
            </Heading>
            <SimpleTable
              caption="Time slots"
              headers={["Slot", "Start", "End"]}
              rows={view.consultation.timeSlots.map((t) => [t.slot, t.start, t.end])}
              empty="No time slots."
            />
          </>
        ) : (
          <Text as="p" size="2" color="gray">
            This order has no consultation.
          </Text>
        )}
      </Section>

      <Section title="Video Call Log" id="sec-video">
        <Text as="p" size="2" mb="2">
          Both participants together: <strong data-testid="call-overlap">{view.overlap}</strong>
        </Text>
        <SimpleTable
          caption="Video call log"
          headers={["Event", "Time", "User"]}
          rows={view.videoCalls.map((v) => [v.event, v.at, v.user])}
          empty="No video calls."
        />
      </Section>

      <Section title="Activities" id="sec-activities">
        <ActivityList activities={view.activities} />
      </Section>

      <Section title="Order Chat" id="sec-chat">
        {view.chats.length === 0 ? (
          <Text as="p" size="2" color="gray">
            No messages in this conversation yet.
          </Text>
        ) : (
          <ol className="order-chat" style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "var(--space-2)" }}>
            {view.chats.map((c) => (
              <li
                key={c.id}
                style={{
                  padding: "var(--space-2) var(--space-3)",
                  borderRadius: "var(--radius-3)",
                  background: c.fromUser ? "var(--accent-3)" : "var(--gray-3)",
                  maxWidth: "40rem",
                  justifySelf: c.fromUser ? "start" : "end",
                }}
              >
                <Flex gap="3" justify="between">
                  <Text size="2" weight="bold">
                    {c.sender}
                  </Text>
                  <Text size="1" color="gray">
                    {c.at}
                  </Text>
                </Flex>
                <Text as="p" size="2" style={{ margin: 0, overflowWrap: "anywhere" }}>
                  {c.text}
                </Text>
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Section title="Order Files" id="sec-files">
        {view.files.length === 0 ? (
          <Text as="p" size="2" color="gray">
            No files.
          </Text>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <caption className="visually-hidden">Order files</caption>
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Sender</th>
                  <th scope="col">Status</th>
                  <th scope="col">Uploaded At</th>
                </tr>
              </thead>
              <tbody>
                {view.files.map((f) => (
                  <tr
                    key={f.id}
                    data-final={f.final ? "true" : undefined}
                    style={f.final ? { background: "var(--green-3)", fontWeight: 600 } : undefined}
                  >
                    <td>
                      <FilePreview name={f.name} href={fileHref} compact />
                    </td>
                    <td>{f.sender}</td>
                    <td>{f.final ? <Badge color="green">Final</Badge> : f.status}</td>
                    <td>{f.at}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>

      {dialog?.name === "complete" ? (
        <OrderDialog id="complete-dialog" title="Mark Complete" closeTo={base}>
          <Text as="p" size="2">
            Mark order {view.shortId} as completed?
          </Text>
          <Form method="post" action={base} preventScrollReset>
            <input type="hidden" name="intent" value="complete" />
            <Flex gap="3" justify="end">
              <Button asChild variant="soft" color="gray">
                {/* Cancel takes the focus (a <dialog> focuses its autofocus control on opening, JS or not): Enter on the dialog opened by its URL completes nothing */}
                {/* eslint-disable-next-line jsx-a11y/no-autofocus -- see above */}
                <Link to={base} preventScrollReset replace autoFocus>
                  Cancel
                </Link>
              </Button>
              <Button type="submit" color="green" disabled={busyIntent === "complete"}>
                {busyIntent === "complete" ? "Working…" : "Mark Complete"}
              </Button>
            </Flex>
          </Form>
        </OrderDialog>
      ) : null}

      {dialog?.name === "cancel" ? (
        <CancelDialog
          base={base}
          by={dialog.by}
          shortId={view.shortId}
          status={view.status}
          reasonSet={view.reasonSet}
          reasons={reasons ?? []}
          reasonsError={reasonsError}
          failure={actionData?.intent === "cancel" ? actionData : undefined}
          busy={busyIntent === "cancel"}
        />
      ) : null}

      {dialog?.name === "reschedule" ? (
        <OrderDialog id="reschedule-dialog" title="Reschedule Consultation" closeTo={base}>
          <Form method="post" action={`${base}?dialog=reschedule`} preventScrollReset>
            <input type="hidden" name="intent" value="reschedule" />
            <Flex direction="column" gap="1" className="field">
              <Text as="label" htmlFor="reschedule-start" size="2" weight="medium">
                New start (India time)
              </Text>
              <input
                id="reschedule-start"
                type="datetime-local"
                name="startTime"
                className="native-input"
                required
                defaultValue={actionData?.intent === "reschedule" ? actionData.repopulateFields.startTime : ""}
                aria-invalid={actionData?.fieldErrors.startTime ? true : undefined}
                aria-describedby={actionData?.fieldErrors.startTime ? "reschedule-start-error" : undefined}
              />
              <ErrorText
                id="reschedule-start-error"
                error={actionData?.intent === "reschedule" ? actionData.fieldErrors.startTime : null}
              />
            </Flex>
            <RescheduleDuration reschedule={view.reschedule} failure={actionData?.intent === "reschedule" ? actionData : undefined} />
            <Flex gap="3" justify="end" mt="3">
              <Button asChild variant="soft" color="gray">
                <Link to={base} preventScrollReset replace>
                  Cancel
                </Link>
              </Button>
              <Button type="submit" disabled={busyIntent === "reschedule"}>
                {busyIntent === "reschedule" ? "Working…" : "Reschedule"}
              </Button>
            </Flex>
          </Form>
        </OrderDialog>
      ) : null}
    </>
  );
}

/**
 * The consultation's length: named by the booked offering (the API computes the end), or asked
 * for when the offering names none ("Quick Video Consultation"), prefilled with the current slot's.
 */
function RescheduleDuration({ reschedule, failure }: { reschedule: OrderView["reschedule"]; failure?: FormFailure }) {
  if (reschedule.askedMinutes === null) {
    return (
      <Text as="p" size="2" mt="2">
        Duration: {reschedule.offeringMinutes} minutes, as the booked offering “{reschedule.offerings}” says.
      </Text>
    );
  }
  const error = failure?.fieldErrors.durationMinutes;
  return (
    <Flex direction="column" gap="1" className="field" mt="2">
      <Text as="label" htmlFor="reschedule-duration" size="2" weight="medium">
        Duration (minutes)
      </Text>
      <input
        id="reschedule-duration"
        type="number"
        name="durationMinutes"
        className="native-input"
        inputMode="numeric"
        min={1}
        max={reschedule.maxMinutes}
        step={1}
        required
        defaultValue={failure?.repopulateFields.durationMinutes ?? reschedule.askedMinutes}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "reschedule-duration-hint reschedule-duration-error" : "reschedule-duration-hint"}
        style={{ maxWidth: "10rem" }}
      />
      <Text as="p" size="1" color="gray" id="reschedule-duration-hint" style={{ margin: 0 }}>
        The booked offering “{reschedule.offerings}” does not say how long the consultation lasts.
      </Text>
      <ErrorText id="reschedule-duration-error" error={error} />
    </Flex>
  );
}

function CancelDialog({
  base,
  by,
  shortId,
  status,
  reasonSet,
  reasons,
  reasonsError,
  failure,
  busy,
}: {
  base: string;
  by: string;
  shortId: string;
  status: string;
  reasonSet: string;
  reasons: { value: string; label: string }[];
  reasonsError: string | null;
  failure?: FormFailure;
  busy: boolean;
}) {
  const [comment, setComment] = useState(failure?.repopulateFields.comment ?? "");
  const [hydrated, setHydrated] = useState(false);
  // runs only in the browser: the button is disabled by JS only, never without it
  useEffect(() => setHydrated(true), []);
  return (
    <OrderDialog id="cancel-dialog" title={`Cancel order ${shortId}`} closeTo={base}>
      <Flex gap="2" align="center" wrap="wrap" role="group" aria-label="Cancel on behalf of">
        <Text size="2">On behalf of:</Text>
        {(["User", "ServiceProvider"] as const).map((party) => (
          <Button key={party} asChild size="1" variant={party === by ? "solid" : "soft"}>
            <Link to={`${base}?dialog=cancel&by=${party}`} aria-current={party === by ? "true" : undefined} preventScrollReset replace>
              {party === "User" ? "User" : "Service Provider"}
            </Link>
          </Button>
        ))}
      </Flex>
      <Text as="p" size="1" color="gray">
        {reasonSet === "PRE" ? "Reasons before acceptance (PRE)" : "Reasons after acceptance (POST)"}
      </Text>
      {failure?.formError ? (
        <div role="alert" className="form-error">
          {failure.formError}
        </div>
      ) : null}
      <ValidatedForm
        method="post"
        action={`${base}?dialog=cancel&by=${by}`}
        validator={cancelOrderValidator}
        defaultValues={{ reason: reasons[0]?.value ?? "", comment: "" }}
        preventScrollReset
        noValidate
      >
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="cancelled_by" value={by} />
        <input type="hidden" name="orderStatus" value={status} />
        <Flex direction="column" gap="3">
          <CancelReason reasons={reasons} reasonsError={reasonsError} />
          <VTextarea
            name="comment"
            id="cancel-comment"
            label="Comment"
            rows={3}
            maxLength={2000}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
          <Flex gap="3" justify="end">
            <DialogCloseLink to={base} />
            <Button type="submit" color="red" disabled={busy || (hydrated && comment.trim() === "")}>
              {busy ? "Working…" : "Confirm Cancel"}
            </Button>
          </Flex>
        </Flex>
      </ValidatedForm>
    </OrderDialog>
  );
}

/** The reason list; a failure to read the reasons is said beside it. */
function CancelReason({ reasons, reasonsError }: { reasons: { value: string; label: string }[]; reasonsError: string | null }) {
  const { error, getInputProps } = useField("reason");
  return (
    <SelectField
      {...getInputProps({ id: "cancel-reason", label: "Reason", options: reasons, required: true })}
      name="reason"
      error={error ?? reasonsError}
    />
  );
}
