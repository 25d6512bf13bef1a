import { useEffect, useRef, useState, type ComponentType } from "react";
import { SUBMISSION_FIELD } from "~/models/form-result";

/** The attribute a form carries to be watched: `<Form {...UNSAVED_WARNING} …>`. */
export const UNSAVED_WARNING = { "data-unsaved-warning": "" } as const;
export const SELECTOR = "form[data-unsaved-warning]";

export const UNSAVED_CHANGES_MESSAGE = "You have unsaved changes. Leave this page and lose them?";

export type Watched = { initial: string; touched: boolean };
export type WatchedForms = { current: WeakMap<HTMLFormElement, Watched> };

/** A form's values as one string (files by name and size), to tell an edit from a look. */
export function serialize(form: HTMLFormElement): string {
  const parts: string[] = [];
  for (const [name, value] of new FormData(form)) {
    // the submission key is new after each post: not something the admin typed
    if (name === "intent" || name === SUBMISSION_FIELD) continue;
    parts.push(`${name}=${typeof value === "string" ? value : `${value.name}:${value.size}`}`);
  }
  return parts.join("&");
}

/**
 * With JavaScript, leaving a page whose watched form holds typed, unsaved values asks first: a
 * link, a tab, Back or Cancel in the app (Remix's blocker, then the browser's confirm), and a reload
 * or a closed tab (beforeunload). A form's values are remembered when it is first focused and it
 * counts once the admin has typed or chosen something that differs from them. Submitting the form
 * is not leaving; a save the server refused (its fields marked invalid) is still unsaved.
 * Without JavaScript nothing is watched: the browser leaves as it always does.
 *
 * This part, on every page, only remembers what each watched form held when first focused and which
 * were edited; the guard itself (unsaved-changes-guard.tsx: the blocker, beforeunload, submissions)
 * is fetched on the first edit of a watched form (issue 31 §4: ~1 KB less on every page).
 */
export function UnsavedChangesGuard() {
  const watchedRef = useRef(new WeakMap<HTMLFormElement, Watched>());
  const [Guard, setGuard] = useState<ComponentType<{ watchedRef: WatchedForms }> | null>(null);

  useEffect(() => {
    let loading = false;
    const formOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLFormElement>(SELECTOR) : null);
    const onFocus = (event: Event) => {
      const form = formOf(event.target);
      if (form && !watchedRef.current.get(form)?.touched) watchedRef.current.set(form, { initial: serialize(form), touched: false });
    };
    const onEdit = (event: Event) => {
      const form = formOf(event.target);
      if (!form) return;
      const state = watchedRef.current.get(form);
      if (state) state.touched = true;
      else watchedRef.current.set(form, { initial: "", touched: true });
      if (!loading) {
        loading = true;
        import("./unsaved-changes-guard").then(
          (module) => setGuard(() => module.ActiveGuard),
          () => (loading = false),
        );
      }
    };
    document.addEventListener("focusin", onFocus);
    document.addEventListener("input", onEdit);
    document.addEventListener("change", onEdit);
    return () => {
      document.removeEventListener("focusin", onFocus);
      document.removeEventListener("input", onEdit);
      document.removeEventListener("change", onEdit);
    };
  }, []);

  return Guard ? <Guard watchedRef={watchedRef} /> : null;
}
