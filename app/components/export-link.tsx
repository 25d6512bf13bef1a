import { useEffect, useRef } from "react";
import { useLocation } from "@remix-run/react";
import { ListViews } from "~/components/list-views";
import { Button, Flex } from "~/components/ui";
import { raiseToast } from "~/components/shell/toasts";
import {
  EXPORT_COOKIE_MAX_AGE,
  EXPORT_COOKIE_PATH,
  EXPORT_FAILED_PREFIX,
  EXPORT_MESSAGES,
  EXPORT_OK,
  EXPORT_TOKEN_PARAM,
  exportCookieName,
} from "~/models/export-status";

function takeCookie(name: string): string | null {
  const found = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  if (found === undefined) return null;
  document.cookie = `${name}=; Path=${EXPORT_COOKIE_PATH}; Max-Age=0`;
  return found.slice(name.length + 1);
}

/**
 * "Export to Excel": a plain link to the export resource route. Without JavaScript that is all (a
 * failure comes back as a redirect with the "Failed to export data" toast). With JavaScript the
 * click adds a one-time token; the export answers with a cookie named after it, and the page shows
 * "Export successful" once the download has started, or "Failed to export data" (the browser stays
 * on the page: the export answers a failure with 204).
 */
export function ExportLink({ href, label = "Export to Excel", variant }: { href: string; label?: string; variant?: "soft" }) {
  const timer = useRef<ReturnType<typeof setInterval>>();
  useEffect(() => () => clearInterval(timer.current), []);

  return (
    <Button asChild variant={variant}>
      <a
        href={href}
        onClick={(event) => {
          const token = Math.random().toString(36).slice(2, 12).padEnd(8, "0");
          const url = new URL(href, window.location.href);
          url.searchParams.set(EXPORT_TOKEN_PARAM, token);
          event.currentTarget.href = url.pathname + url.search;
          clearInterval(timer.current);
          const cookie = exportCookieName(token);
          const until = Date.now() + EXPORT_COOKIE_MAX_AGE * 1000;
          timer.current = setInterval(() => {
            const outcome = takeCookie(cookie);
            if (outcome === null && Date.now() < until) return;
            clearInterval(timer.current);
            if (outcome === EXPORT_OK) raiseToast({ type: "success", message: EXPORT_MESSAGES.success });
            else if (outcome?.startsWith(EXPORT_FAILED_PREFIX)) {
              let message: string = EXPORT_MESSAGES.failed;
              try {
                message = decodeURIComponent(outcome.slice(EXPORT_FAILED_PREFIX.length)) || message;
              } catch {
                // not our encoding: the plain message
              }
              raiseToast({ type: "error", message });
            }
          }, 200);
        }}
      >
        {label}
      </a>
    </Button>
  );
}

/**
 * A list's "Export to Excel" and "Export to CSV" (app/services/list-export.server.ts): its export
 * route with the page's own filter, search, sort and columns (paging dropped: every row is
 * exported); and the list's saved views beside them.
 */
export function ListExportLinks({ path }: { path: string }) {
  const location = useLocation();
  const href = (format: "xlsx" | "csv") => {
    const params = new URLSearchParams(location.search);
    for (const key of ["page", "cursor", "index"]) params.delete(key);
    params.set("format", format);
    return `${path}?${params}`;
  };
  return (
    <Flex gap="2" wrap="wrap" align="start">
      <ListViews />
      <ExportLink href={href("xlsx")} />
      <ExportLink href={href("csv")} label="Export to CSV" variant="soft" />
    </Flex>
  );
}
