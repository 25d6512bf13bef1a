/**
 * How a download tells the page it started (JavaScript only; spec 2 §8 "Export successful"): the
 * Export link adds a one-time token, and the export answers with a short-lived cookie named after
 * it (readable by the page, not HttpOnly) holding "ok" or "failed:<message>". No zod: the browser
 * bundle imports this.
 */
export const EXPORT_TOKEN_PARAM = "token";
export const EXPORT_TOKEN = /^[a-z0-9]{6,32}$/i;
/** every list's export lives under /admin (app/services/list-export.server.ts) */
export const EXPORT_COOKIE_PATH = "/admin";
export const EXPORT_COOKIE_MAX_AGE = 60;
export const exportCookieName = (token: string) => `export-${token}`;
export const EXPORT_OK = "ok";
export const EXPORT_FAILED_PREFIX = "failed:";

export const EXPORT_MESSAGES = {
  success: "Export successful",
  failed: "Failed to export data",
} as const;
