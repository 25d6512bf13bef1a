import { z } from "zod";
import { isBlankRow, ServicesSection, WIZARD_SERVICE_TYPES, type WizardServiceType } from "~contract/provider-wizard";
import { isOneOf } from "~shared/one-of";
import type { ListColumn, ServiceColumns } from "./provider-wizard-columns";
import {
  checkSection,
  compact,
  indexOf,
  intentArgument,
  postedFilledTexts,
  postedGroup,
  postedRows,
  postedText,
  postedTick,
  UNKNOWN_ACTION,
} from "./provider-wizard-form-fields";
import { linesOf, type ServiceRowDraft, type ServicesDraft, type VariationDraft } from "./provider-wizard-services-view";

/**
 * The Create Services step's forms (one schema per intent), for the columns the settings enable
 * (./provider-wizard-columns): the four tables as typed (`Service.4.limitsPriceVariation.1.limits.0`),
 * and Save & Continue's section. Blank rows are dropped on save; the contract names a row's fields
 * by its place as sent, the API (which gets the rows without the blanks) by its place among the
 * kept ones: both are mapped back to the form's rows.
 */

/** A list field: checkboxes (`…specialty.<k>`) when it has options, else a text box, one entry per line. */
const listField = (column: Pick<ListColumn, "options">) => (column.options ? postedFilledTexts() : postedText().transform(linesOf));
/** A column the settings hide is not read. */
const shownList = (column: ListColumn) => (column.shown ? listField(column) : z.unknown().transform((): string[] => []));

/** The four tables as typed, for these columns: the draft a refusal or a no-JS redraw shows back. */
export function servicesDraftForm(columns: ServiceColumns) {
  const table = (type: WizardServiceType) => {
    const c = columns[type];
    const variation = postedGroup({
      indiaPrice: postedText(),
      limits: listField(c.limits),
      deliveryTime: postedText(),
      description: postedText(),
    }) satisfies z.ZodType<VariationDraft, z.ZodTypeDef, unknown>;
    return postedRows(
      postedGroup({
        offerings: postedText(),
        specialty: shownList(c.specialty),
        inclusions: shownList(c.inclusions),
        limits: shownList(c.limits),
        limitsPriceVariation: c.limitsPriceVariation ? postedRows(variation) : z.unknown().transform((): VariationDraft[] => []),
        description: postedText(),
        indiaPrice: postedText(),
        outsidePrice: postedText(),
        deliveryTime: postedText(),
        askBeforeOrder: postedTick(),
        serviceId: postedText(),
      }) satisfies z.ZodType<ServiceRowDraft, z.ZodTypeDef, unknown>,
    );
  };
  return z.object({
    Consultation: table("Consultation"),
    Service: table("Service"),
    Retainership: table("Retainership"),
    AddOnService: table("AddOnService"),
  }) satisfies z.ZodType<ServicesDraft, z.ZodTypeDef, unknown>;
}

const isBlankVariation = (v: VariationDraft) =>
  v.indiaPrice.trim() === "" && v.limits.length === 0 && v.deliveryTime === "" && v.description.trim() === "";

/**
 * The section as the contract reads it (rows as sent, blank price variations dropped), and the
 * way back to the form's names: `asSent` from the contract's paths, `fromApi` from the API's
 * (null: not a field of the form).
 */
export function servicesSectionOf(draft: ServicesDraft, categoryId: number) {
  const variationsKept: Record<string, number[]> = {};
  const input: Record<string, unknown> = { category_id: categoryId };
  for (const type of WIZARD_SERVICE_TYPES) {
    input[type] = draft[type].map((row, i) => {
      const variations = compact(row.limitsPriceVariation, isBlankVariation);
      variationsKept[`${type}.${i}`] = variations.kept;
      return {
        offerings: row.offerings,
        specialty: row.specialty,
        inclusions: row.inclusions,
        limits: row.limits,
        limitsPriceVariation: variations.items,
        description: row.description,
        indiaPrice: row.indiaPrice,
        outsidePrice: row.outsidePrice,
        deliveryTime: row.deliveryTime,
        askBeforeOrder: row.askBeforeOrder,
        serviceId: /^\d{1,9}$/.test(row.serviceId) && Number(row.serviceId) > 0 ? Number(row.serviceId) : null,
      };
    });
  }
  // the rows the API gets (blank ones dropped), by type: index among them → index in the form
  const rowsKept = Object.fromEntries(
    WIZARD_SERVICE_TYPES.map((type) => [type, compact(input[type] as unknown[], isBlankRow).kept]),
  ) as Record<WizardServiceType, number[]>;
  const PATH = /^(Consultation|Service|Retainership|AddOnService)\.(\d+)(?:\.limitsPriceVariation\.(\d+))?(.*)$/;
  const asSent = (path: string) => {
    const match = PATH.exec(path);
    if (!match) return path;
    const [, type, i, v, rest] = match;
    if (v === undefined) return `${type}.${i}${rest}`;
    return `${type}.${i}.limitsPriceVariation.${variationsKept[`${type}.${i}`]?.[Number(v)] ?? v}${rest}`;
  };
  const fromApi = (path: string) => {
    const match = PATH.exec(path);
    if (!match) return path === "category_id" ? null : path;
    const row = rowsKept[match[1] as WizardServiceType][Number(match[2])];
    return row === undefined ? match[1] : asSent(path.replace(`${match[1]}.${match[2]}`, `${match[1]}.${row}`));
  };
  return { input, asSent, fromApi };
}

/** Save & Continue: the section by the contract's rules, each message beside its field as the form names it. */
export const saveServicesForm = (columns: ServiceColumns, categoryId: number) =>
  servicesDraftForm(columns).transform((draft, ctx) => {
    const { input, asSent, fromApi } = servicesSectionOf(draft, categoryId);
    const section = checkSection(ServicesSection, input, ctx, (errors) => {
      const named: Record<string, string> = {};
      for (const [path, message] of Object.entries(errors)) named[asSent(path)] ??= message;
      return named;
    });
    return { draft, section, fromApi };
  });

const typeOf = (text: string) => (isOneOf(WIZARD_SERVICE_TYPES, text) ? (text as WizardServiceType) : null);
/** "Service.3" → the table and the row's place */
const rowOf = (text: string) => {
  const [type, row, ...rest] = text.split(".");
  const t = typeOf(type);
  const i = indexOf(row ?? "");
  return t && i !== null && rest.length === 0 ? { type: t, row: i } : null;
};

/** Add a row to a table ("add:Service"). */
export const addServiceRowForm = (columns: ServiceColumns) => servicesDraftForm(columns).extend({ intent: intentArgument(typeOf) });

/** Remove row i, or add a price variation to it ("remove:Service.3", "add-variation:Service.3"): a row the form has. */
export const serviceRowForm = (columns: ServiceColumns) =>
  servicesDraftForm(columns)
    .extend({ intent: intentArgument(rowOf) })
    .superRefine((form, ctx) => {
      if (!form[form.intent.type][form.intent.row]) ctx.addIssue({ code: "custom", path: ["intent"], message: UNKNOWN_ACTION });
    });

/** Remove price variation v of row i ("remove-variation:Service.3.1"): a row the form has. */
export const serviceVariationForm = (columns: ServiceColumns) =>
  servicesDraftForm(columns)
    .extend({
      intent: intentArgument((text) => {
        const at = text.lastIndexOf(".");
        const row = rowOf(text.slice(0, at));
        const variation = indexOf(text.slice(at + 1));
        return row && at > 0 && variation !== null ? { ...row, variation } : null;
      }),
    })
    .superRefine((form, ctx) => {
      if (!form[form.intent.type][form.intent.row]) ctx.addIssue({ code: "custom", path: ["intent"], message: UNKNOWN_ACTION });
    });
