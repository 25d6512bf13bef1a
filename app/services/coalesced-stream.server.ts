import { Transform, type TransformCallback } from "node:stream";

/**
 * A change to the page's bytes, burst by burst, until it says it is done. It reads each burst as
 * latin1 text (one character per byte), so ASCII markup matches as written and any other byte comes
 * back unchanged: no character can be split between bursts, and nothing is decoded as UTF-8.
 */
export type BurstRewrite = ((bytes: string) => { html: string; done: boolean }) & {
  /**
   * ASCII strings the rewrite looks for: a burst holding none of them passes as it is, unread, and
   * of one that does the rewrite gets the part from the tag holding the first of them (its "<") on
   */
  markers?: readonly string[];
};

/**
 * A pass-through that hands on, once per turn of the event loop, everything written to it in that
 * turn as one chunk.
 *
 * Why: React writes a page in pieces of about 2 KB, and Remix's Express adapter flushes the response
 * after every piece it reads. Behind gzip each flush ends a deflate block, so the providers list
 * (193 KB of HTML) went out as 60 KB instead of 19 KB. React writes its shell (or, for a bot, the
 * whole page) in one synchronous pass, so one flush per turn keeps streaming as it was (a later
 * Suspense boundary still goes out as soon as React writes it) while gzip sees whole pages.
 *
 * `rewrite`, if given, sees each burst (see BurstRewrite) until it answers done; the rest passes
 * untouched. Reading bytes as latin1, skipping bursts without its markers, and handing it only the
 * part of a burst from its first marker's tag on keeps it off the page's cost: decoding and
 * re-encoding the providers list as UTF-8 was ~5 % of a view's CPU.
 */
export class CoalescedStream extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;
  private rewrite: BurstRewrite | undefined;
  private readonly markers: Buffer[];

  constructor(rewrite?: BurstRewrite) {
    super();
    this.rewrite = rewrite;
    this.markers = (rewrite?.markers ?? []).map((marker) => Buffer.from(marker, "latin1"));
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback) {
    this.pending.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    done();
  }

  override _flush(done: TransformCallback) {
    this.release();
    done();
  }

  private release() {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const chunk = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = [];
    const rewrite = this.rewrite;
    const from = rewrite ? this.rewriteFrom(chunk) : -1;
    if (rewrite && from >= 0) {
      const { html, done } = rewrite(chunk.subarray(from).toString("latin1"));
      if (done) this.rewrite = undefined;
      const rewritten = Buffer.from(html, "latin1");
      this.push(from === 0 ? rewritten : Buffer.concat([chunk.subarray(0, from), rewritten]));
      return;
    }
    this.push(chunk);
  }

  /**
   * Where the rewrite's part of a burst starts: the tag holding the first of its markers (the last
   * "<" before it), 0 without markers, -1 when the burst holds none. A page's scripts are at the end
   * of its ~180 KB of HTML, so the rewrite reads a few KB instead of the whole page.
   */
  private rewriteFrom(chunk: Buffer): number {
    if (this.markers.length === 0) return 0;
    let first = -1;
    for (const marker of this.markers) {
      const at = chunk.indexOf(marker);
      if (at >= 0 && (first < 0 || at < first)) first = at;
    }
    if (first < 0) return -1;
    return Math.max(0, chunk.lastIndexOf(0x3c /* "<" */, first));
  }
}
