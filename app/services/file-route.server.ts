import { API_UNAVAILABLE_MESSAGE, MarketplaceError, type Caller } from "~/services/marketplace/client.server";
import { fetchStoredFile } from "~/services/marketplace/files.server";
import { redirectWithToast } from "~/services/toast.server";
import { extensionOf, isValidFileName } from "~contract/file-types";
import { fileKindOf, IMAGE_TYPES } from "~/models/file-types";

export const DOWNLOAD_FAILED = "The file could not be downloaded";

/** Why a file could not be served, in the admin's words (never the API's address or secret). */
function reasonOf(error: unknown, name: string): { status: number; reason: string } {
  if (error instanceof MarketplaceError) {
    if (error.kind === "not-found") return { status: 404, reason: `${name} was not found.` };
    if (error.kind === "unavailable") return { status: 503, reason: API_UNAVAILABLE_MESSAGE };
    return { status: 400, reason: `${name} is not a file name the store accepts.` };
  }
  throw error;
}

/** The page a failed download returns to: where the admin came from when that is the page itself. */
export function backTo(request: Request, pagePath: string): string {
  const referer = request.headers.get("Referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.origin === new URL(request.url).origin && from.pathname === pagePath) return from.pathname + from.search;
    } catch {
      // not a URL: use the page itself
    }
  }
  return pagePath;
}

/**
 * A file the browser loads by itself (an <img>, an <object>) gets a plain error status; a file the
 * admin opened or downloaded gets the page back with an error toast (the toast must not be spent
 * by an image nobody clicked).
 */
function isNavigation(request: Request): boolean {
  const url = new URL(request.url);
  if (url.searchParams.get("download") === "1") return true;
  const dest = request.headers.get("Sec-Fetch-Dest");
  return dest === null || dest === "document";
}

export async function fileFailure(request: Request, name: string, error: unknown, pagePath: string): Promise<Response> {
  const { status, reason } = reasonOf(error, name);
  if (!isNavigation(request)) {
    return new Response(`${DOWNLOAD_FAILED}: ${reason}`, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return redirectWithToast(request, backTo(request, pagePath), { type: "error", message: `${DOWNLOAD_FAILED}: ${reason}` });
}

function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Streams GET /files/{name} from the API to the browser. Images and PDFs are shown inline unless
 * ?download=1; everything else is an attachment. SVG can carry script: it is sandboxed.
 */
export async function serveStoredFile(
  request: Request,
  name: string | undefined,
  caller: Caller,
  pagePath: string,
  /** where the bytes come from (default GET /files/{name}) */
  fetchFile: (caller: Caller, name: string) => Promise<Response> = fetchStoredFile,
): Promise<Response> {
  if (!isValidFileName(name)) {
    return fileFailure(request, String(name ?? ""), new MarketplaceError("invalid", "bad file name", 400), pagePath);
  }
  let upstream: Response;
  try {
    upstream = await fetchFile(caller, name);
  } catch (error) {
    return fileFailure(request, name, error, pagePath);
  }
  const kind = fileKindOf(name);
  const download = new URL(request.url).searchParams.get("download") === "1";
  const ext = extensionOf(name);
  const type =
    IMAGE_TYPES[ext] ?? (ext === "pdf" ? "application/pdf" : (upstream.headers.get("Content-Type") ?? "application/octet-stream"));
  const headers = new Headers({
    "Content-Type": type,
    "Content-Disposition": contentDisposition(download || kind === "other" ? "attachment" : "inline", name),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, max-age=300",
  });
  const length = upstream.headers.get("Content-Length");
  if (length) headers.set("Content-Length", length);
  if (ext === "svg") headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  return new Response(upstream.body, { status: 200, headers });
}
