/**
 * Posts (spec 3 §2.3): the limits, labels and messages the editor and list pages need in the
 * browser. No zod here (the pages import it); the schemas are in ./posts.
 */
export const POST_STATUSES = ["draft", "published"] as const;

/** the list's sortable columns (sortField in the URL and the API's query); without one, newest first */
export const POST_SORT_FIELDS = ["title", "author", "status", "created_at", "updated_at"] as const;

export const POST_LIMITS = { title: 200, description: 160, author: 100, tag: 50, tags: 20, content: 200_000, alt: 250 } as const;

/** images: what the upload accepts (told by content) and how large */
export const POST_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const POST_IMAGE_MAX_TEXT = "5 MB";
export const POST_IMAGE_TYPES_TEXT = "PNG, JPEG, WebP or GIF";

export const POST_MESSAGES = {
  titleRequired: "Title is required",
  titleTooLong: `Title is at most ${POST_LIMITS.title} characters`,
  descriptionTooLong: `Meta description is at most ${POST_LIMITS.description} characters`,
  authorTooLong: `Author is at most ${POST_LIMITS.author} characters`,
  tagTooLong: `Each tag is at most ${POST_LIMITS.tag} characters`,
  tooManyTags: `At most ${POST_LIMITS.tags} tags`,
  contentTooLong: `Content is at most ${POST_LIMITS.content} characters`,
  status: "Status must be Draft or Publish",
  notFound: "Post not found",
  created: "Post created successfully",
  updated: "Post updated successfully",
  deleted: "Post deleted successfully",
  noChange: "No Change Detected",
  imageRequired: "Please choose an image to upload",
  imageEmpty: "The image file is empty",
  imageWrongType: `Please upload a ${POST_IMAGE_TYPES_TEXT} image (the file's content is not one of these)`,
  imageTooLarge: `The image is larger than ${POST_IMAGE_MAX_TEXT}. Please upload an image of at most ${POST_IMAGE_MAX_TEXT}.`,
  uploadFailed: "The image could not be uploaded (the connection failed). Your post is still here: try the upload again.",
  altTooLong: `Alt text is at most ${POST_LIMITS.alt} characters`,
  imageUploaded: "Image uploaded",
  imageCopied: "Image Url Copied to clipboard",
  imageNotFound: "Image not found",
} as const;
/**
 * The public path of post images (the API's default BLOG_IMAGE_BASE_URL): outside /admin, for
 * readers; it serves an image only while a published post uses it (a signed-in admin sees any).
 */
export const POST_PUBLIC_IMAGE_PATH = "/blog/images/";
/** how long readers and caches may keep a published post's image (seconds) */
export const POST_PUBLIC_IMAGE_MAX_AGE = 3600;

/**
 * Tags as given (comma separated, or a list): trimmed, empties dropped, the first of each
 * case-insensitive duplicate kept, in the order given.
 */
export function normaliseTags(value: string | readonly string[]): string[] {
  const parts = typeof value === "string" ? value.split(",") : value.flatMap((v) => v.split(","));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim().replace(/\s+/g, " ");
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/** The URL slug of a title: lower-case ASCII letters and digits joined by hyphens ("post" when none). */
export function slugOf(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "post";
}
