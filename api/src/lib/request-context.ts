import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request this code runs for (set by lib/observability.ts around every call): its id reaches the
 * audit entries it writes (lib/audit.ts) and the errors it logs, without passing it through every
 * handler. Background work (the outbox, bulk jobs) runs outside any request: no id.
 */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export const currentRequestId = (): string | null => requestContext.getStore()?.requestId ?? null;
