/** What only the admin uses of ~contract/provider-auth-labels (the shared part stays in contract/provider-auth-labels.ts). */

/**
 * Provider sign-in's words (zod-free: the provider pages import these in the browser).
 */
export const PROVIDER_LOGIN_PATH = "/provider/login";
export const PROVIDER_HOME_PATH = "/provider";
export const PROVIDER_COMPLETE_PROFILE_PATH = "/provider/complete-profile";
export const PROVIDER_DASHBOARD_PATH = "/provider/provider-dashboard";

/** The user statuses as a provider reads them (Hold: the marketplace is reviewing the profile). */
export const PROVIDER_STATUS_LABELS: Record<"Active" | "Inactive" | "Hold", string> = {
  Active: "Active",
  Inactive: "Inactive",
  Hold: "Under review",
};

/** What the provider dashboard shows (built by services/provider-auth/pages.server.ts). */
export type ProfileStatusView = {
  name: string;
  username: string;
  status: string;
  underReview: boolean;
  stage: string;
  plan: string;
  registeredOn: string;
  /** each wizard step: its label and when it was last saved (null: not saved) */
  sections: { key: string; label: string; savedAt: string | null }[];
  /** the saved steps could not be read (API down): said on the page */
  sectionsError: string | null;
};
