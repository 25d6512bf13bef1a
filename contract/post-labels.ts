/**
 * Posts (spec 3 §2.3): the limits, labels and messages the editor and list pages need in the
 * browser. No zod here (the pages import it); the schemas are in ./posts.
 */
export const POST_STATUSES = ["draft", "published"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const POST_STATUS_LABELS: Record<PostStatus, string> = { draft: "Draft", published: "Published" };
/** what the editor's choice says (spec: "status Draft or Publish") */
export const POST_STATUS_CHOICES: Record<PostStatus, string> = { draft: "Draft", published: "Publish" };

/** the list's sortable columns (sortField in the URL and the API's query); without one, newest first */
export const POST_SORT_FIELDS = ["title", "author", "status", "created_at", "updated_at"] as const;
export type PostSortField = (typeof POST_SORT_FIELDS)[number];

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

/** the admin's path that serves any uploaded image to a signed-in admin */
export const POST_IMAGE_PATH = "/admin/posts/images/";
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

// ——— what the admin's pages get from their loaders ———

export type PostRow = {
  id: number;
  title: string;
  author: string;
  status: PostStatus;
  tags: string[];
  createdAt: string;
  updatedAt: string;
};

export type PostsPageData = {
  rows: PostRow[];
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  search: string;
  searchError: string | null;
  status: PostStatus | "";
  /** the sort the URL asks for; none: newest first */
  sort?: { field: PostSortField; order: "asc" | "desc" };
};

/** The editor's fields as the form holds them (tags comma separated). */
export type PostDraft = {
  title: string;
  description: string;
  author: string;
  tags: string;
  status: PostStatus;
  content: string;
  updated_at: string;
};

export type PostEditorData = {
  /** null: a new post */
  post: null | {
    id: number;
    title: string;
    slug: string;
    status: PostStatus;
    updatedText: string;
    createdText: string;
    publishedText: string | null;
    /** the saved post as readers see it */
    preview: { title: string; description: string; tags: string[]; html: string };
  };
  defaults: PostDraft;
  deleting: boolean;
};

/** The upload form's answer: the stored image's URL, or why it was refused. */
/**
 * The upload's answer. Without JavaScript the upload is sent with the post form, so the post's
 * typed values come back with it (`draft`) and stay on screen; with JavaScript it goes on its own.
 */
export type PostImageResult =
  | { intent: "upload"; ok: true; image: { url: string; alt: string }; draft?: PostDraft }
  | { intent: "upload"; ok: false; error: string; alt: string; draft?: PostDraft };
