import { data } from "@remix-run/node";
import {
  ALL_STEPS_DONE,
  JOURNEY_STEPS,
  JOURNEY_TEXTS,
  type BookingJourneyFunnel,
  type BookingJourneyRecord,
} from "~contract/booking-journeys";
import { ALL_STEPS_DONE_LABEL } from "~/models/booking-journey-labels";
import {
  type FunnelView,
  type JourneyCard,
  type JourneyNotice,
  type JourneysPageData,
  type JourneyStepDialog,
} from "~/models/booking-journeys";
import { readJourneysQuery } from "~/services/booking-journeys/list-query.server";
import { redirectPastLastPage } from "~/services/errors.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { formatIndiaTime } from "~shared/dates";
import { DATE_FORMAT, formatDateTime, parseCalendarDate } from "~/utils/dates";
import { capturedFields } from "./captured-fields.server";

const moment = (iso: string) => formatDateTime(iso);

export function toCard(j: BookingJourneyRecord): JourneyCard {
  return {
    id: j.id,
    serviceName: j.service_name,
    user: { id: j.user_id, fullname: j.user_fullname, username: j.user_username, phone: j.user_phone },
    provider: { fullname: j.provider_fullname, username: j.provider_username, phone: j.provider_phone },
    startedAt: moment(j.journey_started_at),
    lastUpdatedAt: moment(j.last_updated_at),
    steps: JOURNEY_STEPS.map(({ step, at }) => (j[at] ? "complete" : step === j.active_step ? "active" : "upcoming")),
  };
}

function toDialog(j: BookingJourneyRecord, step: number): JourneyStepDialog {
  const def = JOURNEY_STEPS[step - 1];
  const done = j[def.at];
  const captured = def.data ? j[def.data] : null;
  return {
    journeyId: j.id,
    serviceName: j.service_name,
    userFullname: j.user_fullname,
    step,
    name: def.name,
    completedAt: done ? formatDateTime(done) : null,
    fields: def.data ? (captured ? capturedFields(captured) : []) : null,
  };
}

/** Percent of `of` with one decimal ("62.5%"); "0%" when there is nothing to count. */
const percent = (n: number, of: number) => (of > 0 ? `${Math.round((n / of) * 1000) / 10}%` : "0%");

function toFunnel(f: BookingJourneyFunnel): FunnelView {
  const row = (s: { step: number; name: string; reached: number; stopped: number }) => ({
    ...s,
    percent: percent(s.reached, f.total),
    width: f.total > 0 ? Math.round((s.reached / f.total) * 1000) / 10 : 0,
  });
  return {
    total: f.total,
    steps: f.steps.map(row),
    // reached Payment = stopped at Payment + completed all five: the last row says the second part
    completed: row({ step: ALL_STEPS_DONE, name: ALL_STEPS_DONE_LABEL, reached: f.all_completed, stopped: f.all_completed }),
    allCompleted: f.all_completed,
  };
}

const day = (value: string) => formatIndiaTime(parseCalendarDate(value), DATE_FORMAT);

/** The funnel's period in words. */
function rangeText(range: { start_date?: string; end_date?: string }): string {
  if (range.start_date && range.end_date)
    return range.start_date === range.end_date ? `on ${day(range.start_date)}` : `from ${day(range.start_date)} to ${day(range.end_date)}`;
  if (range.start_date) return `from ${day(range.start_date)}`;
  if (range.end_date) return `up to ${day(range.end_date)}`;
  return "at any time";
}

type Asked = ReturnType<typeof readJourneysQuery>["asked"];

/** The step dialog the URL asks for, or a notice saying why it cannot be shown. */
async function dialogFor(
  asked: Asked,
  validId: boolean,
  rows: readonly BookingJourneyRecord[],
  api: Marketplace,
): Promise<{ dialog: JourneyStepDialog | null; notice: JourneyNotice | null }> {
  if (!asked) return { dialog: null, notice: null };
  const missing = (message: string) => ({ dialog: null, notice: { title: JOURNEY_TEXTS.notFound, message, tone: "error" as const } });
  if (!validId)
    return missing(asked.id ? `"${asked.id}" is not a journey id. The link may be wrong.` : "The link does not name a journey.");
  const step = Number(asked.step);
  if (!/^[1-5]$/.test(asked.step)) return missing(`"${asked.step}" is not a step: steps are numbered 1 to ${JOURNEY_STEPS.length}.`);
  const id = Number(asked.id);
  let journey = rows.find((r) => r.id === id) ?? null;
  if (!journey) {
    try {
      journey = await api.raw.getBookingJourney(id);
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      if (error.kind === "not-found") return missing(`No booking journey has the id ${id}. The link may be wrong.`);
      return { dialog: null, notice: { title: JOURNEY_TEXTS.fetchFailed, message: error.message, tone: "error" } };
    }
  }
  return { dialog: toDialog(journey, step), notice: null };
}

/**
 * Pending Bookings: one filtered page of journey cards, the period's funnel and the step dialog its
 * URL asks for. When the API cannot be read the page still renders and says why.
 */
export async function journeysListLoader(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const { query, filters, errors, asked, validId } = readJourneysQuery(url.searchParams);
  const base = {
    page: query.page,
    pageSize: query.page_size,
    filters,
    filterErrors: errors,
    filtered: Boolean(filters.step || filters.start_date || filters.end_date),
    funnelRange: rangeText(query),
  };
  let list;
  try {
    list = await api.raw.listBookingJourneys(query);
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const loadError = { title: JOURNEY_TEXTS.fetchFailed, message: error.message, tone: "error" as const };
    return data<JourneysPageData>(
      { ...base, cards: [], total: 0, funnel: null, loadError, dialog: null, notice: null },
      { status: error.kind === "invalid" ? 400 : 503 },
    );
  }
  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total);
  const { dialog, notice } = await dialogFor(asked, validId, list.results, api);
  return data<JourneysPageData>(
    { ...base, cards: list.results.map(toCard), total: list.total, funnel: toFunnel(list.funnel), loadError: null, dialog, notice },
    { status: errors.length > 0 ? 400 : 200 },
  );
}
