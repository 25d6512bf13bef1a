import { MIME_TYPES } from "~contract/file-types";
import { bytes, chosenByUs, common, createRoute, error, z } from "../../lib/openapi";
import { isValidFileName } from "../../storage";

/**
 * GET /files/{name}: a stored file streamed with its type and length (the spec's "storage host
 * plus the file name", behind the API's secret like every other call).
 */
export const fileRoute = createRoute({
  method: "get",
  path: "/files/{name}",
  summary: "A stored file (documents, photos), streamed with its content type and length",
  ...chosenByUs(
    "The spec's 'storage host plus the file name', behind the secret like every call. Names are plain (no folders, no '..'): anything else is 400.",
  ),
  request: {
    params: z.object({
      name: z
        .string()
        .max(255)
        .refine(isValidFileName, "Not a file name (no folders or '..')")
        .openapi({ description: "the file name, e.g. pan-card-Document.pdf" }),
    }),
  },
  responses: {
    // the file's own type, by its name (contract/file-types.ts), else application/octet-stream
    200: bytes("The file's bytes, with the file's type", [...Object.values(MIME_TYPES), "application/octet-stream"]),
    400: error("Not a plain file name"),
    404: error("No file has this name"),
    ...common,
  },
});
