import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Database } from "../db/client";
import { loginRateLimits } from "../db/schema";
import { HttpError } from "./http";
import type { SignInEvents } from "./observability";

/**
 * Failed sign-in limits, counted by rate-limiter-flexible in the database (table login_rate_limits,
 * its Drizzle store, so counts survive a restart and are shared by every API process, on PGlite
 * and PostgreSQL alike). Two counters, as the library's login-protection recipe gives them:
 *
 * - consecutive failures per username + address pair: the `consecutiveFailures`th blocks the pair
 *   for `pairBlockSeconds`; a success clears the count. Someone else's failures, from another
 *   address, never refuse an admin's right password.
 * - failures per address per day, whatever the username: the `dailyFailures`th blocks that address
 *   for `dailyBlockSeconds` (a password-spraying address).
 */
export type LoginThrottleOptions = {
  consecutiveFailures: number;
  pairBlockSeconds: number;
  /** how long a pair's failures are remembered without a success */
  pairWindowSeconds: number;
  dailyFailures: number;
  dailyBlockSeconds: number;
};

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  consecutiveFailures: 10,
  pairBlockSeconds: 15 * 60,
  pairWindowSeconds: 24 * 60 * 60,
  dailyFailures: 100,
  dailyBlockSeconds: 24 * 60 * 60,
};

export type ThrottleVerdict = { kind: "allowed" } | { kind: "refused"; retryAfterMs: number; why: "pair" | "address" };

/** An address the API was not told (a caller that sends no x-client-address) shares one key. */
const UNKNOWN_ADDRESS = "unknown";

export class LoginThrottle {
  private readonly pair: RateLimiterDrizzle;
  private readonly daily: RateLimiterDrizzle;
  private readonly events?: SignInEvents;

  constructor(
    db: Database,
    readonly options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE,
    /**
     * keyPrefix: whose sign-ins these are ("login": the admins'; providers count under their own);
     * events: told of each failure, block and refusal (the /metrics counters)
     */
    { clearExpired = true, keyPrefix = "login", events }: { clearExpired?: boolean; keyPrefix?: string; events?: SignInEvents } = {},
  ) {
    this.events = events;
    const store = { storeClient: db, schema: loginRateLimits, clearExpiredByTimeout: clearExpired };
    this.pair = new RateLimiterDrizzle({
      ...store,
      keyPrefix: `${keyPrefix}_fail_pair`,
      points: options.consecutiveFailures,
      duration: options.pairWindowSeconds,
    });
    this.daily = new RateLimiterDrizzle({
      ...store,
      keyPrefix: `${keyPrefix}_fail_address_day`,
      points: options.dailyFailures,
      duration: 24 * 60 * 60,
    });
  }

  private keys(username: string, address?: string) {
    const from = address?.trim().toLowerCase() || UNKNOWN_ADDRESS;
    return { pair: `${username.trim().toLowerCase()}|${from}`, address: from };
  }

  /** Whether this attempt may check its password at all. */
  async check(username: string, address?: string): Promise<ThrottleVerdict> {
    const keys = this.keys(username, address);
    const [pair, daily] = await Promise.all([this.pair.get(keys.pair), this.daily.get(keys.address)]);
    if (daily && daily.consumedPoints >= this.options.dailyFailures) {
      this.events?.refused("address");
      return { kind: "refused", retryAfterMs: daily.msBeforeNext, why: "address" };
    }
    if (pair && pair.consumedPoints >= this.options.consecutiveFailures) {
      this.events?.refused("pair");
      return { kind: "refused", retryAfterMs: pair.msBeforeNext, why: "pair" };
    }
    return { kind: "allowed" };
  }

  /**
   * Counts a failure. The failure that reaches a limit blocks its key for the block time and is
   * answered as a refusal itself (so the limit's last guess learns nothing either).
   */
  async fail(username: string, address?: string): Promise<ThrottleVerdict> {
    const keys = this.keys(username, address);
    const [pair, daily] = await Promise.all([
      this.count(this.pair, keys.pair, this.options.consecutiveFailures, this.options.pairBlockSeconds, "pair"),
      this.count(this.daily, keys.address, this.options.dailyFailures, this.options.dailyBlockSeconds, "address"),
    ]);
    this.events?.failed();
    if (daily !== null) return { kind: "refused", retryAfterMs: daily, why: "address" };
    if (pair !== null) return { kind: "refused", retryAfterMs: pair, why: "pair" };
    return { kind: "allowed" };
  }

  /** Consumes one point; at the limit blocks the key. Answers the wait (ms) once blocked, else null. */
  private async count(
    limiter: RateLimiterDrizzle,
    key: string,
    limit: number,
    blockSeconds: number,
    which: "pair" | "address",
  ): Promise<number | null> {
    let consumed: RateLimiterRes;
    try {
      consumed = await limiter.consume(key);
    } catch (rejection) {
      // the library rejects with a RateLimiterRes past the limit, with an Error when the store fails
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      consumed = rejection;
    }
    if (consumed.consumedPoints < limit) return null;
    if (consumed.consumedPoints === limit) {
      await limiter.block(key, blockSeconds);
      this.events?.blocked(which);
      return blockSeconds * 1000;
    }
    return consumed.msBeforeNext;
  }

  /** A right password clears the pair's consecutive failures (not the address's daily count). */
  async succeed(username: string, address?: string): Promise<void> {
    await this.pair.delete(this.keys(username, address).pair);
  }
}

/** The 429 a refused sign-in gets, from the password step and the two-factor code alike. */
export function throttledError(verdict: Extract<ThrottleVerdict, { kind: "refused" }>): HttpError {
  const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
  return new HttpError(429, { message: retryMessage(verdict), retry_after_seconds: seconds }, { "Retry-After": String(seconds) });
}

/** "Try again in 15 minutes." / "Try again in 1 minute." */
export function retryMessage(verdict: Extract<ThrottleVerdict, { kind: "refused" }>): string {
  const minutes = Math.max(1, Math.ceil(verdict.retryAfterMs / 60_000));
  const wait = minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const from = verdict.why === "address" ? "from this address" : "for this username from this address";
  return `Too many failed sign-in attempts ${from}. Try again in ${wait}.`;
}
