import { useEffect, useState } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Button, Flex, Heading, Text } from "~/components/ui";
import { Field, FormError, SelectField } from "~/components/forms";
import { BOOSTING_KIND_CHOICES, type BoostDialogData, type BoostValues } from "~/models/booster-points";
import type { FormFailure } from "~/models/form-result";
import { BoosterHistoryTable } from "./booster-history-table";

/**
 * "Add Boosting Point", opened by the URL (?dialog=boost&id=…): a native <dialog open> rendered by
 * the server, modal with JS. Save needs both points and a reason (checked here with JS, and by the server).
 */
export function BoostingDialog({
  dialog,
  action,
  cancelTo,
  failure,
}: {
  dialog: BoostDialogData;
  action: string;
  cancelTo: string;
  failure?: FormFailure<BoostValues>;
}) {
  const navigation = useNavigation();
  const [points, setPoints] = useState(failure?.repopulateFields.points ?? "");
  const [reason, setReason] = useState(failure?.repopulateFields.reason ?? "");
  const [kind, setKind] = useState(failure?.repopulateFields.kind || "grant");
  const [hydrated, setHydrated] = useState(false);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "boost";

  useEffect(() => {
    setHydrated(true);
  }, []);

  const incomplete = points.trim() === "" || reason.trim() === "";
  return (
    <RouteDialog labelledBy="boost-dialog-title" closeTo={cancelTo} style={{ width: "min(640px, calc(100vw - 32px))" }}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id="boost-dialog-title">
          Add Boosting Point
        </Heading>
        <Text size="2" color="gray">
          Service provider: <strong>{dialog.username}</strong>
        </Text>
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="intent" value="boost" />
          <input type="hidden" name="id" value={dialog.id} />
          <Flex direction="column" gap="3">
            <Field
              id="boost-points"
              name="points"
              type="number"
              step="1"
              value={points}
              onChange={(e) => setPoints(e.currentTarget.value)}
              label="Points"
              error={failure?.fieldErrors.points}
            />
            <SelectField
              id="boost-kind"
              name="kind"
              label="Kind"
              value={kind}
              onChange={(e) => setKind(e.currentTarget.value)}
              options={[...BOOSTING_KIND_CHOICES]}
              hint="Points can be taken away only by a correction, with its reason."
              error={failure?.fieldErrors.kind}
            />
            <Field
              id="boost-reason"
              name="reason"
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              label="Reason"
              error={failure?.fieldErrors.reason}
            />
            <FormError error={failure?.formError} />
            <Flex gap="3" justify="end">
              <DialogCloseLink to={cancelTo} label="Cancel" />
              <Button type="submit" disabled={busy || (hydrated && incomplete)}>
                {busy ? "Saving…" : "Save"}
              </Button>
            </Flex>
          </Flex>
        </Form>
        <Heading as="h3" size="3">
          History
        </Heading>
        {dialog.historyError ? <FormError error={dialog.historyError} /> : <BoosterHistoryTable rows={dialog.history} />}
        <Text size="2" weight="medium" role="status">
          Total: {dialog.total}
        </Text>
      </Flex>
    </RouteDialog>
  );
}
