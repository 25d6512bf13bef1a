import { getServerEnv } from "./env.server";

/**
 * Reads of a signed-in session (admin or provider) asked of the API, reused for
 * ADMIN_REFRESH_SECONDS (default 1): the layout's and the page's loaders ask for the same session at
 * the same moment, and one API call answers both. The setting bounds how long a session ended
 * through another admin process (sign-out, "Sign out other sessions", the admin blocked) can still
 * be used in this one; 0 asks the API on every read. A failed read is never reused.
 */
export function sessionReads<T>(resolve: (token: string) => Promise<T>) {
  const reads = new Map<string, { at: number; answer: Promise<T> }>();

  function read(token: string): Promise<T> {
    const reuseMs = getServerEnv().ADMIN_REFRESH_SECONDS * 1000;
    const now = Date.now();
    const held = reads.get(token);
    if (held && now - held.at < reuseMs) return held.answer;
    const answer = resolve(token);
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
    /** this session's next read asks the API (its sign-out) */
    forget: (token: string) => void reads.delete(token),
    /** every next read asks the API (sessions ended by id, an account changed) */
    clear: () => reads.clear(),
  };
}
