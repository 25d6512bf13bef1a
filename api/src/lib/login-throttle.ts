import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Database } from "../db/client";
import { loginRateLimits } from "../db/schema";

/**
 * Failed sign-in limits, counted by rate-limiter-flexible in the database (table login_rate_limits,
 * its Drizzle store, so counts survive a restart and are shared by every API process, on PGlite
 * and PostgreSQL alike). Two counters, as the library's login-protection recipe gives them:
 *
 * - consecutive failures per username + address pair: after `consecutiveFailures` the pair is
 *   refused for `pairBlockSeconds`; a success clears it. Someone else's failures, from another
 *   address, never refuse an admin's right password.
 * - failures per address per day, whatever the username: after `dailyFailures` that address is
 *   refused for `dailyBlockSeconds` (a password-spraying address).
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

  constructor(
    db: Database,
    readonly options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE,
    { clearExpired = true }: { clearExpired?: boolean } = {},
  ) {
    const store = { storeClient: db, schema: loginRateLimits, clearExpiredByTimeout: clearExpired };
    this.pair = new RateLimiterDrizzle({
      ...store,
      keyPrefix: "login_fail_pair",
      points: options.consecutiveFailures,
      duration: options.pairWindowSeconds,
      blockDuration: options.pairBlockSeconds,
    });
    this.daily = new RateLimiterDrizzle({
      ...store,
      keyPrefix: "login_fail_address_day",
      points: options.dailyFailures,
      duration: 24 * 60 * 60,
      blockDuration: options.dailyBlockSeconds,
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
    if (daily && daily.consumedPoints > this.options.dailyFailures) {
      return { kind: "refused", retryAfterMs: daily.msBeforeNext, why: "address" };
    }
    if (pair && pair.consumedPoints > this.options.consecutiveFailures) {
      return { kind: "refused", retryAfterMs: pair.msBeforeNext, why: "pair" };
    }
    return { kind: "allowed" };
  }

  /** Counts a failure; answers a refusal when this failure was one too many. */
  async fail(username: string, address?: string): Promise<ThrottleVerdict> {
    const keys = this.keys(username, address);
    const results = await Promise.allSettled([this.pair.consume(keys.pair), this.daily.consume(keys.address)]);
    let verdict: ThrottleVerdict = { kind: "allowed" };
    results.forEach((result, i) => {
      if (result.status === "fulfilled") return;
      // the library rejects with a RateLimiterRes when over the limit, with an Error when the store fails
      if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
      const why = i === 0 ? "pair" : "address";
      const retryAfterMs = result.reason.msBeforeNext;
      if (verdict.kind === "allowed" || retryAfterMs > verdict.retryAfterMs) verdict = { kind: "refused", retryAfterMs, why };
    });
    return verdict;
  }

  /** A right password clears the pair's consecutive failures (not the address's daily count). */
  async succeed(username: string, address?: string): Promise<void> {
    await this.pair.delete(this.keys(username, address).pair);
  }
}

/** "Try again in 15 minutes." / "Try again in 1 minute." */
export function retryMessage(verdict: Extract<ThrottleVerdict, { kind: "refused" }>): string {
  const minutes = Math.max(1, Math.ceil(verdict.retryAfterMs / 60_000));
  const wait = minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const from = verdict.why === "address" ? "from this address" : "for this username from this address";
  return `Too many failed sign-in attempts ${from}. Try again in ${wait}.`;
}
