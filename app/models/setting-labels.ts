import { isOneOf } from "~shared/one-of";
/** What only the admin uses of ~contract/setting-labels (the shared part stays in contract/setting-labels.ts). */
import {
  type SettingName,
  PROVIDER_FORM_FIELDS,
  DYNAMIC_CONTENT_KEYS,
  SOCIAL_LINKS,
  SETTING_FILE_KINDS,
  type SettingFileKind,
  parseSettingFileName,
} from "~contract/setting-labels";

/** The tab of /admin/settings that edits each setting (Cancellation Settings has its own calls). */
export const SETTING_TAB_LABELS: Record<SettingName, string> = {
  GeneralSetting: "General Settings",
  CategoryServiceProviderFormSetting: "Category Settings",
  PricingSetting: "Payment Gateway",
  DynamicContent: "Set Instructions/Content",
  CreateServicesSetting: "Create Service Settings",
  PayoutSetting: "Payment Gateway",
};

/** Service types of the provider form's offerings (spec 2 §9). */
export const OFFERING_TYPES = ["Consultation", "Service", "Retainership", "AddOnService"] as const;
export type OfferingType = (typeof OFFERING_TYPES)[number];
export const OFFERING_TYPE_LABELS: Record<OfferingType, string> = {
  Consultation: "Consultation",
  Service: "Service",
  Retainership: "Retainership",
  AddOnService: "Add-On Service",
};

/** Service types of Create Service Settings. */
export const CREATE_SERVICE_TYPES = ["Retainership", "Services"] as const;
export type CreateServiceType = (typeof CREATE_SERVICE_TYPES)[number];

/** The three option lists of each Create Service Settings service type. */
export const CREATE_SERVICE_SECTIONS = ["limits", "inclusions", "offerings"] as const;
export type CreateServiceSection = (typeof CREATE_SERVICE_SECTIONS)[number];
export const CREATE_SERVICE_SECTION_LABELS: Record<CreateServiceSection, string> = {
  limits: "Limits",
  inclusions: "Inclusions",
  offerings: "Offerings",
};
export type ProviderFormField = (typeof PROVIDER_FORM_FIELDS)[number];
export const PROVIDER_FORM_FIELD_LABELS: Record<ProviderFormField, string> = {
  profilePhoto: "Profile Photo",
  about: "About",
  totalExperience: "Total Experience",
  specializations: "Specializations",
  subSpecializations: "Sub Specializations",
  specializationExperience: "Specialization Experience",
  languages: "Languages",
  education: "Education",
  certifications: "Certifications",
  awards: "Awards",
  portfolio: "Portfolio",
  charges: "Charges",
};
export type DynamicContentKey = (typeof DYNAMIC_CONTENT_KEYS)[number];
export const DYNAMIC_CONTENT_LABELS: Record<DynamicContentKey, string> = {
  Category: "Category",
  CreateService: "Create Service",
  AddService: "Add Service",
  Documents: "Documents",
  ChoosePlans: "Choose Plans",
};
export const isDynamicContentKey = (value: unknown): value is DynamicContentKey =>
  typeof value === "string" && isOneOf(DYNAMIC_CONTENT_KEYS, value);
export type SocialLink = (typeof SOCIAL_LINKS)[number];
export const SOCIAL_LINK_LABELS: Record<SocialLink, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  twitter: "Twitter",
  youtube: "YouTube",
};
export const isSettingFileKind = (value: unknown): value is SettingFileKind =>
  typeof value === "string" && isOneOf(SETTING_FILE_KINDS, value);

export const LOGO_RECOMMENDED_SIZE = 150;

/** What the page says of a stored image's size: the logo's against the recommended 150×150. */
export function settingImageSizeText(kind: SettingFileKind, name: string): string | null {
  const file = parseSettingFileName(name);
  if (!file) return null;
  const size = `${file.width}×${file.height}`;
  if (kind === "logo" && (file.width !== LOGO_RECOMMENDED_SIZE || file.height !== LOGO_RECOMMENDED_SIZE)) {
    return `${size}: ${LOGO_RECOMMENDED_SIZE}×${LOGO_RECOMMENDED_SIZE} is recommended`;
  }
  return size;
}

/**
 * ours: the largest General Settings form the admin reads (its images are capped one by one with
 * the messages above; what is over this is refused before it is read).
 */
export const GENERAL_SETTINGS_FORM_MAX_BYTES = 8 * 1024 * 1024;
