/** What only the admin uses of ~contract/notification-types (the shared part stays in contract/notification-types.ts). */
import {
  type NotificationUserType,
  PLACEHOLDER_SAMPLES,
  type PlaceholderName,
  TEMPLATE_SORT_FIELDS,
  type TemplateChannel,
  PLACEHOLDER,
} from "~contract/notification-types";

export const USER_TYPE_LABELS: Record<NotificationUserType, string> = { User: "User", ServiceProvider: "ServiceProvider" };
export type TemplateSortField = (typeof TEMPLATE_SORT_FIELDS)[number];
/** The list's chips. */
export const CHANNEL_SHORT: Record<TemplateChannel, string> = {
  web_notification: "Web",
  whatsapp_template: "Whatsapp",
  email_template: "Email",
};

/** A text with its placeholders replaced by the sample values (an unknown one is left as typed). */
export function fillSamples(text: string): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    name in PLACEHOLDER_SAMPLES ? PLACEHOLDER_SAMPLES[name as PlaceholderName] : whole,
  );
}

/** A text with its placeholders replaced by the given sample values (an unknown one is left as typed). */
export function fillWith(text: string, samples: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => samples[name] ?? whole);
}

/** A type as the editor's select and placeholder panel need it (from GET /get-notification-types/). */
export type TypeOption = { key: string; label: string; user_types: string[]; placeholders: string[]; samples: Record<string, string> };

export type TemplateValues = {
  user_type: string;
  notification_type: string;
  web_notification: string;
  whatsapp_template: string;
  email_template: string;
  updated_at?: string;
};

/** Each channel filled with its type's sample values; the email already sanitised by the server. */
export type TemplatePreviews = { web: string; whatsapp: string; emailHtml: string };

export type TemplateRow = {
  id: number;
  userType: string;
  typeLabel: string;
  channels: string[];
  updatedAt: string;
};

export type TemplatesPageData = {
  rows: TemplateRow[];
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  filters: { user_type: string; notification_type: string };
  /** the URL's sort (none: by user type, then notification type) */
  sort?: { field: TemplateSortField; order: "asc" | "desc" };
  typeOptions: { value: string; label: string }[];
};

export type TemplateEditorData = {
  mode: "add" | "edit";
  types: TypeOption[];
  defaults: TemplateValues;
  previews: TemplatePreviews | null;
  template: { id: number; updatedText: string; label: string } | null;
  deleting: boolean;
};
