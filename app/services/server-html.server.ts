import type { AppLoadContext } from "@remix-run/node";

/**
 * What a loader returns for a server-drawn island (components/server-html.tsx): on a document
 * request, null, and the markup goes to the page's render through the load context (so it is not
 * also in the page's inline data); on a data request (a client navigation), the markup itself.
 */
export function islandHtml(context: AppLoadContext, id: string, html: string): string | null {
  if (!context.documentRequest) return html;
  (context.serverHtml ??= {})[id] = html;
  return null;
}
