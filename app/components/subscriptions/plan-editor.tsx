import { Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useField, ValidatedForm } from "remix-validated-form";
import { FormError } from "~/components/forms";
import { Button, Flex, Grid, Text } from "~/components/ui";
import { VField, VSelect } from "~/components/validated-fields";
import type { FormFailure } from "~/models/form-result";
import type { PlanFormValues } from "~/models/subscriptions";
import { addPlanValidator, DURATION_OPTIONS, editPlanValidator, PLAN_STATUS_OPTIONS } from "./plan-form";
import { UNSAVED_WARNING } from "~/components/unsaved-changes";

type PlanEditorProps = {
  mode: "add" | "edit";
  defaults: PlanFormValues;
  cancelTo: string;
  /** edit: the same page with the delete confirmation asked for */
  deleteHref?: string;
};

/**
 * The Add Subscription and Edit Subscription form (spec 2 §2, §5): every field once, native
 * inputs and selects (they work without JavaScript), the duration sent as months by both.
 */
export function PlanEditor({ mode, defaults, cancelTo, deleteHref }: PlanEditorProps) {
  const edit = mode === "edit";
  const choose = (label: string) => (edit ? [] : [{ value: "", label }]);
  return (
    <ValidatedForm
      {...UNSAVED_WARNING}
      // a new form (and form store) for each version, so a save shows the saved values
      id={edit ? `plan-form-${defaults.updated_at}` : "plan-form"}
      method="post"
      validator={edit ? editPlanValidator : addPlanValidator}
      defaultValues={defaults as never}
      noValidate
    >
      <input type="hidden" name="intent" value={edit ? "save" : "create"} />
      {edit ? <HiddenVersion /> : null}
      <Flex direction="column" gap="4">
        <Grid columns={{ initial: "1", md: "2" }} gap="4">
          <VField name="plan_name" label="Plan Name" required maxLength={100} autoComplete="off" />
          <VField
            name="charge"
            label="Plan Amount (₹)"
            required
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 1499.00"
            hint="In rupees, at most 2 decimals"
          />
          <VField name="service_fee" label="Service Fee" required inputMode="decimal" autoComplete="off" placeholder="in %" hint="Percent, 0 to 100" />
          <VField
            name="profile_boost"
            label="Booster Points"
            required
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            hint="0 or more"
          />
          <VSelect name="plan_validity" label="Plan Duration" required options={[...choose("Select duration"), ...DURATION_OPTIONS]} />
          <VField
            name="max_approval"
            label="Approval Time"
            required
            type="number"
            min={1}
            max={30}
            step={1}
            inputMode="numeric"
            hint="Day(s), 1 to 30"
          />
          <VSelect name="status" label="Status" required options={[...choose("Select status"), ...PLAN_STATUS_OPTIONS]} />
        </Grid>
        <EditorFooter edit={edit} cancelTo={cancelTo} deleteHref={deleteHref} />
      </Flex>
    </ValidatedForm>
  );
}

/** The form's error, the stale-edit reload link, and Submit / Save Changes, Cancel, Delete This Plan. */
function EditorFooter({ edit, cancelTo, deleteHref }: { edit: boolean; cancelTo: string; deleteHref?: string }) {
  const failure = useActionData<FormFailure>();
  const navigation = useNavigation();
  const location = useLocation();
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith(location.pathname);
  return (
    <>
      <FormError error={failure?.formError} />
      {failure?.conflict ? (
        <Text size="2">
          <a href={location.pathname}>Reload</a> to see the current values.
        </Text>
      ) : null}
      <Flex gap="3" wrap="wrap" align="center">
        <Button type="submit" size="3" disabled={saving}>
          {saving ? "Saving…" : edit ? "Save Changes" : "Submit"}
        </Button>
        <Button asChild size="3" variant="soft" color="gray">
          <Link to={cancelTo}>Cancel</Link>
        </Button>
        {deleteHref ? (
          <Button asChild size="3" variant="soft" color="red" style={{ marginLeft: "auto" }}>
            <Link to={deleteHref} preventScrollReset>
              Delete This Plan
            </Link>
          </Button>
        ) : null}
      </Flex>
    </>
  );
}

/** The version the admin loaded; after a failed save it stays the one they posted. */
function HiddenVersion() {
  const { getInputProps } = useField("updated_at");
  return <input {...getInputProps({ type: "hidden" })} name="updated_at" />;
}
