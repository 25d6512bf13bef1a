import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";

/** tooLarge: the file fields that held a file over their limit; tooLargeNames: those files' names */
export type UploadForm = { formData: FormData; tooLarge: Set<string>; tooLargeNames: string[] } | { unreadable: string };

const UNREADABLE = "The form could not be read: nothing was saved. Please try again.";

/**
 * A file's name as the browser chose it. Browsers send it as is, `;` and all (`filename="a;b.png"`);
 * only a quote and line breaks are escaped, as %22, %0D and %0A (the HTML form encoding).
 */
export const sentFileName = (name: string) => name.replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");

/**
 * A posted form that may carry files (General Settings' images, a post's image, the bucket
 * manager's files). Each file field named in `fileLimits` is read up to its limit: a file over it
 * is drained, left out and named in `tooLarge`, so the form still has every other value and the
 * admin gets the message. Any other file is drained and dropped; text fields are capped at
 * `textMaxBytes`. A urlencoded post is read as it is. A form that cannot be read answers a
 * sentence, not a 500.
 *
 * Parsed by busboy (as the API's streamed forms are): a file name is any text the browser sends,
 * `;` included; what the file is stored as is the API's business (a safe name of its own, or a
 * refusal naming the file).
 */
export async function readUploadForm(request: Request, fileLimits: Record<string, number>, textMaxBytes: number): Promise<UploadForm> {
  const tooLarge = new Set<string>();
  const tooLargeNames: string[] = [];
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) {
    try {
      return { formData: await request.formData(), tooLarge, tooLargeNames };
    } catch {
      return { unreadable: UNREADABLE };
    }
  }
  if (!request.body) return { formData: new FormData(), tooLarge, tooLargeNames };
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": contentType }, limits: { fieldSize: textMaxBytes, headerPairs: 100 } });
  } catch {
    return { unreadable: UNREADABLE };
  }
  const formData = new FormData();
  const files: Promise<void>[] = [];
  let tooLong: string | null = null;
  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) tooLong ??= name;
      // a file field sent without a file name is no file
      formData.append(name, Object.hasOwn(fileLimits, name) ? "" : value);
    });
    parser.on("file", (name, stream, info) => {
      const limit = Object.hasOwn(fileLimits, name) ? fileLimits[name] : undefined;
      const filename = sentFileName(info.filename ?? "");
      const chunks: Buffer[] = [];
      let size = 0;
      files.push(
        new Promise<void>((fileDone) => {
          stream.on("data", (chunk: Buffer) => {
            size += chunk.byteLength;
            if (limit !== undefined && size <= limit) chunks.push(chunk);
          });
          // the form's own error says it (a cut-off body fails the file and the form alike)
          stream.on("error", () => fileDone());
          stream.on("end", () => {
            if (limit === undefined) formData.append(name, "");
            else if (size > limit) {
              tooLarge.add(name);
              tooLargeNames.push(filename);
              formData.append(name, "");
            } else formData.append(name, new File(chunks as BlobPart[], filename, { type: info.mimeType }));
            fileDone();
          });
        }),
      );
    });
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  source.on("error", (error) => parser.destroy(error));
  source.pipe(parser);
  try {
    await done;
    await Promise.all(files);
  } catch {
    source.unpipe(parser);
    source.destroy();
    return { unreadable: UNREADABLE };
  }
  if (tooLong !== null) return { unreadable: `The field ${tooLong} is too long: nothing was saved.` };
  return { formData, tooLarge, tooLargeNames };
}
