export type LoginThrottleOptions = {
  /** failures are counted over this window */
  windowMs: number;
  /** failures allowed before attempts are slowed */
  freeFailures: number;
  /** delay added per failure beyond freeFailures */
  delayStepMs: number;
  maxDelayMs: number;
  /** from this many failures, attempts are refused (429) without checking the password */
  lockoutFailures: number;
  /** how a delay is served (tests record delays instead of timing them) */
  sleep?: (ms: number) => Promise<void>;
};

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  windowMs: 15 * 60_000,
  freeFailures: 3,
  delayStepMs: 500,
  maxDelayMs: 5_000,
  lockoutFailures: 10,
};

export type ThrottleVerdict = { kind: "locked"; retryAfterMs: number } | { kind: "allowed"; delayMs: number };

/** In-memory failed sign-in counter, keyed by lower(username) and by client address. */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    readonly options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  private keys(username: string, address?: string) {
    const keys = [`user:${username.trim().toLowerCase()}`];
    if (address) keys.push(`addr:${address.trim().toLowerCase()}`);
    return keys;
  }

  private recent(key: string): number[] {
    const since = this.now() - this.options.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  check(username: string, address?: string): ThrottleVerdict {
    const { lockoutFailures, freeFailures, delayStepMs, maxDelayMs, windowMs } = this.options;
    let worst: number[] = [];
    for (const key of this.keys(username, address)) {
      const list = this.recent(key);
      if (list.length > worst.length) worst = list;
    }
    if (worst.length >= lockoutFailures) {
      // locked until enough failures leave the window to fall under the limit
      const releasing = worst[worst.length - lockoutFailures];
      return { kind: "locked", retryAfterMs: Math.max(0, releasing + windowMs - this.now()) };
    }
    const delayMs = Math.min(maxDelayMs, delayStepMs * Math.max(0, worst.length - freeFailures));
    return { kind: "allowed", delayMs };
  }

  fail(username: string, address?: string) {
    const time = this.now();
    for (const key of this.keys(username, address)) {
      const list = this.recent(key);
      list.push(time);
      this.failures.set(key, list);
    }
    if (this.failures.size > 50_000) for (const key of [...this.failures.keys()]) this.recent(key);
  }

  succeed(username: string) {
    this.failures.delete(this.keys(username)[0]);
  }
}
