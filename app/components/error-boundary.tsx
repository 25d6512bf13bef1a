import { isRouteErrorResponse, useActionData, useLocation, useRouteError } from "@remix-run/react";
import { onDemand } from "~/components/on-demand";
import type { FormFailure } from "~/models/form-result";

/**
 * The error pages' panels come on demand (error-panel.tsx): every route exports an error boundary,
 * and a page shown without an error need not load what it would show (issue 31 §4). The server
 * renders them with the page, as HTML, JavaScript on or off.
 */
export const ErrorPanel = onDemand(() => import("./error-panel").then((module) => module.ErrorPanel));
const RouteErrorPanel = onDemand(() => import("./error-panel").then((module) => module.RouteErrorPanel));

export function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  // a MarketplaceError that reached the boundary unhandled (its name survives in development)
  if (error instanceof Error && error.name === "MarketplaceError") {
    const status = "status" in error ? error.status : undefined;
    return typeof status === "number" && status >= 500 ? 503 : 500;
  }
  return 500;
}

/** Every /admin child route re-exports this as its ErrorBoundary, so errors render inside the shell. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const status = statusOf(error);
  const reason =
    isRouteErrorResponse(error) && error.status === 400 && typeof error.data === "string" ? error.data.slice(0, 500) : undefined;
  // a form posted while the API was away whose page cannot be shown without it (JS off): what was typed stays on screen
  const failure = useActionData<FormFailure | undefined>();
  return <RouteErrorPanel status={status} retryHref={location.pathname + location.search} reason={reason} failure={failure} />;
}
