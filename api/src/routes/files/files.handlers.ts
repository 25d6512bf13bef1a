/** files: the handlers of the calls files.routes.ts defines. */
import { apiRouter } from "../../lib/openapi";
import { type FileStorage } from "../../storage";
import { notFound } from "../../lib/http";
import { fileRoute } from "./files.routes";

export const FILE_NOT_FOUND = "File not found";

export function filesRouter(storage: FileStorage) {
  const router = apiRouter();

  router.openapi(fileRoute, async (c) => {
    const { name } = c.req.valid("param");
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
