import type { WizardStep } from "~/models/provider-wizard-labels";
import { categoriesStep } from "./categories-step.server";
import { documentsStep } from "./documents-step.server";
import { planStep } from "./plan-step.server";
import { serviceDetailsStep } from "./service-details-step.server";
import { servicesStep } from "./services-step.server";
import type { StepModule } from "./wizard.server";

/** Each step's module: what its page shows and how it saves. */
export const STEP_MODULES: Record<WizardStep, StepModule<unknown>> = {
  categories: categoriesStep as StepModule<unknown>,
  services: servicesStep as StepModule<unknown>,
  "service-details": serviceDetailsStep as StepModule<unknown>,
  documents: documentsStep as StepModule<unknown>,
  plan: planStep as StepModule<unknown>,
};
