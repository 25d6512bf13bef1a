import { Suspense, type ComponentType } from "react";

type Loaded<P> = { Component: ComponentType<P> };

/**
 * A component whose code is fetched only when a page needs it (a dialog the URL opens, say), so
 * the list it belongs to ships without it.
 *
 * Unlike `React.lazy`, the server always renders it in the same pass as the page: the server loads
 * the module when this file is first imported, long before a request, so a page opened with the
 * dialog in its URL comes complete as HTML, with JavaScript off too (a lazy component would stream
 * in later behind a script). In the browser the module is fetched when `preload()` is called (e.g.
 * on the way to the dialog) or when it is first rendered; until then its Suspense boundary keeps the
 * server's HTML (at hydration) or shows nothing (after a client navigation).
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: Loaded<P> | undefined;
  let failed = false;
  let pending: Promise<void> | undefined;
  const preload = () => {
    pending ??= load().then(
      (Component) => {
        loaded = { Component };
        failed = false;
      },
      () => {
        // a failed fetch (offline, a new deploy): said where the part would be; the next preload tries again
        failed = true;
        pending = undefined;
      },
    );
    return pending;
  };
  if (typeof document === "undefined") void preload();

  function Inner(props: P) {
    if (loaded) return <loaded.Component {...props} />;
    if (failed) {
      return (
        <p role="alert" className="form-error">
          This part of the page could not be loaded. Please reload the page.
        </p>
      );
    }
    // suspends until the module is in (React 18 takes a thrown promise)
    throw preload();
  }

  function OnDemand(props: P) {
    return (
      <Suspense fallback={null}>
        <Inner {...props} />
      </Suspense>
    );
  }
  OnDemand.preload = preload;
  return OnDemand;
}

// the same chunk as the rest of what every page loads (see the end of components/ui.tsx)
export { Text as _chunkUi } from "~/components/ui";
