import { useBlocker, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SUBMISSION_FIELD } from "~/models/form-result";
import { provideUnsavedChangesGuard } from "~/components/unsaved-guard-slot";

/** The attribute a form carries to be watched: `<Form {...UNSAVED_WARNING} …>`. */
export const UNSAVED_WARNING = { "data-unsaved-warning": "" } as const;
const SELECTOR = "form[data-unsaved-warning]";

export const UNSAVED_CHANGES_MESSAGE = "You have unsaved changes. Leave this page and lose them?";

type Watched = { initial: string; touched: boolean };

/** A form's values as one string (files by name and size), to tell an edit from a look. */
function serialize(form: HTMLFormElement): string {
  const parts: string[] = [];
  for (const [name, value] of new FormData(form)) {
    // the submission key is new after each post: not something the admin typed
    if (name === "intent" || name === SUBMISSION_FIELD) continue;
    parts.push(`${name}=${typeof value === "string" ? value : `${value.name}:${value.size}`}`);
  }
  return parts.join("&");
}

function isDirty(watched: WeakMap<HTMLFormElement, Watched>): boolean {
  for (const form of document.querySelectorAll<HTMLFormElement>(SELECTOR)) {
    const state = watched.get(form);
    if (state?.touched && serialize(form) !== state.initial) return true;
  }
  return false;
}

/**
 * With JavaScript, leaving a page whose watched form holds typed, unsaved values asks first: a
 * link, a tab, Back or Cancel in the app (Remix's blocker, then the browser's confirm), and a reload
 * or a closed tab (beforeunload). A form's values are remembered when it is first focused and it
 * counts once the admin has typed or chosen something that differs from them. Submitting the form
 * is not leaving; a save the server refused (its fields marked invalid) is still unsaved.
 * Without JavaScript nothing is watched: the browser leaves as it always does.
 */
export function UnsavedChangesGuard() {
  const watched = useRef(new WeakMap<HTMLFormElement, Watched>());
  const submitting = useRef(false);
  const navigation = useNavigation();

  useEffect(() => {
    const formOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLFormElement>(SELECTOR) : null);
    const onFocus = (event: Event) => {
      const form = formOf(event.target);
      if (form && !watched.current.get(form)?.touched) watched.current.set(form, { initial: serialize(form), touched: false });
    };
    const onEdit = (event: Event) => {
      const form = formOf(event.target);
      if (!form) return;
      const state = watched.current.get(form);
      if (state) state.touched = true;
      else watched.current.set(form, { initial: "", touched: true });
    };
    const onSubmit = (event: Event) => {
      const form = formOf(event.target);
      if (!form) return;
      submitting.current = true;
      watched.current.set(form, { initial: serialize(form), touched: false });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (submitting.current || !isDirty(watched.current)) return;
      event.preventDefault();
      event.returnValue = "";
    };
    document.addEventListener("focusin", onFocus);
    document.addEventListener("input", onEdit);
    document.addEventListener("change", onEdit);
    // capture: before Remix's own submit handler starts the navigation the blocker looks at
    document.addEventListener("submit", onSubmit, true);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("focusin", onFocus);
      document.removeEventListener("input", onEdit);
      document.removeEventListener("change", onEdit);
      document.removeEventListener("submit", onSubmit, true);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, []);

  // after a submission settles: a refused save (fields marked invalid, a form error) is still unsaved
  useEffect(() => {
    if (navigation.state !== "idle" || !submitting.current) return;
    submitting.current = false;
    for (const form of document.querySelectorAll<HTMLFormElement>(SELECTOR)) {
      if (form.querySelector('[aria-invalid="true"], .form-error')) watched.current.set(form, { initial: "", touched: true });
    }
  }, [navigation.state]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !submitting.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) &&
      isDirty(watched.current),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_CHANGES_MESSAGE)) {
      watched.current = new WeakMap();
      blocker.proceed();
    } else blocker.reset();
  }, [blocker]);

  return null;
}

// mounted by root.tsx (components/unsaved-guard-slot.tsx) once a page with a watched form brings this module
provideUnsavedChangesGuard(UnsavedChangesGuard);
