/** bank-files: the handlers of the calls bank-files.routes.ts defines (the work is in bank-files.service.ts). */
import { BANK_FILE_MESSAGES } from "~contract/bank-files";
import type { Database } from "../../db/client";
import { requireActor } from "../../lib/audit";
import { apiRouter } from "../../lib/openapi";
import {
  approvedPayoutsRoute,
  csvRoute,
  detailRoute,
  failLineRoute,
  generateRoute,
  listRoute,
  paidRoute,
  sentRoute,
} from "./bank-files.routes";
import {
  bankFileCsv,
  bankFileDetail,
  failLine,
  generateBankFile,
  listApprovedPayouts,
  listBankFiles,
  markPaid,
  markSent,
} from "./bank-files.service";

export function bankFilesRouter(db: Database) {
  const router = apiRouter();

  router.openapi(approvedPayoutsRoute, async (c) => c.json(await listApprovedPayouts(db, c.req.valid("query")), 200));

  router.openapi(generateRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id, skipped } = await generateBankFile(db, actor, c.req.valid("json"));
    const file = await bankFileDetail(db, id);
    return c.json({ message: BANK_FILE_MESSAGES.generated(file.file_name, file.line_count), data: file, skipped }, 201);
  });

  router.openapi(listRoute, async (c) => c.json(await listBankFiles(db, c.req.valid("query")), 200));

  router.openapi(detailRoute, async (c) => c.json({ data: await bankFileDetail(db, c.req.valid("param").id) }, 200));

  router.openapi(csvRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { name, csv } = await bankFileCsv(db, actor, c.req.valid("param").id);
    return c.body(csv, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    }) as never;
  });

  router.openapi(sentRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const message = await markSent(db, actor, id);
    return c.json({ message, data: await bankFileDetail(db, id) }, 200);
  });

  router.openapi(paidRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const message = await markPaid(db, actor, id, c.req.valid("json").bank_reference);
    return c.json({ message, data: await bankFileDetail(db, id) }, 200);
  });

  router.openapi(failLineRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id, line_id } = c.req.valid("param");
    const message = await failLine(db, actor, id, line_id, c.req.valid("json").reason);
    return c.json({ message, data: await bankFileDetail(db, id) }, 200);
  });

  return router;
}
