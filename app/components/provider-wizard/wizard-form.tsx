import { Form, Link, useNavigation } from "@remix-run/react";
import type { FormHTMLAttributes, ReactNode } from "react";
import { FormError } from "~/components/forms";
import { Button, Flex } from "~/components/ui";
import { saveButtonLabel, stepUrl, type WizardFrame } from "~/models/provider-wizard-labels";
import { UNSAVED_WARNING } from "~/components/unsaved-changes";

type WizardFormProps = {
  frame: WizardFrame;
  /** the form-level message of a refused save (API down, a rule over the whole step) */
  formError?: string | null;
  encType?: "application/x-www-form-urlencoded" | "multipart/form-data";
  /** the form's id, for fields outside it (form="…") */
  id?: string;
  children: ReactNode;
} & Pick<FormHTMLAttributes<HTMLFormElement>, "onSubmit">;

/**
 * A step's form: posts to this step's URL (the step saves its section, post/redirect/get), with
 * Back (a link: the previous step, or out of the wizard from the first) and the step's button —
 * Save & Continue, or on the last step Subscribe (create) or Update Details (edit). Works without
 * JavaScript; with it the button says it is saving.
 */
export function WizardForm({ frame, formError, encType, id, onSubmit, children }: WizardFormProps) {
  const navigation = useNavigation();
  const action = stepUrl(frame.basePath, frame.step);
  const busy = navigation.state === "submitting" && navigation.formAction === action && navigation.formData?.get("intent") === "save";
  const label = saveButtonLabel(frame.mode, frame.step);
  return (
    <Form
      {...UNSAVED_WARNING}
      method="post"
      action={action}
      encType={encType}
      id={id}
      onSubmit={onSubmit}
      className="wizard-form"
      aria-label={label === "Save & Continue" ? undefined : label}
    >
      {children}
      <FormError error={formError} />
      <Flex gap="3" justify="between" align="center" className="wizard-nav">
        <Button asChild variant="soft" color="gray">
          <Link to={frame.backTo}>{frame.backLabel}</Link>
        </Button>
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {busy ? "Saving…" : label}
        </Button>
      </Flex>
    </Form>
  );
}
