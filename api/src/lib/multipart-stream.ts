/**
 * The API's one multipart/form-data parser (busboy, as the admin's): a body read part by part as it
 * arrives, each part's bytes handed on as a stream (to storage, say) while the next part waits
 * (multipartParts: the provider documents' 100 MB portfolio is never held whole), or, for the small
 * uploads, read whole into the FormData the route's schema validates (multipartForm). A file's name
 * is whatever the browser sent (`a;b".pdf` included).
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import type { Context, MiddlewareHandler } from "hono";
import { badRequest, HttpError } from "./http";

export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MultipartError";
  }
}

export type MultipartPart = {
  /** the form field's name */
  name: string;
  /** the file's name as sent; null for a plain field */
  filename: string | null;
  contentType: string | null;
  /** the part's bytes; read it or cancel it before asking for the next part */
  body: ReadableStream<Uint8Array>;
};

/** The boundary of a multipart/form-data content type, or null when it is not one. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

/** The largest plain field busboy hands on whole (readText sets each field's own, smaller limit). */
const FIELD_LIMIT = 4 * 1024 * 1024;

/**
 * A busboy file stream as a web stream that reads only as fast as its reader asks. Cancelling it
 * (or leaving it unread) discards the rest instead of destroying it: a destroyed file stream would
 * leave busboy waiting for it forever.
 */
function fileBody(file: Readable): ReadableStream<Uint8Array> {
  let open = true;
  const discard = () => {
    open = false;
    file.removeAllListeners("data");
    file.resume();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        file.pause();
        file.on("data", (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) file.pause();
        });
        file.once("end", () => {
          if (open) controller.close();
          open = false;
        });
        file.once("error", (error) => {
          if (open) controller.error(error instanceof MultipartError ? error : new MultipartError(error.message));
          open = false;
        });
      },
      pull() {
        file.resume();
      },
      cancel: discard,
    },
    { highWaterMark: 1 },
  );
}

/**
 * The parts of a multipart body, one at a time, parsed by busboy as the bytes arrive. Each part's
 * body must be read to its end or cancelled before the next is asked for (what is left of it is
 * then skipped). A malformed or cut-off form, or a failing body, is a MultipartError. A file's name
 * is its last path segment unless `preservePath` (busboy's option).
 */
export async function* multipartParts(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  { preservePath = false }: { preservePath?: boolean } = {},
): AsyncGenerator<MultipartPart> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": contentType }, preservePath, limits: { fieldSize: FIELD_LIMIT, headerPairs: 100 } });
  } catch (error) {
    throw new MultipartError(error instanceof Error ? error.message : "Not a multipart form");
  }
  const ready: { part: MultipartPart; file: Readable | null }[] = [];
  let finished = false;
  let failure: MultipartError | null = null;
  let wake: (() => void) | null = null;
  const signal = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  parser.on("file", (name, file, info) => {
    // browsers escape a file name's quote and line breaks as %22, %0D and %0A (the HTML form encoding)
    const filename = (info.filename ?? "").replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");
    ready.push({ part: { name, filename, contentType: info.mimeType || null, body: fileBody(file) }, file });
    signal();
  });
  parser.on("field", (name, value) => {
    const bytes = Buffer.from(value, "utf8");
    const part = {
      name,
      filename: null,
      contentType: null,
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          if (bytes.length > 0) controller.enqueue(new Uint8Array(bytes));
          controller.close();
        },
      }),
    };
    ready.push({ part, file: null });
    signal();
  });
  parser.on("close", () => {
    finished = true;
    signal();
  });
  parser.on("error", (error: Error) => {
    failure ??= new MultipartError(error.message);
    signal();
  });
  const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  source.on("error", (error) => {
    failure ??= error instanceof MultipartError ? error : new MultipartError(error.message);
    // the part being read fails too (busboy destroys its file stream with the reason)
    parser.destroy(failure);
    signal();
  });
  source.pipe(parser);
  try {
    for (;;) {
      const next = ready.shift();
      if (next) {
        yield next.part;
        // what the reader left of a file is skipped, so that the parser goes on
        if (next.file && !next.file.readableEnded && !next.file.destroyed) {
          next.file.removeAllListeners("data");
          next.file.resume();
        }
        continue;
      }
      if (failure) throw failure;
      if (finished) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    source.unpipe(parser);
    if (!finished) source.destroy();
  }
}

/** A plain field's text (at most `limit` bytes). */
export async function readText(body: ReadableStream<Uint8Array>, limit = 64 * 1024): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw new MultipartError("A form field is too long");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A whole multipart body as a FormData (fields as text, files as File), for bodies already capped in size. */
export async function readMultipartForm(body: ReadableStream<Uint8Array> | null, contentType: string): Promise<FormData> {
  if (!body) throw new MultipartError("Not a multipart form");
  const form = new FormData();
  // the name as sent, folders included, so that the route's name rule sees (and refuses) "../x.png"
  for await (const part of multipartParts(body, contentType, { preservePath: true })) {
    if (part.filename === null) form.append(part.name, await readText(part.body, FIELD_LIMIT));
    else {
      const chunks: Uint8Array[] = [];
      for await (const chunk of part.body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
      form.append(part.name, new File(chunks as BlobPart[], part.filename, { type: part.contentType ?? "" }));
    }
  }
  return form;
}

/**
 * The middleware of an upload whose form is read whole (General Settings' images, a post's image,
 * the bucket manager's files): anything but multipart is a 415, a form that cannot be read a 400,
 * each with the route's sentence (never a 500); the route's schema then validates the FormData.
 */
export function multipartForm(notMultipart: string): MiddlewareHandler {
  return async (c, next) => {
    const contentType = c.req.header("content-type") ?? "";
    if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new HttpError(415, { message: notMultipart });
    try {
      c.req.bodyCache.formData = await readMultipartForm(c.req.raw.body, contentType);
    } catch {
      throw badRequest(notMultipart);
    }
    await next();
  };
}

const exceeded = new WeakSet<Request>();

/** Whether the request's body went past its streaming limit (see streamingBodyLimit). */
export const bodyExceeded = (request: Request) => exceeded.has(request);

/**
 * A request body of at most `maxSize` bytes, counted as it is read (hono's bodyLimit reads a body
 * sent without a Content-Length whole into memory first): a declared length over the limit is
 * refused at once, an undeclared one fails the stream past the limit (bodyExceeded then tells).
 */
export function streamingBodyLimit(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const declared = raw.headers.get("content-length");
    if (declared !== null && !raw.headers.has("transfer-encoding")) {
      if (Number.parseInt(declared, 10) > maxSize) return onError(c);
      return next();
    }
    let size = 0;
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > maxSize) {
          exceeded.add(limited);
          controller.error(new MultipartError("The request body is too large"));
          return;
        }
        controller.enqueue(chunk);
      },
    });
    const limited: Request = new Request(raw, { body: raw.body.pipeThrough(counter), duplex: "half" } as RequestInit);
    c.req.raw = limited;
    await next();
  };
}
