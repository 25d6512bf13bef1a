/**
 * Every admin route that takes an upload, with its limits: the ONE table the admin's server reads
 * (server/admin-server.ts: the largest body it lets through to each) and the routes state their
 * limits from (each file field's cap, how many files). A route whose page or action takes a file
 * must have a row here (tests/routes/upload-limits.test.ts walks every route module and checks);
 * any other route's body stays within the server's default (BODY_LIMIT_BYTES, 1 MB).
 *
 * No zod and nothing server-only: the host, the actions and the pages (their checks before sending)
 * import it.
 */
import { BUCKET_FILE_MAX_BYTES, BUCKET_MAX_FILES, BUCKET_MESSAGES } from "~contract/bucket-manager-labels";
import { BUCKET_REQUEST_MAX_BYTES, BUCKET_TOO_LARGE_TOGETHER } from "./bucket-manager-labels";
import { POST_IMAGE_MAX_BYTES, POST_MESSAGES } from "~contract/post-labels";
import { DOCUMENT_FORM_MAX_BYTES, PORTFOLIO_MAX_MB } from "~contract/provider-documents-labels";
import { SETTING_FILES } from "~contract/setting-labels";
import { GENERAL_SETTINGS_FORM_MAX_BYTES } from "./setting-labels";

const KB = 1024;
const MB = 1024 * 1024;

export type UploadRoute = {
  /** the screen's name: the refusal page's title and its link back */
  screen: string;
  /** the route's URL path; with JavaScript Remix posts to its `.data` twin, which it matches too */
  path: RegExp;
  /** each file field the action reads, with that field's largest file */
  files: Record<string, number>;
  /** at most this many files in one request */
  maxFiles: number;
  /** the largest request body the admin's server reads for this route */
  maxBodyBytes: number;
  /** what a body over maxBodyBytes is told, in the screen's words */
  tooLarge: string;
  /** where the refusal page (without JavaScript) leads back: the page itself when null */
  backTo: string | null;
  /**
   * With JavaScript: what the page's action data says instead (the screen's own failure shape),
   * so the screen shows the message beside its field and keeps what was typed. Without one the
   * answer is a form-level message ({ formError }).
   */
  jsAnswer?: Record<string, unknown>;
};

// the bucket manager's request limit lives with its labels: its page states it, and importing this
// table would bring every other screen's labels to that page (issue 31 §4)
export { BUCKET_REQUEST_MAX_BYTES, BUCKET_REQUEST_MAX_TEXT, BUCKET_TOO_LARGE_TOGETHER } from "./bucket-manager-labels";

export const UPLOAD_ROUTES = {
  /** /admin/s3-bucket-manager: its upload form without JavaScript (all the chosen files in one request) */
  bucketPage: {
    screen: BUCKET_MESSAGES.title,
    path: /^\/admin\/s3-bucket-manager(?:\.data)?$/,
    files: { files: BUCKET_FILE_MAX_BYTES },
    maxFiles: BUCKET_MAX_FILES,
    maxBodyBytes: BUCKET_REQUEST_MAX_BYTES + 256 * KB,
    tooLarge: BUCKET_TOO_LARGE_TOGETHER,
    backTo: "/admin/s3-bucket-manager",
    jsAnswer: { uploads: [{ name: "", ok: false, message: BUCKET_TOO_LARGE_TOGETHER }] },
  },
  /** /admin/s3-bucket-manager/upload: one file per request, with JavaScript (its progress bar) */
  bucketUpload: {
    screen: BUCKET_MESSAGES.title,
    path: /^\/admin\/s3-bucket-manager\/upload(?:\.data)?$/,
    files: { file: BUCKET_FILE_MAX_BYTES },
    maxFiles: 1,
    maxBodyBytes: BUCKET_FILE_MAX_BYTES + 64 * KB,
    tooLarge: BUCKET_MESSAGES.tooLarge,
    backTo: "/admin/s3-bucket-manager",
  },
  /** /admin/posts/post: the image upload (with JavaScript on its own; without, sent with the post) */
  postEditor: {
    screen: "Post editor",
    path: /^\/admin\/posts\/post(?:\.data)?$/,
    files: { image: POST_IMAGE_MAX_BYTES },
    maxFiles: 1,
    // the image and the post's text fields (sent with it without JavaScript)
    maxBodyBytes: POST_IMAGE_MAX_BYTES + MB,
    tooLarge: POST_MESSAGES.imageTooLarge,
    backTo: null,
    jsAnswer: { intent: "upload", ok: false, error: POST_MESSAGES.imageTooLarge, alt: "" },
  },
  /** the provider wizard's Documents & Terms (the admin's Edit Form and the provider's own) */
  providerDocuments: {
    screen: "Documents & Terms",
    path: /^\/(?:admin\/edit-provider-details\/\d+|provider\/complete-profile)(?:\.data)?$/,
    // streamed on to the API, which caps each file (2 MB; the portfolio 100 MB together)
    files: {},
    maxFiles: 32,
    maxBodyBytes: DOCUMENT_FORM_MAX_BYTES,
    tooLarge: `File(s) size exceeds limit. Please upload files smaller than ${PORTFOLIO_MAX_MB} MB.`,
    backTo: null,
  },
  /** /admin/settings: General Settings' logo and favicon */
  generalSettings: {
    screen: "Settings",
    path: /^\/admin\/settings(?:\.data)?$/,
    files: { logoFile: SETTING_FILES.logo.maxBytes, faviconFile: SETTING_FILES.favicon.maxBytes },
    maxFiles: 2,
    maxBodyBytes: GENERAL_SETTINGS_FORM_MAX_BYTES,
    tooLarge: `The logo must be at most ${SETTING_FILES.logo.maxSizeText} and the favicon at most ${SETTING_FILES.favicon.maxSizeText}.`,
    backTo: null,
  },
} as const satisfies Record<string, UploadRoute>;

export type UploadRouteName = keyof typeof UPLOAD_ROUTES;

/** The row of the route at this URL path (or its `.data` twin), if it takes uploads. */
export function uploadRouteOf(path: string): UploadRoute | undefined {
  return Object.values(UPLOAD_ROUTES).find((row) => row.path.test(path));
}
