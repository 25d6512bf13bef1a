import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Heading, Text } from "~/components/ui";
import { StepView } from "./step-view";
import { WIZARD_SECTION_LABELS } from "~contract/provider-wizard-labels";
import { STEP_SECTION, stepUrl, type WizardFrame, type WizardStep } from "~/models/provider-wizard-labels";

/** The submit's refusal, as the last step shows it (services/provider-wizard/wizard.server.ts SubmitFailure). */
export type SubmitFailureView = { intent: "submit"; formError?: string; steps: Partial<Record<WizardStep, string>> };

export const stepLabel = (step: WizardStep) => WIZARD_SECTION_LABELS[STEP_SECTION[step]];

/**
 * The wizard around a step: its title (Edit Form / Complete Your Profile), whose profile, the
 * steps as an ordered list (the current one marked, saved ones linked with when they were saved),
 * the admin's instructions for this step, and a refused submit's Validation Error naming each step.
 */
export function WizardPage({
  frame,
  submitFailure,
  children,
}: {
  frame: WizardFrame;
  submitFailure?: SubmitFailureView | null;
  children: ReactNode;
}) {
  const current = frame.steps.indexOf(frame.step);
  return (
    <section className="panel wizard" aria-labelledby="wizard-title">
      <header className="wizard-header">
        <Heading as="h1" size="6" id="wizard-title">
          {frame.title}
        </Heading>
        <Text as="p" color="gray" size="2">
          {frame.providerName} · {frame.mode === "create" ? "New profile" : "Editing the profile"} · Step {current + 1} of{" "}
          {frame.steps.length}
        </Text>
      </header>
      <nav aria-label="Wizard steps">
        <ol className="wizard-steps">
          {frame.steps.map((step, index) => {
            const saved = frame.savedAt[step];
            const isCurrent = step === frame.step;
            const label = (
              <>
                <span className="wizard-step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="wizard-step-label">{stepLabel(step)}</span>
              </>
            );
            return (
              <li
                key={step}
                className={isCurrent ? "is-current" : saved ? "is-saved" : undefined}
                aria-current={isCurrent ? "step" : undefined}
              >
                {isCurrent || (!saved && index > current) ? <span>{label}</span> : <Link to={stepUrl(frame.basePath, step)}>{label}</Link>}
                {saved ? (
                  <Text size="1" color="gray" className="wizard-step-saved">
                    Saved {saved}
                  </Text>
                ) : null}
              </li>
            );
          })}
        </ol>
      </nav>
      <Heading as="h2" size="4" className="wizard-step-title">
        {stepLabel(frame.step)}
      </Heading>
      {frame.instructions ? (
        <div className="wizard-instructions rich-content" dangerouslySetInnerHTML={{ __html: frame.instructions }} />
      ) : null}
      {submitFailure ? (
        <div role="alert" className="form-error wizard-submit-error">
          <strong>{submitFailure.formError}</strong>
          {Object.keys(submitFailure.steps).length > 0 ? (
            <ul>
              {Object.entries(submitFailure.steps).map(([step, message]) => (
                <li key={step}>
                  <Link to={stepUrl(frame.basePath, step as WizardStep)}>{stepLabel(step as WizardStep)}</Link>: {message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** A wizard route's whole page: the frame around the current step, with a refused submit's alert from the action's answer. */
export function WizardScreen({ frame, view, answer }: { frame: WizardFrame; view: unknown; answer: unknown }) {
  const submitFailure =
    answer && typeof answer === "object" && (answer as { intent?: string }).intent === "submit" ? (answer as SubmitFailureView) : null;
  return (
    <WizardPage frame={frame} submitFailure={submitFailure}>
      <StepView frame={frame} view={view} />
    </WizardPage>
  );
}
