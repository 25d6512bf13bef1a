/** setting-files: the handlers of the calls setting-files.routes.ts defines. */
import { randomBytes } from "node:crypto";
import {
  FAVICON_SIZES,
  LOGO_MAX_SIDE,
  SETTING_FILE_MESSAGES as M,
  SETTING_FILES,
  settingFileName,
  StoredSettingFile,
  type SettingFileKind,
} from "~contract/settings";
import type { Database } from "../../db/client";
import { recordAudit, requireActor } from "../../lib/audit";
import { badRequest, INVALID_INPUT_MESSAGE } from "../../lib/http";
import { probeImage, type ImageSize, type ProbedImage } from "../../lib/image-probe";
import { apiRouter } from "../../lib/openapi";
import type { FileStorage } from "../../storage";
import { isOneOf } from "~shared/one-of";
import { uploadRoute } from "./setting-files.routes";

/** The largest request this call reads: the larger image plus room for the form around it. */
export const SETTING_FILE_BODY_BYTES = Math.max(...Object.values(SETTING_FILES).map((f) => f.maxBytes)) + 64 * 1024;

const refused = (message: string) => badRequest(INVALID_INPUT_MESSAGE, { file: message });

/** The image whose size counts: a favicon's largest allowed image, a logo's largest image. */
function checkedSize(kind: SettingFileKind, image: ProbedImage): ImageSize {
  const byArea = [...image.images].sort((a, b) => b.width * b.height - a.width * a.height);
  if (kind === "favicon") {
    const allowed = byArea.find((s) => s.width === s.height && isOneOf(FAVICON_SIZES, s.width));
    if (!allowed) throw refused(M.faviconSize);
    return allowed;
  }
  const largest = byArea[0];
  if (largest.width > LOGO_MAX_SIDE || largest.height > LOGO_MAX_SIDE) throw refused(M.logoTooBig);
  return largest;
}

export function settingFilesRouter(db: Database, storage: FileStorage) {
  const router = apiRouter();

  router.openapi(uploadRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { kind, file } = c.req.valid("form");
    if (file.size === 0) throw refused(M.empty(kind));
    if (file.size > SETTING_FILES[kind].maxBytes) throw refused(M.tooLarge(kind));
    const bytes = new Uint8Array(await file.arrayBuffer());
    const image = await probeImage(bytes);
    if (!image) throw refused(M.wrongType(kind));
    const { width, height } = checkedSize(kind, image);

    const name = settingFileName(kind, randomBytes(8).toString("hex"), width, height, image.type);
    await storage.put(name, bytes, image.contentType);
    const stored: StoredSettingFile = { name, kind, width, height, size: bytes.length, contentType: image.contentType };
    await recordAudit(db, actor, { action: "create", entity: "file", entityId: name, after: stored });
    return c.json({ data: stored }, 201);
  });

  return router;
}
