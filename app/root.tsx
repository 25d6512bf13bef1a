import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useCspNonce } from "~/components/shell/csp-nonce";
import { UnsavedChangesGuardSlot } from "~/components/unsaved-guard-slot";
import { Theme } from "~/components/ui";
import radixStyles from "~/styles/radix.css";
import radixDarkStyles from "~/styles/radix-dark.css";
import radixP3Styles from "~/styles/radix-p3.css";
import appStyles from "~/styles/app.css";
import type { ReactNode } from "react";
import type { Appearance } from "~/models/admin-users";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// The stylesheets are linked by Layout (they depend on the admin's appearance); routes link their own.
export const links: LinksFunction = () => [
  // public/favicon.svg; /favicon.ico is there too for clients that ask for it by that name
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * Radix Themes' look trimmed to what the admin uses (scripts/radix-css.mjs, decision 0016), then the
 * admin's own. Only what can style the page blocks its first paint: the dark theme is linked for
 * Dark, and for System with its media query (a stylesheet whose media does not match blocks
 * nothing); the wide-gamut palettes only on a P3 screen. In the cascade's order: the dark rules
 * after the light ones, the admin's after Radix's. No script involved: the same without JS.
 */
function Stylesheets({ appearance }: { appearance: Appearance }) {
  return (
    <>
      <link rel="stylesheet" href={radixStyles} />
      <link rel="stylesheet" href={radixP3Styles} media="(color-gamut: p3)" />
      {appearance === "light" ? null : (
        <link rel="stylesheet" href={radixDarkStyles} media={appearance === "dark" ? undefined : "(prefers-color-scheme: dark)"} />
      )}
      <link rel="stylesheet" href={appStyles} />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Admin" }];

/**
 * New at every page load and after every form post (Remix asks again then): the start of each
 * form's submission key (components/submission-key.tsx). Nothing secret, nothing read from the API.
 */
export function loader() {
  return { submissionSeed: randomUUID() };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useCspNonce();
  // the signed-in admin's choice (Profile), rendered by the server: no flash, no script needed
  const appearance = useRouteLoaderData<{ appearance?: Appearance }>("routes/admin")?.appearance ?? "system";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Stylesheets appearance={appearance} />
        <Links />
      </head>
      <body>
        <Theme accentColor="indigo" grayColor="slate" radius="medium" appearance={appearance}>
          {children}
        </Theme>
        {/* Remix's ScrollRestoration scrolls to the top on every new path and restores on back. */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      {/* the unsaved-changes guard, once a page with a watched form has brought its code */}
      <UnsavedChangesGuardSlot />
      <Outlet />
    </>
  );
}

/** The 500 page: no shell, no stack trace, no message that could carry a secret. */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="standalone-page">
      <div className="standalone-card">
        <h1 className="standalone-title">{notFound ? "Page not found" : "Something went wrong"}</h1>
        <p className="standalone-text">
          {notFound ? "There is no page at this address." : "The page could not be shown. Please try again in a moment."}
        </p>
        <a className="button-link" href="/admin">
          Back to the dashboard
        </a>
      </div>
    </main>
  );
}
