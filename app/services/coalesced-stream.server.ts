import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/** A change to the page's text, burst by burst, until it says it is done. */
export type BurstRewrite = (html: string) => { html: string; done: boolean };

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
 * `rewrite`, if given, sees each burst as text (characters split between bursts are kept whole)
 * until it answers done; the rest passes untouched.
 */
export class CoalescedStream extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;
  private decoder: StringDecoder | undefined;

  constructor(private rewrite?: BurstRewrite) {
    super();
    if (rewrite) this.decoder = new StringDecoder("utf8");
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
    const rest = this.decoder?.end();
    if (rest) this.push(Buffer.from(rest));
    done();
  }

  private release() {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const chunk = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = [];
    if (this.decoder && this.rewrite) {
      const { html, done } = this.rewrite(this.decoder.write(chunk));
      if (done) {
        // what the decoder still holds (half a character) goes first, then everything raw
        const rest = this.decoder.end();
        this.decoder = undefined;
        this.push(Buffer.from(html + rest));
      } else this.push(Buffer.from(html));
      return;
    }
    this.push(chunk);
  }
}
