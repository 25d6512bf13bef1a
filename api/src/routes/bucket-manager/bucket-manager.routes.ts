/**
 * S3 Bucket Manager (spec 3 §2.11, §7 s3/list, s3/delete): the stored files as the catalogue
 * (stored_files) knows them, searched by name and upload day and paged by continuation token;
 * delete (refused while a provider's document, a post, an order or the site's settings uses the
 * file); and, ours, uploads (type told by content) and a sync of the catalogue from the bucket.
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): bucket-manager.handlers.ts serves them.
 */
import {
  BUCKET_MAX_FILES,
  BucketDeleteAnswer,
  BucketDeleteBody,
  BucketListAnswer,
  BucketListQuery,
  BucketSweepAnswer,
  BucketSweepBody,
  BucketSyncAnswer,
  BucketUploadAnswer,
  StoredFileRecord,
} from "~contract/bucket-manager";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import { multipartForm } from "../../lib/multipart-stream";
import { ActingAdmin, body, chosenByUs, common, createRoute, data, error, idParam, json, mutating, z } from "../../lib/openapi";

export const BUCKET_UPLOAD_PATH = "/s3/upload";

export const BUCKET_NOT_MULTIPART = "Send multipart/form-data with one or more files in the field files";

export const FileSchema = z.instanceof(File).openapi({ type: "string", format: "binary", description: "one file" });

export const UploadForm = z.object({
  files: z.union([FileSchema, z.array(FileSchema)]).openapi({ description: "the files (the field repeated)" }),
});

/** The form is read here so that a body that is no form gets our sentence (not a 500). */
export const readForm = multipartForm(BUCKET_NOT_MULTIPART);

export const listRoute = createRoute({
  method: "get",
  path: "/s3/list",
  summary: "One page of stored files (the catalogue), newest first",
  description:
    "The spec sends uploaded_at (undefined) and reads data.results. Ours: search (part of the name, any case), uploaded_at (one day in India time, YYYY-MM-DD), page_size (10, 25, 50, 100) and continuation_token (a page's next_continuation_token or previous_continuation_token; opaque). total counts the matching files and start_index is the page's first position. Read from the catalogue, never by listing the bucket.",
  request: { query: BucketListQuery.openapi("BucketListQuery") },
  responses: {
    200: {
      ...json(BucketListAnswer.openapi("BucketListAnswer"), "The page"),
      headers: {
        [TOTAL_COUNT_HEADER]: { description: "number of matching files (also data.total)", schema: { type: "integer" as const } },
      },
    },
    400: error("Bad query or continuation token"),
    ...common,
  },
});

export const fileRoute = createRoute({
  method: "get",
  path: "/s3/files/{id}",
  summary: "One stored file's catalogue row",
  ...chosenByUs("Used by the admin's preview and delete dialogs when the file is not on the page shown (a bookmarked or shared URL)."),
  request: { params: z.object({ id: idParam("id", "the file's catalogue id") }) },
  responses: {
    200: json(data(StoredFileRecord.openapi("StoredFileRecord")), "The file"),
    400: error("Bad id"),
    404: error("No stored file has this id"),
    ...common,
  },
});

export const deleteRoute = createRoute({
  method: "post",
  path: "/s3/delete",
  summary: "Delete a stored file (object and catalogue row)",
  description:
    "key is the file's name and id its catalogue row: they must name the same file (400). Refused (409, naming the user) while a provider's documents, a post's content, an order's files or the General Settings' logo or favicon use the file. Audited as entity file; not revertable.",
  request: { headers: ActingAdmin, body: body(BucketDeleteBody.openapi("BucketDeleteBody")) },
  responses: {
    200: json(BucketDeleteAnswer.openapi("BucketDeleteAnswer"), "Deleted"),
    ...mutating,
    404: error("No stored file has this id"),
    409: error("The file is in use: the message says by what"),
    ...common,
  },
});

export const sweepRoute = createRoute({
  method: "post",
  path: "/s3/sweep-unused-post-images",
  summary: "Delete the post images no post uses",
  ...chosenByUs(
    "The Unused filter's sweep: every image stored by POST /blog/article-image-upload/ that no post's content names, matching search (as the list) and uploaded at or before `before` (images uploaded after the admin looked are kept). Each deletion is audited as entity file.",
  ),
  request: { headers: ActingAdmin, body: body(BucketSweepBody.openapi("BucketSweepBody")) },
  responses: { 200: json(BucketSweepAnswer.openapi("BucketSweepAnswer"), "Deleted: their names"), ...mutating, ...common },
});

export const uploadRoute = createRoute({
  method: "post",
  path: BUCKET_UPLOAD_PATH,
  summary: "Store files in the bucket (and the catalogue) under their own names",
  ...chosenByUs(
    `Multipart, the field files repeated (at most ${BUCKET_MAX_FILES}). Each file's type is read from its bytes: JPEG, PNG, GIF, WebP, PDF, MP4/QuickTime, Word/PowerPoint (doc, ppt, docx, pptx); the name's extension must agree. Each at most 10 MB; one request at most 50 MB (413). A name already stored is refused (409): nothing is overwritten. All or nothing: when one file is refused none is stored. Audited as entity file.`,
  ),
  middleware: readForm,
  request: {
    headers: ActingAdmin,
    body: { required: true, content: { "multipart/form-data": { schema: UploadForm.openapi("BucketUploadForm") } } },
  },
  responses: {
    201: json(BucketUploadAnswer.openapi("BucketUploadAnswer"), "Stored"),
    ...mutating,
    409: error("A file of that name is already stored"),
    413: error("The request is larger than allowed"),
    415: error("Not multipart/form-data"),
    ...common,
  },
});

export const syncRoute = createRoute({
  method: "post",
  path: "/s3/sync",
  summary: "Fetch S3 Bucket Data: reconcile the catalogue with the bucket",
  ...chosenByUs(
    "Lists the bucket page by page (continuation tokens): objects the catalogue lacks are added with their size and last-modified time, changed sizes refreshed, rows whose object is gone removed. Answers the counts. Audited as entity file (bucket-sync).",
  ),
  request: { headers: ActingAdmin },
  responses: { 200: json(BucketSyncAnswer.openapi("BucketSyncAnswer"), "Reconciled"), ...mutating, ...common },
});
