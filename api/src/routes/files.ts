import { Hono } from "hono";
import { isValidFileName, type FileStorage } from "../storage";
import { badRequest, notFound } from "../lib/http";

export const FILE_NOT_FOUND = "File not found";

/**
 * GET /files/{name}: a stored file streamed with its type and length (the spec's "storage host
 * plus the file name", behind the API's secret like every other call).
 */
export function filesRouter(storage: FileStorage) {
  const router = new Hono();

  router.get("/files/:name", async (c) => {
    const name = c.req.param("name");
    if (!isValidFileName(name)) {
      throw badRequest("Please correct the highlighted fields", { name: "Not a file name (no folders or '..')" });
    }
    const file = await storage.get(name);
    if (!file) throw notFound(FILE_NOT_FOUND);
    return new Response(file.body, {
      status: 200,
      headers: {
        "content-type": file.contentType,
        "content-length": String(file.size),
        "x-content-type-options": "nosniff",
        "cache-control": "private, max-age=300",
      },
    });
  });

  return router;
}
