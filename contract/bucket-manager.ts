/**
 * S3 Bucket Manager's contract (spec 3 §2.11, §7 s3/list, s3/delete): the catalogue's rows, one
 * page of them by continuation token, the delete body, the upload and sync answers.
 */
import { z } from "zod";
import { MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, PAGE_SIZES } from "./list-query";
import { BUCKET_MESSAGES } from "./bucket-manager-labels";
import { isValidFileName } from "./file-types";
import { isRecordId, recordIdNumber } from "./ids";
import { isOneOf } from "~shared/one-of";

export * from "./bucket-manager-labels";

export const StoredFileRecord = z.object({
  id: z.number().int().describe("The catalogue row's id"),
  file_name: z.string().describe("The storage key (one plain name)"),
  size: z.number().int().describe("Bytes"),
  content_type: z.string(),
  uploaded_at: z.string().describe("ISO 8601"),
});
export type StoredFileRecord = z.infer<typeof StoredFileRecord>;

export const BucketListQuery = z.object({
  uploaded_at: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || v === "undefined" || /^\d{4}-\d{2}-\d{2}$/.test(v), BUCKET_MESSAGES.badDate)
    .describe("One day in India time, YYYY-MM-DD (the spec sends undefined: ignored)"),
  search: z.string().trim().max(MAX_SEARCH_LENGTH).optional().describe("Part of the name, any case"),
  unused: z.enum(["1"]).optional().describe("1: only post images that no post's content uses (the Unused filter)"),
  continuation_token: z.string().trim().max(200).optional().describe("next_continuation_token or previous_continuation_token of a page"),
  page_size: z.coerce
    .number()
    .int()
    .refine((n) => isOneOf(PAGE_SIZES, n) || n === MAX_PAGE_SIZE, `page_size is one of ${PAGE_SIZES.join(", ")}`)
    .default(10)
    .describe(`one of ${PAGE_SIZES.join(", ")}; ${MAX_PAGE_SIZE} for an export`),
});
export type BucketListQuery = z.input<typeof BucketListQuery>;

export const BucketListAnswer = z.object({
  data: z.object({
    results: z.array(StoredFileRecord),
    total: z.number().int().describe("Files matching the search and date"),
    start_index: z.number().int().describe("1-based position of the page's first file (0 when none)"),
    next_continuation_token: z.string().nullable(),
    previous_continuation_token: z.string().nullable(),
  }),
});
export type BucketListAnswer = z.infer<typeof BucketListAnswer>;

export const BucketDeleteBody = z.object({
  key: z.string().refine(isValidFileName, "key must be a stored file's name"),
  id: z
    .union([z.number().int(), z.string().refine(isRecordId, "id must be a positive whole number").transform(Number)])
    .pipe(recordIdNumber("id")),
});

export const BucketDeleteAnswer = z.object({ message: z.string() });

/** Sweep: the unused post images matching the list's filters, uploaded at or before `before` (when the admin looked). */
export const BucketSweepBody = z.object({
  before: z.string().datetime({ offset: true }).describe("ISO 8601: images uploaded after it are kept (the list the admin confirmed)"),
  search: z.string().trim().max(MAX_SEARCH_LENGTH).optional().describe("Part of the name, any case (as the list)"),
});
export const BucketSweepAnswer = z.object({ message: z.string(), deleted: z.array(z.string()) });

export const BucketUploadAnswer = z.object({
  message: z.string(),
  data: z.array(StoredFileRecord),
});
export type BucketUploadAnswer = z.infer<typeof BucketUploadAnswer>;

export const BucketSyncAnswer = z.object({
  message: z.string(),
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  total: z.number().int().describe("Objects in the bucket"),
});
export type BucketSyncAnswer = z.infer<typeof BucketSyncAnswer>;
