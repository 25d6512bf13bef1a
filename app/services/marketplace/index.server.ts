import { loaderResponseOf } from "../errors.server";
import type { Caller } from "./client.server";
import * as activity from "./activity.server";
import * as adminSessions from "./admin-sessions.server";
import * as adminUsers from "./admin-users.server";
import * as auditLog from "./audit-log.server";
import * as bankDetails from "./bank-details.server";
import * as bankFiles from "./bank-files.server";
import * as bookingJourneys from "./booking-journeys.server";
import * as bookings from "./bookings.server";
import * as bucketManager from "./bucket-manager.server";
import * as bulkJobs from "./bulk-jobs.server";
import * as cancellationReasons from "./cancellation-reasons.server";
import * as categories from "./categories.server";
import * as clickwrap from "./clickwrap.server";
import * as comments from "./comments.server";
import * as contacts from "./contacts.server";
import * as customerQueries from "./customer-queries.server";
import * as dashboard from "./dashboard.server";
import * as documents from "./documents.server";
import * as email from "./email.server";
import * as faqs from "./faqs.server";
import * as files from "./files.server";
import * as notificationTemplates from "./notification-templates.server";
import * as orderPaymentStatus from "./order-payment-status.server";
import * as orders from "./orders.server";
import * as outbox from "./outbox.server";
import * as payments from "./payments.server";
import * as payoutLedger from "./payout-ledger.server";
import * as points from "./points.server";
import * as posts from "./posts.server";
import * as profile from "./profile.server";
import * as providerAuth from "./provider-auth.server";
import * as providerDocuments from "./provider-documents.server";
import * as providerWizard from "./provider-wizard.server";
import * as ratings from "./ratings.server";
import * as serviceProviders from "./service-providers.server";
import * as savedViews from "./saved-views.server";
import * as search from "./search.server";
import * as settings from "./settings.server";
import * as subscriptions from "./subscriptions.server";
import * as twoFactor from "./two-factor.server";
import * as users from "./users.server";
import { SUBMISSION_FIELD } from "~/models/form-result";
import { IDEMPOTENCY_KEY_PATTERN } from "~contract/api";

/** Every call of the marketplace API: one function each, named after what it does, its caller first. */
const CALLS = {
  ...activity,
  ...adminSessions,
  ...adminUsers,
  ...auditLog,
  ...bankDetails,
  ...bankFiles,
  ...bookingJourneys,
  ...bookings,
  ...bucketManager,
  ...bulkJobs,
  ...cancellationReasons,
  ...categories,
  ...clickwrap,
  ...comments,
  ...contacts,
  ...customerQueries,
  ...dashboard,
  ...documents,
  ...email,
  ...faqs,
  ...files,
  ...notificationTemplates,
  ...orderPaymentStatus,
  ...orders,
  ...outbox,
  ...payments,
  ...payoutLedger,
  ...points,
  ...posts,
  ...profile,
  ...providerAuth,
  ...providerDocuments,
  ...providerWizard,
  ...ratings,
  ...serviceProviders,
  ...savedViews,
  ...search,
  ...settings,
  ...subscriptions,
  ...twoFactor,
  ...users,
};

type Calls = typeof CALLS;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type CallerFirst = (caller: Caller, ...args: any[]) => Promise<unknown>;

/** The calls as one request makes them: the caller (who, their request's signal, the form's key) already bound. */
export type BoundCalls = {
  [Name in keyof Calls as Calls[Name] extends CallerFirst ? Name : never]: Calls[Name] extends (
    caller: Caller,
    ...args: infer Args
  ) => infer Answer
    ? (...args: Args) => Answer
    : never;
};

/**
 * The marketplace API for one admin (or provider) request, bound once by `requireAdmin` /
 * `requireProvider`: `api.listComments(query)`.
 *
 * How a failed call is answered is decided here, once: in a loader (a GET or HEAD request) it
 * throws the response the route's error boundary shows (404, 403 with the API's words, 400 with
 * its field messages, 503 when the API is not answering); in an action it throws the
 * MarketplaceError, which the action's form helper turns into the form's answer. `api.raw` makes
 * the same calls and always throws the MarketplaceError: for a page that still renders, and says
 * what is missing, when a read fails.
 */
export type Marketplace = BoundCalls & {
  readonly raw: BoundCalls;
  readonly caller: Caller;
  /** the posted form's one-time key: each write made after this is idempotent (see Caller.submission) */
  useSubmission(form: FormData): void;
};

const CALLER = Symbol("caller");
type Bound = { [CALLER]: Caller };

/**
 * The calls as getters on a prototype made once per way of failing: a request's object holds only
 * its caller, and a call is bound to it on first use (a page uses a handful of ~250 calls; binding
 * them all was ~1 % of a list view's CPU).
 */
function callsPrototype(mapFailure: boolean): object {
  const prototype = {};
  for (const [name, call] of Object.entries(CALLS)) {
    if (typeof call !== "function") continue;
    const run = call as CallerFirst;
    Object.defineProperty(prototype, name, {
      get(this: Bound) {
        const caller = this[CALLER];
        const bound = mapFailure
          ? (...args: unknown[]) =>
              run(caller, ...args).catch((error: unknown) => {
                throw loaderResponseOf(error);
              })
          : (...args: unknown[]) => run(caller, ...args);
        Object.defineProperty(this, name, { value: bound });
        return bound;
      },
    });
  }
  return prototype;
}
const MAPPED = callsPrototype(true);
const PLAIN = callsPrototype(false);

function bind(caller: Caller, mapFailure: boolean): BoundCalls {
  return Object.create(mapFailure ? MAPPED : PLAIN, { [CALLER]: { value: caller } }) as BoundCalls;
}

/** The API bound to this caller; `request` decides how failures are answered (see Marketplace). */
export function marketplaceFor(caller: Caller, request?: Request): Marketplace {
  const inLoader = request ? request.method === "GET" || request.method === "HEAD" : false;
  let raw: BoundCalls | undefined;
  const api = bind(caller, inLoader) as Marketplace;
  Object.defineProperties(api, {
    raw: { get: () => (raw ??= bind(caller, false)) },
    caller: { value: caller },
    useSubmission: {
      value(form: FormData) {
        const submission = form.get(SUBMISSION_FIELD);
        if (typeof submission === "string" && IDEMPOTENCY_KEY_PATTERN.test(submission)) caller.submission = submission;
      },
    },
  });
  return api;
}
