/**
 * General Settings' logo and favicon (spec 2 §2 "a logo is recommended at 150x150 and a favicon at
 * 16x16 or 32x32 in png or ico"): POST /upload-setting-file checks an image by its content and size
 * and stores it through the file storage under a generated name, which PUT /upsert-setting then
 * names in GeneralSetting's logo or favicon. A refused image stores nothing.
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): setting-files.handlers.ts serves them.
 */
import { LOGO_MAX_SIDE, SETTING_FILE_KINDS, SETTING_FILE_MESSAGES as M, SETTING_FILES, StoredSettingFile } from "~contract/settings";
import { multipartForm } from "../../lib/multipart-stream";
import { ActingAdmin, chosenByUs, common, createRoute, data, error, json, mutating, z } from "../../lib/openapi";

export const SETTING_FILE_PATH = "/upload-setting-file";

export const NOT_MULTIPART = "Send multipart/form-data with the fields kind (logo or favicon) and file";

export const UploadForm = z.object({
  kind: z.enum(SETTING_FILE_KINDS, { errorMap: () => ({ message: M.kind }) }).openapi({ description: "logo or favicon" }),
  file: z.instanceof(File, { message: "file must be a file (png or ico)" }).openapi({
    type: "string",
    format: "binary",
    description: "The image: png or ico (told by its content; its name and type are not trusted)",
  }),
});

/** The form is read here so that a body that is no form gets our sentence (not a 500). */
export const readForm = multipartForm(NOT_MULTIPART);

export const uploadRoute = createRoute({
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
