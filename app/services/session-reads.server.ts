import { getServerEnv } from "./env.server";
import { MarketplaceError } from "./marketplace/client.server";

/** The time session reads are reckoned by (ms since the epoch); tests step it instead of waiting. */
export const sessionReadsClock = { now: (): number => Date.now() };

export type SessionReadsOptions<T> = {
  /**
   * Until when (ms since the epoch) a session read successfully may stand in for a read the API
   * does not answer (the session's own idle and absolute ends, from that read); without it, never.
   */
  usableUntil?: (answer: NonNullable<T>) => number;
};

/**
 * Reads of a signed-in session (admin or provider) asked of the API, reused for
 * ADMIN_REFRESH_SECONDS (default 1): the layout's and the page's loaders ask for the same session at
 * the same moment, and one API call answers both. The setting bounds how long a session ended
 * through another admin process (sign-out, "Sign out other sessions", the admin blocked) can still
 * be used in this one; 0 asks the API on every read. A failed read is never reused.
 *
 * While the API is not answering (down, timed out, 5xx), the last successful read of this session
 * in this process stands in, until the session would end by itself (`usableUntil`): the page and a
 * form the admin posted come back (with what was typed and the message that the API is not
 * answering) instead of an error page. Nothing can be read or changed without the API meanwhile.
 */
export function sessionReads<T>(resolve: (token: string) => Promise<T>, options: SessionReadsOptions<T> = {}) {
  const reads = new Map<string, { at: number; answer: Promise<T> }>();
  const lastGood = new Map<string, { answer: NonNullable<T>; until: number }>();
  const { usableUntil } = options;

  function remember(token: string, answer: T) {
    if (!answer || !usableUntil) {
      lastGood.delete(token);
      return;
    }
    lastGood.set(token, { answer, until: usableUntil(answer) });
    if (lastGood.size > 1000) {
      const now = sessionReadsClock.now();
      for (const [key, value] of lastGood) if (value.until <= now) lastGood.delete(key);
    }
  }

  function asked(token: string): Promise<T> {
    return resolve(token).then(
      (answer) => {
        remember(token, answer);
        return answer;
      },
      (error: unknown) => {
        const held = lastGood.get(token);
        if (error instanceof MarketplaceError && error.kind === "unavailable" && held && sessionReadsClock.now() < held.until)
          return held.answer;
        throw error;
      },
    );
  }

  function read(token: string): Promise<T> {
    const reuseMs = getServerEnv().ADMIN_REFRESH_SECONDS * 1000;
    const now = sessionReadsClock.now();
    const held = reads.get(token);
    if (held && now - held.at < reuseMs) return held.answer;
    const answer = asked(token);
    if (reuseMs <= 0) {
      reads.delete(token);
      return answer;
    }
    const entry = { at: now, answer };
    reads.set(token, entry);
    answer.catch(() => {
      if (reads.get(token) === entry) reads.delete(token);
    });
    if (reads.size > 1000) {
      for (const [key, value] of reads) if (now - value.at >= reuseMs) reads.delete(key);
    }
    return answer;
  }

  return {
    read,
    /** this session's next read asks the API (its sign-out), and nothing stands in for it */
    forget: (token: string) => {
      reads.delete(token);
      lastGood.delete(token);
    },
    /** every next read asks the API (sessions ended by id, an account changed), and nothing stands in */
    clear: () => {
      reads.clear();
      lastGood.clear();
    },
  };
}
