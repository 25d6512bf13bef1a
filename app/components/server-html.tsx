import { createContext, useContext, useState } from "react";

/**
 * HTML a loader drew on the server, by island id, for the document being rendered (the loader puts
 * it in the load context, app/entry.server.tsx provides it). Null in the browser.
 */
export const ServerHtmlContext = createContext<Record<string, string> | null>(null);

/**
 * A part of a page drawn once on the server and never by the browser's React (the dashboard's
 * charts, docs/decisions/0025-server-drawn-islands.md): no component code and no data for it in the
 * page's scripts. `html` is null on a document (the server renders the context's copy; the browser
 * keeps what it got), the markup itself after a client navigation, which has no copy to keep.
 */
export function ServerHtml({ id, html }: { id: string; html: string | null }) {
  const drawn = useContext(ServerHtmlContext);
  // read once: the server's copy, or in the browser what the document came with (hydration keeps it)
  const [kept] = useState(() => drawn?.[id] ?? (typeof document === "undefined" ? "" : (document.getElementById(id)?.innerHTML ?? "")));
  return <div id={id} dangerouslySetInnerHTML={{ __html: html ?? kept }} />;
}
