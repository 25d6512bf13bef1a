import { data, redirect } from "@remix-run/node";
import type { AdminUser } from "~contract/admin-users";
import type { FormFailure } from "~/models/form-result";
import { CategoriesSection, WIZARD_MESSAGES as M, WIZARD_SECTIONS, type PlanSection, type SavedFormData } from "~contract/provider-wizard";
import {
  isWizardStep,
  SECTION_STEP,
  STEP_SECTION,
  stepsOf,
  stepUrl,
  WIZARD_STEP_CONTENT,
  WIZARD_TITLES,
  type WizardFrame,
  type WizardMode,
  type WizardStep,
} from "~/models/provider-wizard-labels";
import type { GeneralSettings } from "~contract/settings";
import { loaderResponseOf } from "~/services/errors.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import type { ActionAnswer } from "~/services/form-action.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDateTime } from "~/utils/dates";
import { sanitizeRichText } from "~shared/sanitize";
import type { z } from "zod";
import { isOneOf } from "~shared/one-of";

/**
 * The provider wizard's frame (spec 3 §2.1, §4): one loader and one action for both its routes,
 * the admin's Edit Form (/admin/edit-provider-details/{id}, always edit mode) and the provider's
 * Complete Your Profile (/provider/complete-profile, create until registered). The step is the
 * URL's `?step=`; each step's own module (STEP_MODULES) reads and saves its section. A saved step
 * goes on to the next with "Form saved successfully"; the last step's save submits the profile
 * (Subscribe or Update Details) and leaves the wizard.
 */

/** Who is in the wizard: an admin editing any provider, or a provider on their own profile. */
export type WizardActor = { kind: "admin"; admin: AdminUser } | { kind: "provider"; serviceProviderId: number };

export type WizardContext = {
  request: Request;
  serviceProviderId: number;
  mode: WizardMode;
  step: WizardStep;
  actor: WizardActor;
  /** the API as the acting admin (x-acting-admin) or the provider (x-acting-provider): the route's guard bound it */
  api: Marketplace;
  /** every section as saved (GET /get-saved-form-data) */
  saved: SavedFormData;
  /** every setting by name (Category Settings, Create Service Settings, the steps' content), read once */
  settings: () => Promise<z.infer<typeof GeneralSettings>>;
};

/** What a step's save goes on with: the plan the submit registers (the last step of create mode). */
export type Saved = { saved: true; submit?: { plan: PlanSection } };

/**
 * A step's save: the step's own answer (its form back with messages and what was typed, a
 * form-only post's redrawn form, or `goOn`'s), or saved (the frame goes on).
 */
export type StepOutcome = Saved | ActionAnswer;

export type SaveContext = WizardContext & {
  /** after the section is saved: the next step with "Form saved successfully", or (the last step) the submit */
  goOn: (saved?: Omit<Saved, "saved">) => Promise<ActionAnswer>;
};

/**
 * One step: `load` gives its page what it shows (the saved section as the form's values, and its
 * options), `save` reads the posted form itself (through handleForm, one schema per intent; a
 * step may stream a multipart body) and saves the section. A form post that only changes the
 * form (add a row without JavaScript) answers the new values and no messages.
 */
export type StepModule<View> = {
  load: (ctx: WizardContext) => Promise<View>;
  save: (ctx: SaveContext) => Promise<StepOutcome>;
};

const isSaved = (outcome: StepOutcome): outcome is Saved =>
  !(outcome instanceof Response) && "saved" in outcome && (outcome as { saved?: unknown }).saved === true;

export type WizardRoute = {
  request: Request;
  /** the API bound by the route's guard (requireAdmin / requireProvider) */
  api: Marketplace;
  serviceProviderId: number;
  actor: WizardActor;
  /** the wizard's path without a step */
  basePath: string;
  /** the provider's name for the heading */
  providerName: string;
  /** where Back goes from the first step */
  exit: { to: string; label: string };
  /** where finishing goes, by the mode finished */
  finishTo: (mode: WizardMode) => string;
  /** the browser's address (the terms' acceptance records it) */
  clientAddress?: string;
};

/** An admin always edits; a provider creates until registered or on Hold (the API says which). */
export const modeOf = (actor: WizardActor, saved: SavedFormData): WizardMode => (actor.kind === "admin" ? "edit" : saved.mode);

function settingsReader(api: Marketplace) {
  let held: ReturnType<Marketplace["getGeneralSettings"]> | undefined;
  return () => (held ??= api.getGeneralSettings());
}

/** The step's instructions from Set Instructions/Content (sanitised), '' when none or unreadable. */
async function instructionsOf(ctx: WizardContext): Promise<string> {
  try {
    const content = (await ctx.settings()).DynamicContent.setting1 as Record<string, unknown> | null;
    const html = content?.[WIZARD_STEP_CONTENT[ctx.step]];
    return typeof html === "string" && html.trim() ? sanitizeRichText(html) : "";
  } catch {
    return "";
  }
}

/**
 * The step the URL asks for, or a redirect: none or an unknown one → the first step (a provider
 * with saved data is told "Saved data found. Fetching...."); the plan step in edit mode → the
 * first; a step after Categories before the categories are saved → Categories with the spec's
 * "Specialization Not Added" warning.
 */
async function stepOrRedirect(route: WizardRoute, mode: WizardMode, saved: SavedFormData): Promise<WizardStep> {
  const asked = new URL(route.request.url).searchParams.get("step");
  const steps = stepsOf(mode);
  // a Subscribe after the provider registered (a double click, another tab): the first one counted
  if (asked === "plan" && mode === "edit" && route.actor.kind === "provider" && route.request.method === "POST") {
    throw await redirectWithToast(route.request, route.finishTo("create"), { type: "info", message: M.alreadySubscribed });
  }
  if (isWizardStep(asked) && steps.includes(asked)) {
    // the profile's category with at least one specialization (spec 3 §5), saved by the wizard or not
    if (asked !== "categories" && !CategoriesSection.safeParse(saved.categories).success) {
      throw await redirectWithToast(route.request, stepUrl(route.basePath, "categories"), {
        type: "warning",
        message: M.specializationNotAdded,
      });
    }
    return asked;
  }
  const first = stepUrl(route.basePath, steps[0]);
  const hasSaved = WIZARD_SECTIONS.some((section) => saved[section] !== null);
  if (route.actor.kind === "provider" && asked === null && mode === "edit" && hasSaved) {
    throw await redirectWithToast(route.request, first, { type: "info", message: M.savedDataFound });
  }
  throw redirect(first);
}

async function contextOf(route: WizardRoute): Promise<WizardContext> {
  const { api } = route;
  // a provider's terms acceptance records the browser's address
  if (route.actor.kind === "provider" && route.clientAddress !== undefined) api.caller.clientAddress = route.clientAddress;
  // the saved sections unreadable: the error page (the action's too, as the step cannot be known)
  const saved = await api.raw.getSavedFormData(route.serviceProviderId).catch((error: unknown) => {
    throw loaderResponseOf(error);
  });
  const mode = modeOf(route.actor, saved);
  const step = await stepOrRedirect(route, mode, saved);
  return {
    request: route.request,
    serviceProviderId: route.serviceProviderId,
    mode,
    step,
    actor: route.actor,
    api,
    saved,
    settings: settingsReader(api),
  };
}

function frameOf(route: WizardRoute, ctx: WizardContext, instructions: string): WizardFrame {
  const steps = stepsOf(ctx.mode);
  const index = steps.indexOf(ctx.step);
  const previous = index > 0 ? steps[index - 1] : null;
  const savedAt: WizardFrame["savedAt"] = {};
  for (const [section, at] of Object.entries(ctx.saved.saved_at)) {
    if (isOneOf(WIZARD_SECTIONS, section)) savedAt[SECTION_STEP[section as keyof typeof SECTION_STEP]] = formatDateTime(at);
  }
  return {
    who: route.actor.kind,
    title: WIZARD_TITLES[route.actor.kind],
    mode: ctx.mode,
    step: ctx.step,
    steps,
    serviceProviderId: route.serviceProviderId,
    providerName: route.providerName,
    basePath: route.basePath,
    backTo: previous ? stepUrl(route.basePath, previous) : route.exit.to,
    backLabel: previous ? "Back" : route.exit.label,
    savedAt,
    instructions,
  };
}

/** The wizard page's loader data: the frame, and the step's own view. */
export async function loadWizard<View>(route: WizardRoute, modules: Record<WizardStep, StepModule<unknown>>) {
  const ctx = await contextOf(route);
  const [view, instructions] = await Promise.all([modules[ctx.step].load(ctx), instructionsOf(ctx)]);
  return { frame: frameOf(route, ctx, instructions), view: view as View };
}

/** The submit's refusal in the last step's terms: which steps need another look. */
export type SubmitFailure = FormFailure<Record<string, unknown>> & { intent: "submit"; steps: Partial<Record<WizardStep, string>> };

/**
 * The wizard's action: the step saves its section; then the next step, or (the last step) the
 * profile is submitted and the wizard left with the API's sentence as a toast. A submit refused
 * for the categories returns to step 1 with the spec's warning; for other steps the last step
 * shows a Validation Error naming each.
 */
export async function wizardAction(route: WizardRoute, modules: Record<WizardStep, StepModule<unknown>>): Promise<ActionAnswer> {
  const ctx = await contextOf(route);
  const goOn = (saved: Omit<Saved, "saved"> = {}) => afterSave(route, ctx, saved);
  const outcome = await modules[ctx.step].save({ ...ctx, goOn });
  return isSaved(outcome) ? goOn(outcome) : outcome;
}

/** The step saved: the next step, or (the last step) the profile submitted and the wizard left. */
async function afterSave(route: WizardRoute, ctx: WizardContext, saved: Omit<Saved, "saved">): Promise<ActionAnswer> {
  const steps = stepsOf(ctx.mode);
  const index = steps.indexOf(ctx.step);
  if (index < steps.length - 1) {
    return redirectWithToast(route.request, stepUrl(route.basePath, steps[index + 1]), { type: "success", message: M.saved });
  }
  try {
    const answer = await ctx.api.submitProviderProfile(route.serviceProviderId, ctx.mode, saved.submit?.plan);
    return redirectWithToast(route.request, route.finishTo(ctx.mode), { type: "success", message: answer.message });
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    // a second Subscribe (a double click, another tab): the first registered; its page says what
    if (ctx.mode === "create" && error.status === 409) {
      return redirectWithToast(route.request, route.finishTo("create"), { type: "info", message: M.alreadySubscribed });
    }
    if (error.kind !== "invalid") {
      const failure: SubmitFailure = {
        intent: "submit",
        fieldErrors: {},
        repopulateFields: {},
        formError: error.message || M.cannotSave,
        steps: {},
      };
      return data(failure, { status: error.status || 503 });
    }
    const steps: SubmitFailure["steps"] = {};
    for (const [section, message] of Object.entries(error.fieldErrors)) {
      const step = SECTION_STEP[section as keyof typeof SECTION_STEP];
      if (step) steps[step] = message;
    }
    if (steps.categories) {
      return redirectWithToast(route.request, stepUrl(route.basePath, "categories"), {
        type: "warning",
        message: M.specializationNotAdded,
      });
    }
    const failure: SubmitFailure = {
      intent: "submit",
      fieldErrors: error.fieldErrors,
      repopulateFields: {},
      formError: M.validationError,
      steps,
    };
    return data(failure, { status: 400 });
  }
}

/** The section a step saves (for modules that map API field names back to their form). */
export const sectionOfStep = (step: WizardStep) => STEP_SECTION[step];
