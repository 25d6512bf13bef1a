import { Transform, type TransformCallback } from "node:stream";

/**
 * A change to the page's bytes, burst by burst, until it says it is done. It reads each burst as
 * latin1 text (one character per byte), so ASCII markup matches as written and any other byte comes
 * back unchanged: no character can be split between bursts, and nothing is decoded as UTF-8.
 */
export type BurstRewrite = ((bytes: string) => { html: string; done: boolean }) & {
  /** ASCII strings the rewrite looks for: a burst holding none of them passes as it is, unread */
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
 * untouched. Reading bytes as latin1, and skipping bursts without its markers, keeps it off the
 * page's cost: decoding and re-encoding the providers list as UTF-8 was ~5 % of a view's CPU.
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
    if (rewrite && (this.markers.length === 0 || this.markers.some((marker) => chunk.includes(marker)))) {
      const { html, done } = rewrite(chunk.toString("latin1"));
      if (done) this.rewrite = undefined;
      this.push(Buffer.from(html, "latin1"));
      return;
    }
    this.push(chunk);
  }
}
