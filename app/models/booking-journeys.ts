/** What only the admin uses of ~contract/booking-journeys (the shared part stays in contract/booking-journeys.ts). */
import { JOURNEY_STEPS } from "~contract/booking-journey-labels";
import { ALL_STEPS_DONE_LABEL } from "~/models/booking-journey-labels";
import { plain, type ListColumn } from "~/models/list-columns";

// ——— the admin's page (types only) ———

/** Captured data as the dialog shows it: labelled values, nested objects as nested lists. */
export type CapturedField = { label: string; value: string } | { label: string; fields: CapturedField[] };

export type JourneyStepView = {
  step: number;
  name: string;
  /** completion time (India time), null: not completed yet */
  completedAt: string | null;
  state: "complete" | "active" | "upcoming";
};

/** One journey as its card shows it (only that: the step names are JOURNEY_STEPS', the times of the steps are in the step dialog). */
export type JourneyCard = {
  id: number;
  serviceName: string;
  /** id: the customer's users.id (their name links to their page) */
  user: { id?: number; fullname: string; username: string; phone: string };
  provider: { fullname: string; username: string; phone: string };
  startedAt: string;
  lastUpdatedAt: string;
  /** each of the five steps' state, in JOURNEY_STEPS' order */
  steps: JourneyStepView["state"][];
};

/** The step a journey stopped at, in words (its active step; all five done: "Completed all steps"). */
export function stoppedAtName(card: Pick<JourneyCard, "steps">): string {
  const active = card.steps.indexOf("active");
  return active >= 0 ? JOURNEY_STEPS[active].name : card.steps.every((s) => s === "complete") ? ALL_STEPS_DONE_LABEL : "—";
}

/**
 * The journeys' columns as the export writes them: what each card shows (the service, both sides,
 * when it started and last moved, the step it stopped at), in the list's order (newest first). The
 * page shows them as cards, so no table reads these.
 */
export const JOURNEY_COLUMNS: readonly ListColumn<JourneyCard>[] = [
  { key: "id", header: "Journey Id", width: 10, value: (r) => r.id },
  { key: "service", header: "Service", width: 28, value: (r) => plain(r.serviceName) },
  { key: "user", header: "User", width: 22, value: (r) => plain(r.user.fullname) },
  { key: "user-username", header: "User Username", width: 20, value: (r) => plain(r.user.username) },
  { key: "user-phone", header: "User Phone", width: 16, value: (r) => plain(r.user.phone) },
  { key: "provider", header: "Provider", width: 22, value: (r) => plain(r.provider.fullname) },
  { key: "provider-username", header: "Provider Username", width: 20, value: (r) => plain(r.provider.username) },
  { key: "provider-phone", header: "Provider Phone", width: 16, value: (r) => plain(r.provider.phone) },
  { key: "started", header: "Started At", width: 18, value: (r) => plain(r.startedAt) },
  { key: "updated", header: "Last Updated", width: 18, value: (r) => plain(r.lastUpdatedAt) },
  { key: "stopped", header: "Stopped At", width: 20, value: (r) => plain(stoppedAtName(r)) },
];

export type JourneyStepDialog = {
  journeyId: number;
  serviceName: string;
  userFullname: string;
  step: number;
  name: string;
  completedAt: string | null;
  /** null for the first step (the dialogue captures nothing) */
  fields: CapturedField[] | null;
};

export type FunnelView = {
  total: number;
  steps: { step: number; name: string; reached: number; stopped: number; percent: string; width: number }[];
  /** all five steps completed (still no order): the last row, reached = stopped */
  completed: { step: number; name: string; reached: number; stopped: number; percent: string; width: number };
  allCompleted: number;
};

export type JourneyFilters = { step: string; start_date: string; end_date: string };

export type JourneyNotice = { title: string; message: string; tone: "info" | "error" };

export type JourneysPageData = {
  cards: JourneyCard[];
  total: number;
  page: number;
  pageSize: number;
  filters: JourneyFilters;
  filterErrors: string[];
  filtered: boolean;
  funnel: FunnelView | null;
  /** the range the funnel counts, in words ("at any time", "from 01-Jan-1990 to 31-Jan-1990") */
  funnelRange: string;
  loadError: JourneyNotice | null;
  dialog: JourneyStepDialog | null;
  notice: JourneyNotice | null;
};

export const JOURNEY_STEP_COUNT = JOURNEY_STEPS.length;
