import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MarketplaceError } from "~/services/marketplace/client.server";
import { sessionReads } from "~/services/session-reads.server";
import "../support/routes";

/** Issue 29 item 17: which read of a session stands in while the API does not answer, and which never does. */
type Answer = { name: string; until: number } | null;
const down = () => new MarketplaceError("unavailable", "down", 503);
const saved = process.env.ADMIN_REFRESH_SECONDS;
beforeAll(() => void (process.env.ADMIN_REFRESH_SECONDS = "0"));
afterAll(() => void (saved === undefined ? delete process.env.ADMIN_REFRESH_SECONDS : (process.env.ADMIN_REFRESH_SECONDS = saved)));

function reader(usable = true) {
  let next: () => Promise<Answer> = async () => null;
  const reads = sessionReads<Answer>(() => next(), usable ? { usableUntil: (answer) => answer.until } : {});
  return { reads, answer: (fn: () => Promise<Answer>) => void (next = fn) };
}

describe("a session's last good read while the API does not answer", () => {
  it("stands in for a read the API does not answer, until the session's own end", async () => {
    const { reads, answer } = reader();
    answer(async () => ({ name: "admin", until: Date.now() + 60_000 }));
    expect(await reads.read("t1")).toMatchObject({ name: "admin" });
    answer(async () => Promise.reject(down()));
    expect(await reads.read("t1")).toMatchObject({ name: "admin" });
    // another session was never read: not trusted
    await expect(reads.read("t2")).rejects.toBeInstanceOf(MarketplaceError);
  });

  it("never after its end, its sign-out here, a read that said it had ended, or for another failure", async () => {
    const { reads, answer } = reader();
    answer(async () => ({ name: "admin", until: Date.now() - 1 }));
    await reads.read("ended-by-time");
    answer(async () => Promise.reject(down()));
    await expect(reads.read("ended-by-time")).rejects.toBeInstanceOf(MarketplaceError);

    answer(async () => ({ name: "admin", until: Date.now() + 60_000 }));
    await reads.read("signed-out");
    reads.forget("signed-out");
    answer(async () => Promise.reject(down()));
    await expect(reads.read("signed-out")).rejects.toBeInstanceOf(MarketplaceError);

    answer(async () => ({ name: "admin", until: Date.now() + 60_000 }));
    await reads.read("ended");
    answer(async () => null);
    expect(await reads.read("ended")).toBeNull();
    answer(async () => Promise.reject(down()));
    await expect(reads.read("ended")).rejects.toBeInstanceOf(MarketplaceError);

    answer(async () => ({ name: "admin", until: Date.now() + 60_000 }));
    await reads.read("refused");
    const refused = new MarketplaceError("refused", "no", 403);
    answer(async () => Promise.reject(refused));
    await expect(reads.read("refused")).rejects.toBe(refused);
  });

  it("without usableUntil (no end known), nothing stands in", async () => {
    const { reads, answer } = reader(false);
    answer(async () => ({ name: "admin", until: Date.now() + 60_000 }));
    await reads.read("t");
    answer(async () => Promise.reject(down()));
    await expect(reads.read("t")).rejects.toBeInstanceOf(MarketplaceError);
  });
});
