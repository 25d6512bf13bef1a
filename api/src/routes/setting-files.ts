/**
 * General Settings' logo and favicon (spec 2 §2 "a logo is recommended at 150x150 and a favicon at
 * 16x16 or 32x32 in png or ico"): POST /upload-setting-file checks an image by its content and size
 * and stores it through the file storage under a generated name, which PUT /upsert-setting then
 * names in GeneralSetting's logo or favicon. A refused image stores nothing.
 */
import { randomBytes } from "node:crypto";
import {
  FAVICON_SIZES,
  LOGO_MAX_SIDE,
  SETTING_FILE_KINDS,
  SETTING_FILE_MESSAGES as M,
  SETTING_FILES,
  settingFileName,
  StoredSettingFile,
  type SettingFileKind,
} from "~contract/settings";
import type { Database } from "../db/client";
import { recordAudit, requireActor } from "../lib/audit";
import { badRequest, INVALID_INPUT_MESSAGE } from "../lib/http";
import { probeImage, type ImageSize, type ProbedImage } from "../lib/image-probe";
import { multipartForm } from "../lib/multipart-stream";
import { ActingAdmin, apiRouter, chosenByUs, common, createRoute, data, error, json, mutating, z } from "../lib/openapi";
import type { FileStorage } from "../storage";
import { isOneOf } from "~shared/one-of";

export const SETTING_FILE_PATH = "/upload-setting-file";
/** The largest request this call reads: the larger image plus room for the form around it. */
export const SETTING_FILE_BODY_BYTES = Math.max(...Object.values(SETTING_FILES).map((f) => f.maxBytes)) + 64 * 1024;
export const NOT_MULTIPART = "Send multipart/form-data with the fields kind (logo or favicon) and file";

const UploadForm = z.object({
  kind: z.enum(SETTING_FILE_KINDS, { errorMap: () => ({ message: M.kind }) }).openapi({ description: "logo or favicon" }),
  file: z.instanceof(File, { message: "file must be a file (png or ico)" }).openapi({
    type: "string",
    format: "binary",
    description: "The image: png or ico (told by its content; its name and type are not trusted)",
  }),
});

/** The form is read here so that a body that is no form gets our sentence (not a 500). */
const readForm = multipartForm(NOT_MULTIPART);

const uploadRoute = createRoute({
  method: "post",
  path: SETTING_FILE_PATH,
  summary: "Store a General Settings logo or favicon (png or ico, checked by content)",
  ...chosenByUs(
    `The spec shows uploads but not their call. The type is read from the bytes (a PNG's signature and IHDR; an ICO's header and directory, each entry's image checked), never from the name or declared type. Logo: at most ${SETTING_FILES.logo.maxSizeText} and ${LOGO_MAX_SIDE}×${LOGO_MAX_SIDE} pixels, 150×150 recommended (other sizes are stored; the answer gives width and height). Favicon: at most ${SETTING_FILES.favicon.maxSizeText}, 16×16 or 32×32 (an ico: one of its images). Stored as <kind>-<16 hex>-<width>x<height>.png|ico; name it in GeneralSetting's logo or favicon with PUT /upsert-setting. A refused image stores nothing. Audited as entity file.`,
  ),
  middleware: readForm,
  request: {
    headers: ActingAdmin,
    body: { required: true, content: { "multipart/form-data": { schema: UploadForm.openapi("UploadSettingFileForm") } } },
  },
  responses: {
    201: json(data(StoredSettingFile.openapi("StoredSettingFile")), "Stored"),
    ...mutating,
    413: error("The request is larger than the largest image allowed"),
    415: error("Not multipart/form-data"),
    ...common,
  },
});

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
