import { z } from "zod";
import { BUCKET_MESSAGES as M } from "~contract/bucket-manager-labels";
import { isValidFileName } from "~contract/file-types";
import { postedRecordId, repeated } from "~/models/form-fields";

/**
 * The S3 Bucket Manager's forms as posted (the page's buttons and its upload routes). A refusal of
 * these fields is a notice on the page, not a message beside a field (see the actions).
 */

const trimmed = z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string());

/** A file of the form as the browser sent it: a left-out file (drained, too large) is an empty value. */
const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File && value.size > 0;

/** Fetch S3 Bucket Data: nothing but the button. */
export const SyncBucketForm = z.object({});

/** Delete (confirmed): the file's catalogue id and its name (the key). */
export const DeleteFileForm = z.object({
  id: postedRecordId(M.deleteErrorText),
  key: trimmed.refine(isValidFileName, M.deleteErrorText),
});

/** The Unused filter's sweep (confirmed): when the admin looked, as the dialog carried it. */
export const SweepUnusedForm = z.object({
  before: z
    .preprocess((value) => (typeof value === "string" ? value : ""), z.string())
    .refine((value) => !Number.isNaN(Date.parse(value)), M.deleteErrorText)
    .transform((value) => new Date(value).toISOString()),
});

/** The page's plain upload form (without JavaScript): the files chosen, none of them empty. */
export const UploadFilesForm = z.object({
  files: repeated(z.unknown()).transform((values) => values.filter(isFile)),
});

/** The upload route (with JavaScript): one file per request. */
export const UploadOneFileForm = z.object({ file: z.custom<File>(isFile, { message: M.noFiles }) });
