/**
 * Request ids (header x-request-id): made by the first of our servers a request reaches, kept when
 * a caller sends a well-formed one (the admin, for the API; a proxy, for the admin), stored on the
 * audit entries the request writes. Well-formed: 8–100 of A-Z a-z 0-9 and - _ . : (a UUID, nginx's
 * $request_id, an AWS trace id), so no log line or audit row carries what a caller chose to inject.
 */
import { randomUUID } from "node:crypto";

const WELL_FORMED = /^[A-Za-z0-9_.:-]{8,100}$/;

export function isRequestId(value: string | null | undefined): value is string {
  return typeof value === "string" && WELL_FORMED.test(value);
}

/** The id a caller sent, when well-formed; a new one otherwise. */
export function requestIdFrom(sent: string | null | undefined): string {
  return isRequestId(sent) ? sent : randomUUID();
}

/**
 * What the admin's server follows of one request (server/observability.ts) and the marketplace
 * client fills in (app/services/marketplace/client.server.ts): its id goes with every API call, the
 * admin the calls act for goes on its log line, and each call is counted in /metrics.
 */
export type RequestObservation = {
  requestId: string;
  adminUserId?: number;
  apiCall?: (method: string, status: number, seconds: number) => void;
  /** an error the request met that its answer cannot show whole (a download broken off): on the server's log, with the request's id */
  logError?: (note: string, error: unknown) => void;
};
