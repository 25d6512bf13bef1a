import { z } from "zod";
import { Page, PageSize, Search, sorting } from "./list-query-schema";
import { normaliseTags, POST_LIMITS, POST_MESSAGES as M, POST_SORT_FIELDS, POST_STATUSES } from "./post-labels";

/**
 * Posts (spec 3 §2.3, §3 Blog post and Image, §7 /blog/…): the API's bodies and answers, shared by
 * the API and the admin. Labels and limits the browser needs are in ./post-labels (no zod).
 */
export * from "./post-labels";

const text = (field: string) => z.string({ invalid_type_error: `${field} must be text` });

export const PostTitle = z
  .string({ required_error: M.titleRequired, invalid_type_error: "Title must be text" })
  .trim()
  .min(1, M.titleRequired)
  .max(POST_LIMITS.title, M.titleTooLong);
export const PostDescription = text("Meta description").trim().max(POST_LIMITS.description, M.descriptionTooLong);
export const PostAuthor = text("Author").trim().max(POST_LIMITS.author, M.authorTooLong);
export const PostStatusField = z.enum(POST_STATUSES, { errorMap: () => ({ message: M.status }) });
/** comma separated text, or a list of tags: trimmed, empties dropped, de-duplicated ignoring case */
export const PostTags = z
  .union([z.string(), z.array(z.string())], { errorMap: () => ({ message: "Tags must be text (comma separated) or a list of text" }) })
  .transform((value) => normaliseTags(value))
  .superRefine((tags, ctx) => {
    if (tags.some((t) => t.length > POST_LIMITS.tag)) ctx.addIssue({ code: "custom", message: M.tagTooLong });
    else if (tags.length > POST_LIMITS.tags) ctx.addIssue({ code: "custom", message: M.tooManyTags });
  });
export const PostContent = text("Content").max(POST_LIMITS.content, M.contentTooLong);

export const CreatePostBody = z.object({
  title: PostTitle,
  description: PostDescription.optional().default(""),
  author: PostAuthor.optional().default(""),
  tags: PostTags.optional().default([]),
  status: PostStatusField.optional().default("draft"),
  content: PostContent.optional().default(""),
});
export type CreatePostBody = z.input<typeof CreatePostBody>;

/** PUT: any of the fields (absent ones are kept), and the version the edit started from. */
export const UpdatePostBody = z.object({
  title: PostTitle.optional(),
  description: PostDescription.optional(),
  author: PostAuthor.optional(),
  tags: PostTags.optional(),
  status: PostStatusField.optional(),
  content: PostContent.optional(),
  /** a newer version answers 409 (someone else saved meanwhile) */
  updated_at: z.string({ required_error: "updated_at is required" }).min(1, "updated_at is required"),
});
export type UpdatePostBody = z.input<typeof UpdatePostBody>;

export const PostListQuery = z.object({
  page: Page.default(1),
  page_size: PageSize.default(10),
  search: Search.optional().default("").describe("part of the title, author or a tag (any case)"),
  status: z
    .enum(["", ...POST_STATUSES], { errorMap: () => ({ message: "status must be draft or published" }) })
    .optional()
    .default("")
    .describe("draft or published; empty: both"),
  ...sorting(POST_SORT_FIELDS),
});
export type PostListQuery = z.input<typeof PostListQuery>;

/** One post (spec 3 §3 Blog post). */
export const PostRecord = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  author: z.string(),
  tags: z.array(z.string()),
  status: z.enum(POST_STATUSES),
  content: z.string(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type PostRecord = z.infer<typeof PostRecord>;

/** A row of the list: the post without its content. */
export const PostListRow = PostRecord.omit({ content: true });
export type PostListRow = z.infer<typeof PostListRow>;

/** An uploaded image (spec 3 §3 Image: image_url, alt). */
export const PostImage = z.object({
  image_url: z.string(),
  alt: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type PostImage = z.infer<typeof PostImage>;

/** Generated names of stored post images: post-<16 hex>.<ext>. */
export const POST_IMAGE_NAME = /^post-[0-9a-f]{16}\.(png|jpg|webp|gif)$/;
