import { createContext, useContext } from "react";

/**
 * This response's Content-Security-Policy nonce (server/admin-server.ts makes one per request;
 * app/entry.server.tsx provides it). Remix's <Scripts> and <ScrollRestoration> put it on their inline
 * scripts. In the browser it is "": the scripts have already run, and browsers hide the attribute.
 */
export const CspNonceContext = createContext<string>("");

export function useCspNonce(): string {
  return useContext(CspNonceContext);
}
