import { useActionData } from "@remix-run/react";
import type { FormFailure } from "~/models/form-result";
import type { WizardFrame } from "~/models/provider-wizard-labels";
import { WizardForm } from "./wizard-form";

/** Placeholder of the service-details step until it is built (issue 15). */
export function ServiceDetailsStep({ frame }: { frame: WizardFrame; view: unknown }) {
  const failure = useActionData<FormFailure>();
  return (
    <WizardForm frame={frame} formError={failure?.formError}>
      <p>This step is not built yet.</p>
    </WizardForm>
  );
}
