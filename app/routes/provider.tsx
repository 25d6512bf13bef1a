import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, isRouteErrorResponse, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { statusOf } from "~/components/error-boundary";
import { ProviderErrorPage } from "~/components/provider-auth/provider-error";
import { ProviderHeader } from "~/components/provider-auth/provider-header";
import { TimeZoneNote } from "~/components/shell/time-zone-note";
import { Toasts } from "~/components/shell/toasts";
import type { ShellToast } from "~/components/shell/types";
import { requireProvider } from "~/services/provider-auth/auth.server";
import { marketplaceName, providerNameOf } from "~/services/provider-auth/pages.server";
import { commitFlash } from "~/services/session.server";
import { takeToast } from "~/services/toast.server";

/** The provider pages' layout: no admin sidebar; the marketplace's name, the provider's and Sign out. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { provider, api } = await requireProvider(request);
  const [{ toast, flash }, name] = await Promise.all([takeToast(request), marketplaceName(api)]);
  const shellToast: ShellToast | null = toast ? { ...toast, id: crypto.randomUUID() } : null;
  return data(
    { marketplaceName: name, providerName: providerNameOf(provider), toast: shellToast },
    toast ? { headers: { "Set-Cookie": await commitFlash(flash) } } : undefined,
  );
}

export const meta: MetaFunction = () => [{ title: "Provider" }];

export default function ProviderLayout() {
  const { marketplaceName, providerName, toast } = useLoaderData<typeof loader>();
  return (
    <div className="provider-shell">
      <a href="#main" className="visually-hidden">
        Skip to content
      </a>
      <ProviderHeader marketplaceName={marketplaceName} providerName={providerName} />
      <main id="main" className="provider-main">
        <Outlet />
        <TimeZoneNote />
      </main>
      <Toasts toast={toast} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : statusOf(error);
  return <ProviderErrorPage status={status} retryHref={location.pathname + location.search} />;
}
