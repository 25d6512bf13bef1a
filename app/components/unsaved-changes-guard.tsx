import { useBlocker, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SELECTOR, serialize, UNSAVED_CHANGES_MESSAGE, type Watched, type WatchedForms } from "./unsaved-changes";

function isDirty(watched: WeakMap<HTMLFormElement, Watched>): boolean {
  for (const form of document.querySelectorAll<HTMLFormElement>(SELECTOR)) {
    const state = watched.get(form);
    if (state?.touched && serialize(form) !== state.initial) return true;
  }
  return false;
}

/**
 * The unsaved-changes guard once a watched form has been edited (fetched then by
 * UnsavedChangesGuard, which keeps `watchedRef` up to date): asks before leaving a page whose watched
 * form holds unsaved values (Remix's blocker, then the browser's confirm; beforeunload for a reload
 * or a closed tab); submitting is not leaving, and a save the server refused is still unsaved.
 */
export function ActiveGuard({ watchedRef }: { watchedRef: WatchedForms }) {
  const submitting = useRef(false);
  const navigation = useNavigation();

  useEffect(() => {
    const onSubmit = (event: Event) => {
      const form = event.target instanceof Element ? event.target.closest<HTMLFormElement>(SELECTOR) : null;
      if (!form) return;
      submitting.current = true;
      watchedRef.current.set(form, { initial: serialize(form), touched: false });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (submitting.current || !isDirty(watchedRef.current)) return;
      event.preventDefault();
      event.returnValue = "";
    };
    // capture: before Remix's own submit handler starts the navigation the blocker looks at
    document.addEventListener("submit", onSubmit, true);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("submit", onSubmit, true);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [watchedRef]);

  // after a submission settles: a refused save (fields marked invalid, a form error) is still unsaved
  useEffect(() => {
    if (navigation.state !== "idle" || !submitting.current) return;
    submitting.current = false;
    for (const form of document.querySelectorAll<HTMLFormElement>(SELECTOR)) {
      if (form.querySelector('[aria-invalid="true"], .form-error')) watchedRef.current.set(form, { initial: "", touched: true });
    }
  }, [navigation.state, watchedRef]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !submitting.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) &&
      isDirty(watchedRef.current),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_CHANGES_MESSAGE)) {
      watchedRef.current = new WeakMap();
      blocker.proceed();
    } else blocker.reset();
  }, [blocker, watchedRef]);

  return null;
}
