import { z } from "zod";
import { CreatePostBody, POST_MESSAGES as M } from "~contract/posts";

/**
 * The post editor's forms as posted (/admin/posts/post): Save (the post's fields, checked by the
 * API's own rules, and the version an edit started from) and Upload (an image and its alt text).
 */

/** Save Post / Update Post: a status sent empty is a draft; `updated_at` is empty for a new post. */
export const SavePostForm = CreatePostBody.extend({
  status: z.preprocess((value) => (value === "" ? undefined : value), CreatePostBody.shape.status),
  updated_at: z.string().optional().default(""),
});
export type SavePostForm = z.infer<typeof SavePostForm>;

/** Upload: a chosen file (a file field sent without a file is none) and its alt text. */
export const UploadPostImageForm = z.object({
  image: z.custom<File>((value) => value instanceof File && !(value.size === 0 && value.name === ""), M.imageRequired),
  alt: z.string().optional().default(""),
});

/** Delete Post (its confirmation): the post is the one in the URL. */
export const DeletePostForm = z.object({});
