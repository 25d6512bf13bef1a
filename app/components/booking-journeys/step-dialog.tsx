import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Flex, Heading, Text } from "~/components/ui";
import { JOURNEY_STEPS, JOURNEY_TEXTS } from "~contract/booking-journey-labels";
import type { CapturedField, JourneyStepDialog } from "~/models/booking-journeys";

/** Captured data as a definition list; a nested object is a nested list under its label. */
function Fields({ fields }: { fields: CapturedField[] }) {
  return (
    <dl className="journey-fields">
      {fields.map((f, i) => (
        <FieldRow key={`${f.label}-${i}`} field={f} />
      ))}
    </dl>
  );
}

function FieldRow({ field }: { field: CapturedField }) {
  return (
    <>
      <dt>{field.label}</dt>
      <dd>{"fields" in field ? <Fields fields={field.fields} /> : field.value}</dd>
    </>
  );
}

/** One step of a journey (?journey=<id>&journey_step=<n>): when it was completed, and what was captured. */
export function JourneyStepDialogView({ dialog, closeTo }: { dialog: JourneyStepDialog; closeTo: string }) {
  return (
    <RouteDialog
      labelledBy="journey-step-title"
      describedBy="journey-step-service journey-step-for"
      closeTo={closeTo}
      openKey={`${dialog.journeyId}-${dialog.step}`}
      style={{ width: "min(40rem, calc(100vw - 32px))" }}
    >
      <Flex direction="column" gap="3">
        <div>
          <Heading as="h2" size="5" id="journey-step-title">
            {dialog.name} — step {dialog.step} of {JOURNEY_STEPS.length}
          </Heading>
          {/* the service apart from the step: a name such as "45 Minutes Video Consultation" never reads as "Step 3 of 45" */}
          <Text
            as="p"
            size="2"
            weight="medium"
            id="journey-step-service"
            data-testid="journey-step-service"
            style={{ margin: 0, overflowWrap: "anywhere" }}
          >
            {dialog.serviceName}
          </Text>
          <Text as="p" size="2" color="gray" id="journey-step-for" data-testid="journey-step-for" style={{ margin: 0 }}>
            Journey of {dialog.userFullname}
          </Text>
        </div>
        {dialog.completedAt ? (
          <Text as="p" size="2" style={{ margin: 0 }}>
            Completed at <strong>{dialog.completedAt}</strong>
          </Text>
        ) : (
          <Text as="p" size="2" style={{ margin: 0 }} weight="medium">
            {JOURNEY_TEXTS.notCompleted}
          </Text>
        )}
        {dialog.fields === null ? null : dialog.fields.length > 0 ? (
          <section aria-labelledby="journey-step-data">
            <Heading as="h3" size="3" id="journey-step-data" style={{ marginBottom: "var(--space-2)" }}>
              Captured data
            </Heading>
            <Fields fields={dialog.fields} />
          </section>
        ) : (
          <Text as="p" size="2" color="gray" style={{ margin: 0 }}>
            {JOURNEY_TEXTS.noData}
          </Text>
        )}
        <Flex justify="end">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a <dialog> focuses its autofocus control on opening (HTML's dialog focusing steps), JS or not */}
          <DialogCloseLink to={closeTo} autoFocus />
        </Flex>
      </Flex>
    </RouteDialog>
  );
}
