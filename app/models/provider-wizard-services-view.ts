/**
 * The Create Services step's page data (zod-free, for the browser): the columns the settings
 * enable (./provider-wizard-columns) and the four tables' rows as typed (the draft).
 */
import type { ServiceColumns } from "./provider-wizard-columns";
import { WIZARD_MESSAGES as M, type WizardServiceType } from "~contract/provider-wizard-labels";

export type VariationDraft = { indiaPrice: string; limits: string[]; deliveryTime: string; description: string };
export type ServiceRowDraft = {
  offerings: string;
  specialty: string[];
  inclusions: string[];
  limits: string[];
  limitsPriceVariation: VariationDraft[];
  description: string;
  indiaPrice: string;
  outsidePrice: string;
  deliveryTime: string;
  askBeforeOrder: boolean;
  serviceId: string;
};
export type ServicesDraft = Record<WizardServiceType, ServiceRowDraft[]>;

export type ServicesView = {
  categoryId: number;
  categoryName: string;
  columns: ServiceColumns;
  draft: ServicesDraft;
  /** the services saved before were for another category: these tables start afresh */
  restarted: boolean;
};

export const SERVICE_TYPE_LABELS: Record<WizardServiceType, string> = {
  Consultation: "Consultation",
  Service: "Service",
  Retainership: "Retainership",
  AddOnService: "Add-On Service",
};
export const TOO_MANY_ROWS: Record<WizardServiceType, string> = {
  Consultation: M.maxConsultations,
  Service: M.maxServices,
  Retainership: M.maxRetainership,
  AddOnService: M.maxAddOns,
};

/** No-JS intents: add a row to a table, remove row i, add / remove a price variation of row i. */
export const ADD_ROW_INTENT = "add";
export const REMOVE_ROW_INTENT = "remove";
export const ADD_VARIATION_INTENT = "add-variation";
export const REMOVE_VARIATION_INTENT = "remove-variation";
export const addRowIntent = (type: WizardServiceType) => `${ADD_ROW_INTENT}:${type}`;
export const removeRowIntent = (type: WizardServiceType, row: number) => `${REMOVE_ROW_INTENT}:${type}.${row}`;
export const addVariationIntent = (type: WizardServiceType, row: number) => `${ADD_VARIATION_INTENT}:${type}.${row}`;
export const removeVariationIntent = (type: WizardServiceType, row: number, variation: number) =>
  `${REMOVE_VARIATION_INTENT}:${type}.${row}.${variation}`;

export const blankRow = (): ServiceRowDraft => ({
  offerings: "",
  specialty: [],
  inclusions: [],
  limits: [],
  limitsPriceVariation: [],
  description: "",
  indiaPrice: "",
  outsidePrice: "",
  deliveryTime: "",
  askBeforeOrder: false,
  serviceId: "",
});
export const blankVariation = (): VariationDraft => ({ indiaPrice: "", limits: [], deliveryTime: "", description: "" });

/** Keys a charge field refuses with JavaScript (a number with an exponent or a sign is no charge). */
export const REFUSED_CHARGE_KEYS = new Set(["e", "E", "+", "-"]);

/** A list field typed as text: one entry per line. */
export const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");

/** The message of a field, or of any part of it (a list's entries: `Service.0.limits.2` for `Service.0.limits`). */
export function messageAt(errors: Record<string, string> | undefined, name: string): string | undefined {
  if (!errors) return undefined;
  if (errors[name]) return errors[name];
  const part = Object.keys(errors).find((key) => key.startsWith(`${name}.`));
  return part ? errors[part] : undefined;
}
