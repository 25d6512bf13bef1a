import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";

/** tooLarge: the file fields that held a file over their limit; tooLargeNames: those files' names */
export type UploadForm = { formData: FormData; tooLarge: Set<string>; tooLargeNames: string[] } | { unreadable: string };

/**
 * A posted form that may carry files (General Settings' images, a post's image). Each file field
 * named in `fileLimits` is read up to its limit: a file over it is drained, left out and named in
 * `tooLarge`, so the form still has every other value and the admin gets the message. Any other
 * file is drained and dropped; text fields are capped at `textMaxBytes`. A urlencoded post is read
 * as it is. A form that cannot be read answers a sentence, not a 500.
 */
export async function readUploadForm(request: Request, fileLimits: Record<string, number>, textMaxBytes: number): Promise<UploadForm> {
  const tooLarge = new Set<string>();
  const tooLargeNames: string[] = [];
  if (!/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) return { formData: await request.formData(), tooLarge, tooLargeNames };
  const files: UploadHandler = async ({ name, filename, contentType, data }) => {
    const limit = Object.hasOwn(fileLimits, name) ? fileLimits[name] : undefined;
    // a text field is the memory handler's
    if (filename === undefined && limit === undefined) return undefined;
    const max = limit !== undefined && filename !== undefined ? limit : 0;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= max) chunks.push(chunk);
    }
    if (limit === undefined || filename === undefined) return "";
    if (size > max) {
      tooLarge.add(name);
      tooLargeNames.push(filename);
      return "";
    }
    return new File(chunks as BlobPart[], filename, { type: contentType });
  };
  try {
    const formData = await parseMultipartFormData(request, composeUploadHandlers(files, createMemoryUploadHandler({ maxPartSize: textMaxBytes })));
    return { formData, tooLarge, tooLargeNames };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { unreadable: `The field ${error.field} is too long: nothing was saved.` };
    if (error instanceof TypeError) return { unreadable: "The form could not be read: nothing was saved. Please try again." };
    throw error;
  }
}
