/**
 * A multipart/form-data body read part by part as it arrives, never held whole: each part's bytes
 * are handed on as a stream (to storage, say) while the next part waits. Used where a request may
 * carry more than should sit in memory (the provider documents' 100 MB portfolio).
 */
import type { Context, MiddlewareHandler } from "hono";

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

const HEADER_LIMIT = 16 * 1024;
const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

/** The boundary of a multipart/form-data content type, or null when it is not one. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

function parseDisposition(headers: string): { name: string; filename: string | null; contentType: string | null } {
  let name: string | null = null;
  let filename: string | null = null;
  let contentType: string | null = null;
  for (const line of headers.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "content-type") contentType = value;
    if (key !== "content-disposition") continue;
    const nameMatch = /;\s*name="((?:[^"\\]|\\.)*)"/i.exec(value) ?? /;\s*name=([^;\s]+)/i.exec(value);
    if (nameMatch) name = nameMatch[1];
    const fileMatch = /;\s*filename="((?:[^"\\]|\\.)*)"/i.exec(value) ?? /;\s*filename=([^;\s]+)/i.exec(value);
    if (fileMatch) filename = fileMatch[1].replace(/%22/g, '"');
  }
  if (name === null) throw new MultipartError("A form part has no name");
  return { name, filename, contentType };
}

/**
 * The parts of a multipart body, one at a time. Each part's body must be read to its end or
 * cancelled before the next is asked for (what is left of it is then skipped).
 */
export async function* multipartParts(body: ReadableStream<Uint8Array>, boundary: string): AsyncGenerator<MultipartPart> {
  const reader = body.getReader();
  let buffer: Buffer = Buffer.alloc(0);
  let ended = false;
  const fill = async (): Promise<boolean> => {
    if (ended) return false;
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      return false;
    }
    buffer = buffer.length === 0 ? Buffer.from(value) : Buffer.concat([buffer, value]);
    return true;
  };
  const need = async (length: number) => {
    while (buffer.length < length) if (!(await fill())) throw new MultipartError("The form ended too soon");
  };
  const dashBoundary = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);

  try {
    // the preamble, up to the first boundary
    for (;;) {
      const at = buffer.indexOf(dashBoundary);
      if (at >= 0) {
        buffer = buffer.subarray(at + dashBoundary.length);
        break;
      }
      if (buffer.length > dashBoundary.length) buffer = buffer.subarray(buffer.length - dashBoundary.length);
      if (!(await fill())) throw new MultipartError("The form holds no parts");
    }
    for (;;) {
      await need(2);
      if (buffer[0] === 0x2d && buffer[1] === 0x2d) return; // "--": the closing boundary
      // optional whitespace then CRLF after a boundary
      let eol = buffer.indexOf(CRLF);
      while (eol < 0) {
        if (buffer.length > 256) throw new MultipartError("A boundary line is malformed");
        if (!(await fill())) throw new MultipartError("The form ended too soon");
        eol = buffer.indexOf(CRLF);
      }
      buffer = buffer.subarray(eol + 2);
      let headerEnd = buffer.indexOf(HEADER_END);
      while (headerEnd < 0) {
        if (buffer.length > HEADER_LIMIT) throw new MultipartError("A form part's headers are too long");
        if (!(await fill())) throw new MultipartError("The form ended too soon");
        headerEnd = buffer.indexOf(HEADER_END);
      }
      const headers = parseDisposition(buffer.subarray(0, headerEnd).toString("utf8"));
      buffer = buffer.subarray(headerEnd + 4);

      let partDone = false;
      /** the part's next bytes, or null at its end */
      const nextChunk = async (): Promise<Uint8Array | null> => {
        if (partDone) return null;
        for (;;) {
          const at = buffer.indexOf(delimiter);
          if (at >= 0) {
            const chunk = buffer.subarray(0, at);
            buffer = buffer.subarray(at + delimiter.length);
            partDone = true;
            return chunk.length > 0 ? new Uint8Array(chunk) : null;
          }
          // keep what could be the start of the delimiter
          const safe = buffer.length - (delimiter.length - 1);
          if (safe > 0) {
            const chunk = buffer.subarray(0, safe);
            buffer = buffer.subarray(safe);
            return new Uint8Array(chunk);
          }
          if (!(await fill())) throw new MultipartError("The form ended too soon");
        }
      };
      const partBody = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const chunk = await nextChunk();
            if (chunk) controller.enqueue(chunk);
            if (partDone && !chunk) controller.close();
            else if (partDone) controller.close();
          } catch (error) {
            controller.error(error);
          }
        },
      });
      yield { ...headers, body: partBody };
      // skip what the reader left
      while (!partDone) await nextChunk();
    }
  } finally {
    reader.releaseLock();
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
