import type { ComponentType } from "react";
import type { WizardFrame, WizardStep } from "~/models/provider-wizard-labels";
import { CategoriesStep } from "./categories-step";
import { DocumentsStep } from "./documents-step";
import { PlanStep } from "./plan-step";
import { ServiceDetailsStep } from "./service-details-step";
import { ServicesStep } from "./services-step";

// each step's component takes its own view (the step module's load): the loader pairs them by step
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const STEP_VIEWS: Record<WizardStep, ComponentType<{ frame: WizardFrame; view: any }>> = {
  categories: CategoriesStep,
  services: ServicesStep,
  "service-details": ServiceDetailsStep,
  documents: DocumentsStep,
  plan: PlanStep,
};

/** The current step's form. `key` makes a new step (or a new save) start from its loaded values. */
export function StepView({ frame, view }: { frame: WizardFrame; view: unknown }) {
  const Step = STEP_VIEWS[frame.step];
  return <Step key={`${frame.step}-${frame.savedAt[frame.step] ?? ""}`} frame={frame} view={view} />;
}
