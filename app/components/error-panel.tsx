/**
 * The error panels (fetched on demand by error-boundary.tsx: a page that renders without an error
 * does not load them; issue 31 §4).
 */
import { Link } from "@remix-run/react";
import type { FormFailure } from "~/models/form-result";
import { Button, Flex, Heading, Text } from "~/components/ui";
import type { ReactNode } from "react";

type ErrorContent = { title: string; text: string; action: ReactNode };

/**
 * What an error means for the admin, by status; never the error's own text (it may carry a
 * secret), except a 400's: the sentences throwLoaderError wrote from the API's field messages.
 */
function contentFor(status: number, retryHref: string, reason?: string): ErrorContent {
  const dashboard = (
    <Button asChild>
      <Link to="/admin">Go to the dashboard</Link>
    </Button>
  );
  switch (status) {
    case 403:
      return {
        title: "You do not have access to this page",
        text: "Your admin account does not include the access this page needs. Ask an administrator if you should have it.",
        action: dashboard,
      };
    case 404:
      return { title: "Page not found", text: "There is nothing at this address.", action: dashboard };
    case 400:
      return {
        title: "This address holds a value the page cannot use",
        text: reason || "Something in this page's address is not valid.",
        action: (
          <Button asChild>
            {/* the same page with nothing in its address */}
            <a href={retryHref.split("?")[0]}>Open the page without its filters</a>
          </Button>
        ),
      };
    case 502:
    case 503:
    case 504:
      return {
        title: "The marketplace API is not answering",
        text: "The marketplace API is not answering right now. Please try again in a moment.",
        action: (
          <Button asChild>
            {/* a full reload of the same URL: works with and without JavaScript */}
            <a href={retryHref}>Retry</a>
          </Button>
        ),
      };
    default:
      return {
        title: "Something went wrong",
        text: "This page could not be shown. Please try again in a moment.",
        action: dashboard,
      };
  }
}

export function ErrorPanel({ status, retryHref, reason }: { status: number; retryHref: string; reason?: string }) {
  const { title, text, action } = contentFor(status, retryHref, reason);
  return (
    <section className="panel" role={status >= 500 ? "alert" : undefined} aria-labelledby="error-title">
      <Flex direction="column" gap="3" align="start">
        <Text size="1" color="gray">
          Error {status}
        </Text>
        <Heading as="h1" size="6" id="error-title">
          {title}
        </Heading>
        <Text as="p" size="2" color="gray">
          {text}
        </Text>
        {action}
      </Flex>
    </section>
  );
}

/** What a route's error boundary shows: the panel, and what was typed into a form the API did not save. */
export function RouteErrorPanel({
  status,
  retryHref,
  reason,
  failure,
}: {
  status: number;
  retryHref: string;
  reason?: string;
  failure?: FormFailure;
}) {
  return (
    <>
      <ErrorPanel status={status} retryHref={retryHref} reason={reason} />
      {status >= 500 && failure?.repopulateFields ? <TypedValues values={failure.repopulateFields} /> : null}
    </>
  );
}

/** The values of a form that was not saved, to copy from (the form itself needs the API to be shown). */
function TypedValues({ values }: { values: Record<string, unknown> }) {
  const shown = Object.entries(values).filter(
    ([name, value]) => typeof value === "string" && value !== "" && !name.startsWith("_") && name !== "updated_at",
  );
  if (shown.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="typed-values-title">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id="typed-values-title">
          What you typed (not saved)
        </Heading>
        {shown.map(([name, value]) => (
          <Flex key={name} direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor={`typed-${name}`}>
              {name}
            </Text>
            <textarea
              id={`typed-${name}`}
              className="native-input"
              readOnly
              rows={Math.min(6, String(value).split("\n").length + 1)}
              value={String(value)}
            />
          </Flex>
        ))}
      </Flex>
    </section>
  );
}
