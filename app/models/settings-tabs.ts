/**
 * /admin/settings (spec 2 §2 General Settings): its tabs, one per URL (?tab=…), and the labels and
 * messages of the Cancellation Settings tab. No zod here: components import it.
 */
import type { Party, ServiceType } from "~contract/orders";
import type {
  CreateServiceSection,
  CreateServiceType,
  DynamicContentKey,
  OfferingType,
  ProviderFormField,
  SocialLink,
} from "./setting-labels";
import { isOneOf } from "~shared/one-of";

export const SETTINGS_TABS = ["general", "category", "payment-gateway", "content", "create-service", "cancellation"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
export const DEFAULT_SETTINGS_TAB: SettingsTab = "general";
export const isSettingsTab = (value: unknown): value is SettingsTab => typeof value === "string" && isOneOf(SETTINGS_TABS, value);

export const SETTINGS_TAB_LABELS: Record<SettingsTab, string> = {
  general: "General Settings",
  category: "Category Settings",
  "payment-gateway": "Payment Gateway",
  content: "Set Instructions/Content",
  "create-service": "Create Service Settings",
  cancellation: "Cancellation Settings",
};

/** The tab links, built by the page from these constants: its loader sends only which tab is open (issue 31 §4). */
export const SETTINGS_TAB_LINKS = SETTINGS_TABS.map((id) => ({ id, label: SETTINGS_TAB_LABELS[id], href: `/admin/settings?tab=${id}` }));

/** What every setting tab's form carries: the version to save against and who saved it last. */
export type SettingTabFrame = {
  /** updated_at of the setting as loaded ('' when never saved): posted back as `version` */
  version: string;
  /** "25-11-2026 10:04 by admin"; null when never saved */
  lastSaved: string | null;
  /** fingerprint of the part of the setting this form edits, as loaded: posted back as `part` */
  part: string;
  /** the audit log narrowed to this part ("All changes to this record"); absent before a category is chosen */
  historyHref?: string;
};

/** The category a per-category tab works on (?category=…), and the ones to choose from. */
export type CategoryChoice = {
  categories: { id: number; name: string }[];
  category: { id: number; name: string } | null;
  /** "Please select a category" (or "Unknown category") while none is chosen */
  categoryMessage: string | null;
};

/** Payment Gateway (spec 2 §2: "really per-category plan pricing"): a price per plan in the chosen category. */
export type PlanPriceRow = {
  planId: number;
  planName: string;
  /** the plan's own price, "₹1,499.00" (what a category without its own price charges) */
  listPrice: string;
};
export type PaymentGatewayPanel = CategoryChoice & {
  frame: SettingTabFrame;
  /** every Active plan */
  plans: PlanPriceRow[];
  /** the category's prices by plan id, as stored ("1499.00") */
  draft: PaymentGatewayDraft;
  /** the two-person release threshold (PayoutSetting, issue 34): its own form on this tab */
  payout: { frame: SettingTabFrame; draft: PayoutDraft };
};
/** The release threshold as typed: rupees, '' = every release is one admin's. */
export type PayoutDraft = { threshold: string };
/** The Payment Gateway form as posted: price.<plan_id> = rupees ('' = the plan's own price). */
export type PaymentGatewayDraft = { price: Record<string, string> };

/**
 * Category Settings (CategoryServiceProviderFormSetting, one category's entry): the form as posted,
 * numbers as typed (a refused save shows them back as they were).
 * Names: fields.<field> (a checkbox: absent = off), offerings.<type>.<i>, specializations.<i>.name,
 * specializations.<i>.subSpecializations.<j>, totalExperience.min … charges.max.
 */
export type CategorySettingsDraft = {
  fields: Record<ProviderFormField, boolean>;
  offerings: Record<OfferingType, string[]>;
  specializations: { name: string; subSpecializations: string[] }[];
  totalExperience: { min: string; max: string };
  specializationExperience: { min: string; max: string };
  /** both blank: no bound */
  charges: { min: string; max: string };
};
export type CategorySettingsPanel = CategoryChoice & { frame: SettingTabFrame; draft: CategorySettingsDraft };

/** General Settings (GeneralSetting): the form as posted (socialLinks.<network>; logo/favicon: stored names, '' = none). */
export type GeneralDraft = {
  siteName: string;
  contactEmail: string;
  contactPhone: string;
  address: string;
  socialLinks: Record<SocialLink, string>;
  logo: string;
  favicon: string;
};
export type GeneralPanel = { frame: SettingTabFrame; draft: GeneralDraft };
export const GENERAL_INTENT = "save-general";

/** Where the admin shows a General Settings image (the Settings access guards it). */
export const settingFileUrl = (name: string) => `/admin/settings/files/${encodeURIComponent(name)}`;

/**
 * Create Service Settings (CreateServicesSetting): a category, then a sub-category (or all of them).
 * Two forms, each saving its own part: the category's coverage (setting2[category]) and the
 * sub-category's entry per service type (setting1[category][sub]).
 */
export type CreateServicePanel = CategoryChoice & {
  /** the chosen category's sub-categories */
  subCategories: { id: number; name: string }[];
  /** ?sub=: "all" (also when absent) or one of the category's sub-categories; null when unknown */
  sub: { key: string; name: string } | null;
  /** why ?sub= was not taken (an unknown sub-category) */
  subMessage: string | null;
  coverage: { frame: SettingTabFrame; draft: CreateServiceCoverageDraft };
  /** null until a category and a known sub-category are chosen */
  entry: { frame: SettingTabFrame; draft: CreateServiceEntryDraft } | null;
};
/** Form 1 as posted: enabled (checkbox), cover (all | chosen), subCategories (checked ids). */
export type CreateServiceCoverageDraft = { enabled: boolean; cover: "all" | "chosen"; subCategories: string[] };
/** Form 2 as posted: per service type, offered, and per section enabled + options (`Services.limits.options.0` …). */
export type CreateServiceSectionDraft = { enabled: boolean; options: string[] };
export type CreateServiceTypeDraft = { offered: boolean } & Record<CreateServiceSection, CreateServiceSectionDraft>;
export type CreateServiceEntryDraft = Record<CreateServiceType, CreateServiceTypeDraft>;
export const CREATE_SERVICE_INTENTS = { coverage: "save-create-service-coverage", entry: "save-create-service-entry" } as const;
export const ALL_SUB_CATEGORIES_LABEL = "All sub-categories";
export const unknownSubCategoryMessage = (categoryName: string) =>
  `Unknown sub-category: choose All sub-categories or one of ${categoryName}'s sub-categories`;
export const CHOOSE_SUB_CATEGORIES = "Choose at least one sub-category, or All sub-categories";

/**
 * Set Instructions/Content (spec 2 §2, DynamicContent): one rich-text block at a time, chosen in the
 * URL (?block=…, the first by default), so the page holds one editor and a save touches one block.
 */
export type ContentPanel = {
  /** every block, as links (sub-tabs) */
  blocks: { key: DynamicContentKey; label: string; href: string }[];
  /** the block the form edits; null for an unknown ?block= (blockMessage says so) */
  block: { key: DynamicContentKey; label: string } | null;
  blockMessage: string | null;
  frame: SettingTabFrame;
  draft: ContentDraft;
  /** the block's HTML as saved, sanitised: what the onboarding step shows */
  preview: string;
};
/** The content form as posted: the block's HTML. */
export type ContentDraft = { content: string };

export type CancellationPanel = {
  tables: { ServiceProvider: ReasonRow[]; User: ReasonRow[] };
  dialog: ReasonDialog | null;
  dialogError: string | null;
};

/** Each built tab's data, tagged with its tab (the page switches on it). */
export type SettingsPanel =
  | { tab: "general"; data: GeneralPanel }
  | { tab: "category"; data: CategorySettingsPanel }
  | { tab: "payment-gateway"; data: PaymentGatewayPanel }
  | { tab: "create-service"; data: CreateServicePanel }
  | { tab: "content"; data: ContentPanel }
  | { tab: "cancellation"; data: CancellationPanel };

/** The URL of a tab (with its category, when it has one). */
export function settingsTabUrl(tab: SettingsTab, params: Record<string, string | number | null | undefined> = {}) {
  const query = new URLSearchParams({ tab });
  for (const [key, value] of Object.entries(params))
    if (value !== null && value !== undefined && value !== "") query.set(key, String(value));
  return `/admin/settings?${query}`;
}

/** Messages (spec 2 §8; the delete message is ours: the spec names none). */
export const SETTINGS_SAVED = "Settings Saved Successfully";
export const REASON_DELETED = "Cancellation Reason Deleted Successfully";
export const REASON_DELETE_FAILED = "Failed to delete the cancellation reason";
export const REORDER_FAILED = "Failed to save the new order";
export const REASON_NO_CHANGE = "No Change Detected";

/** The two tables, in the order the tab shows them. */
export const PARTY_TABLES: readonly { party: Party; title: string }[] = [
  { party: "ServiceProvider", title: "Service Provider" },
  { party: "User", title: "User" },
];
export const PARTY_LABELS: Record<Party, string> = { ServiceProvider: "Service Provider", User: "User" };
export const REASON_STATUS_LABELS = { PRE: "Pre-Acceptance", POST: "Post-Acceptance" } as const;
export const REASON_SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  Consultation: "Consultation",
  Service: "Service",
  Retainership: "Retainership",
  AddOnService: "Add-On Service",
};

/** A row of a party's table, in its stored order. */
export type ReasonRow = {
  id: number;
  reason: string;
  repercussion: string;
  status: "PRE" | "POST";
  serviceType: ServiceType;
  position: number;
};

/** The add/edit dialog's fields, as the form posts them. */
export type ReasonFormValues = {
  reason: string;
  repercussion: string;
  status: string;
  service_type: string;
  user_type: string;
  updated_at?: string;
};

export type ReasonDialog =
  | { kind: "add"; values: ReasonFormValues }
  | { kind: "edit"; id: number; values: ReasonFormValues; updatedText: string }
  | { kind: "delete"; id: number; reason: string; party: Party };

/** The Cancellation Settings tab without a dialog: where its forms post and its intents come back to. */
export const CANCELLATION_TAB_URL = "/admin/settings?tab=cancellation";

/** One party's list with reason `id` moved to where `target` is (a drag onto a row); the same list when either is absent. */
export function movedTo(ids: readonly number[], id: number, target: number): number[] {
  const from = ids.indexOf(id);
  const to = ids.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}
