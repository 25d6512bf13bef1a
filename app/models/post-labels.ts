/** What only the admin uses of ~contract/post-labels (the shared part stays in contract/post-labels.ts). */
import { POST_STATUSES, POST_SORT_FIELDS } from "~contract/post-labels";
import { plain, type ListColumn } from "~/models/list-columns";

export type PostStatus = (typeof POST_STATUSES)[number];
export const POST_STATUS_LABELS: Record<PostStatus, string> = { draft: "Draft", published: "Published" };
/** what the editor's choice says (spec: "status Draft or Publish") */
export const POST_STATUS_CHOICES: Record<PostStatus, string> = { draft: "Draft", published: "Publish" };
export type PostSortField = (typeof POST_SORT_FIELDS)[number];

/** the admin's path that serves any uploaded image to a signed-in admin */
export const POST_IMAGE_PATH = "/admin/posts/images/";

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

/** The posts list's columns: the table's and the export's. */
export const POST_COLUMNS: readonly ListColumn<PostRow>[] = [
  { key: "title", header: "Title", sortField: "title", width: 40, value: (r) => r.title },
  { key: "author", header: "Author", sortField: "author", width: 20, value: (r) => plain(r.author) },
  { key: "status", header: "Status", sortField: "status", width: 12, value: (r) => POST_STATUS_LABELS[r.status] },
  { key: "tags", header: "Tags", width: 30, value: (r) => plain(r.tags.join(", ")) },
  { key: "created", header: "Created At", sortField: "created_at", width: 18, value: (r) => r.createdAt },
  { key: "updated", header: "Updated At", sortField: "updated_at", width: 18, value: (r) => r.updatedAt },
];

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
