import type { AppLoadContext } from "@remix-run/node";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * A server-drawn island's markup (components/server-html.tsx; decision 0025), drawn here so that
 * react-dom/server stays out of the page's scripts: on a document request, null, and the markup goes
 * to the page's render through the load context (so it is not also in the page's inline data); on a
 * data request (a client navigation), the markup itself.
 */
export function drawIsland(context: AppLoadContext, id: string, element: ReactElement): string | null {
  const html = renderToStaticMarkup(element);
  if (!context.documentRequest) return html;
  (context.serverHtml ??= {})[id] = html;
  return null;
}
