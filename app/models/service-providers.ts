/** What only the admin uses of ~contract/service-providers (the shared part stays in contract/service-providers.ts). */
import type { ProviderPayouts } from "~/models/payout-ledger";
import { BoosterPointsBody, BoostingPointRecord, SendEmailBody } from "~contract/service-providers";
import { isRecordId } from "~contract/ids";
import { repeated } from "~/models/form-fields";
import { z } from "zod";
import { type BoosterHistoryView } from "~contract/booster-points";
import type { FieldChange } from "~contract/activity";
import { PAGE_SIZES } from "~contract/list-query";

export const PROVIDER_PAGE_SIZES = PAGE_SIZES;

/** WhatsApp templates offered by the Send Email dialog (spec 1 §9); "" = Mail Only. */
export const WHATSAPP_TEMPLATES = [
  { value: "", label: "Mail Only" },
  { value: "bookings_now_open", label: "Bookings now open" },
  { value: "need_help_partial_profile", label: "Need Help-Partial Profile" },
  { value: "refresh_complete_profile", label: "Refresh Complete Profile" },
] as const;

export const BoostingPointResult = z.object({ data: BoostingPointRecord, total_booster_points: z.number().int() });

/** The Send Email dialog as posted: the recipients (user ids, deduplicated, in order), then the rules of spec 1 §5. */
export const SendEmailForm = z
  .object({
    subject: z.string().default(""),
    body: z.string().default(""),
    whatsappTemplate: z.string().default(""),
    to: repeated(z.unknown()).transform((values) => [
      ...new Set(values.filter((v): v is string => typeof v === "string" && isRecordId(v)).map(Number)),
    ]),
  })
  .pipe(SendEmailBody);

/** What the admin typed in the Send Email dialog, kept when the send is refused. */
export type EmailValues = { subject: string; body: string; whatsappTemplate: string };

export type DocumentCell =
  { kind: "text"; text: string } | { kind: "files"; names: string[]; labels: Record<string, string> } | { kind: "link"; href: string };

/** The provider details page's profile, as it shows it. */
export type ProviderView = {
  id: number;
  /** the provider's users.id: their user page (/admin/user/<id>) */
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  online: boolean;
  place: string;
  rating: number;
  categoryName: string | null;
  catchyLine: string;
  languages: { language: string; rating: number }[];
  specializations: { categoryName: string; experience: number | null; subSpecialization: string[] }[];
  /** the wizard's Service Details fields the details page shows (one record with the Edit Form) */
  tagline: string;
  coreExpertise: string;
  globalExpertise: string;
  portfolioLink: string;
  skills: string[];
  /** the services of the provider's category, in the wizard's order */
  services: { id: number; type: string; offerings: string; indiaPrice: string | null; deliveryTime: string }[];
  boosterPoints: number;
  planName: string | null;
  publicProfileUrl: string;
  /** the last terms version the provider accepted ("Accepted T&C"), "N/A" when none */
  acceptedTerms: string;
};

/** "Profile Update Activities": one page of rows and the activity the URL opens (spec 1 §2.14). */
export type ActivityHistoryRow = { id: number; timestamp: string; category: string; count: number; names: string };
export type ActivityHistoryDialog = {
  id: number;
  timestamp: string;
  status: "updated" | "no_changes";
  count: number;
  changes: FieldChange[];
};
export type ActivityHistory = {
  rows: ActivityHistoryRow[];
  total: number;
  page: number;
  pageSize: number;
  /** why the activities could not be read (the rest of the page still shows) */
  error: string | null;
  dialog: ActivityHistoryDialog | null;
};

export type ProviderDetailsPageData = {
  provider: ProviderView;
  /** the provider list to go back to, with its filters */
  back: string;
  documents: { label: string; cell: DocumentCell }[];
  booster: BoosterHistoryView;
  history: ActivityHistory;
  /** "Payouts" (issue 34): null when the admin has no Payment access */
  payouts: ProviderPayouts | null;
};

/** A refused Update Points, with what was typed. */
/** What the admin typed in the details page's Update Points, kept when the save is refused. */
export type BoosterPointsValues = { boosterPoints: string; reason: string };

/** Update Points as posted: the API's rules (BoosterPointsBody), an empty box being a missing value (not 0). */
export const BoosterPointsForm = z.object({
  boosterPoints: z
    .string({ required_error: "Booster points are required", invalid_type_error: "Booster points are required" })
    .trim()
    .min(1, "Booster points are required")
    .pipe(BoosterPointsBody.shape.boosterPoints),
  reason: BoosterPointsBody.shape.reason,
});

export type ProviderFilters = Record<
  "search" | "start_date" | "end_date" | "plan" | "stage" | "status" | "verification" | "parentCategory",
  string
>;

export type ProviderRow = {
  id: number;
  userId: number;
  username: string;
  category: string;
  phone: string;
  regDate: string;
  updateDate: string;
  refreshAt: string;
  plan: string;
  stage: string;
  status: string;
  verified: boolean;
  lastLogin: string;
  agreement: string;
  isPro: boolean;
  adminRating: number;
  boosterPoints: number;
};
