import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerHtmlContext } from "~/components/server-html";
import { CspNonceContext } from "~/components/shell/csp-nonce";
import { CoalescedStream } from "~/services/coalesced-stream.server";
import { deferScripts } from "~/services/deferred-scripts.server";

/** The admin's server runs every request in this (server/admin-server.ts): one timeout per request for an API that hangs. */
export { inRequestScope } from "~/services/marketplace/client.server";

// Streams still pending after this long are cut (Remix's own default).
const STREAM_TIMEOUT_MS = 5_000;

/**
 * Remix logs every error with its stack. An unknown URL (404) or a method a route does not take (405)
 * is the visitor's mistake, already answered by the error page: not worth a stack in the log.
 * Aborted requests (the browser went away) are not logged either, as Remix's default does.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (context.logError) context.logError(error);
  else console.error(error);
};

/**
 * Renders a page as Remix's default does (a browser gets the shell as soon as it is ready, a bot or
 * audit tool the whole page at once), plus four things: the Content-Security-Policy nonce the admin's
 * server made for this response goes on every inline script Remix and React write, what React
 * writes in one go reaches the compressor as one chunk (see CoalescedStream), and the scripts are
 * fetched after the first paint (see deferScripts), and the server-drawn islands' markup reaches their
 * components (components/server-html.tsx).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  const whole = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const send = () => {
      shellRendered = true;
      // one chunk per turn of the event loop, so gzip is flushed once per burst, not per 2 KB;
      // the page's scripts start after its first paint (deferred-scripts.server.ts)
      const body = new CoalescedStream(deferScripts);
      responseHeaders.set("Content-Type", "text/html");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <ServerHtmlContext.Provider value={loadContext.serverHtml ?? null}>
          <RemixServer context={remixContext} url={request.url} abortDelay={STREAM_TIMEOUT_MS} nonce={nonce} />
        </ServerHtmlContext.Provider>
      </CspNonceContext.Provider>,
      {
        nonce,
        onShellReady: whole ? undefined : send,
        onAllReady: whole ? send : undefined,
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // errors before the shell are reported by Remix itself
          if (!shellRendered) return;
          if (loadContext.logError) loadContext.logError(error);
          else console.error(error);
        },
      },
    );
    setTimeout(abort, STREAM_TIMEOUT_MS + 1000);
  });
}
