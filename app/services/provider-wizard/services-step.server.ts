import type { StepModule } from "./wizard.server";

/** Placeholder of the services step until its module is built (issue 15). */
export const servicesStep: StepModule<{ section: Record<string, unknown> | null }> = {
  load: async (ctx) => ({ section: ctx.saved[ctx.step === "service-details" ? "service_details" : (ctx.step as "categories")] }),
  save: async () => ({ saved: false, failure: { fieldErrors: {}, repopulateFields: {}, formError: "This step is not built yet." }, status: 501 }),
};
