import { useBlocker, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
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

/** Whether a form holds values other than the ones the page came with (typed before the guard started). */
function differsFromDefaults(form: HTMLFormElement): boolean {
  for (const element of form.elements) {
    if (element instanceof HTMLInputElement) {
      if (element.type === "hidden" || element.type === "submit" || element.type === "button") continue;
      if (
        element.type === "checkbox" || element.type === "radio"
          ? element.checked !== element.defaultChecked
          : element.value !== element.defaultValue
      )
        return true;
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLSelectElement) {
      for (const option of element.options) if (option.selected !== option.defaultSelected) return true;
    }
  }
  return false;
}

/** A submitted form showing field or form errors: its save was refused, so its values are unsaved. */
const REFUSED = '[aria-invalid="true"], .form-error';

function isDirty(watched: WeakMap<HTMLFormElement, Watched>, submitted: WeakSet<HTMLFormElement>): boolean {
  for (const form of document.querySelectorAll<HTMLFormElement>(SELECTOR)) {
    const state = watched.get(form);
    if (state?.touched && serialize(form) !== state.initial) return true;
    if (submitted.has(form) && form.querySelector(REFUSED)) return true;
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
  const submitted = useRef(new WeakSet<HTMLFormElement>());
  // from a submit until its action has answered: the submission's own navigation is not leaving
  const submitting = useRef(false);
  const navigation = useNavigation();
  const navigationState = useRef(navigation.state);

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
      submitted.current.add(form);
      watched.current.set(form, { initial: serialize(form), touched: false });
      // a submission the form's own checks refused never navigates: it is over after a moment
      window.setTimeout(() => {
        if (navigationState.current === "idle") submitting.current = false;
      }, 1000);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (submitting.current || !isDirty(watched.current, submitted.current)) return;
      event.preventDefault();
      event.returnValue = "";
    };
    document.addEventListener("focusin", onFocus);
    document.addEventListener("input", onEdit);
    document.addEventListener("change", onEdit);
    // capture: before Remix's own submit handler starts the navigation the blocker looks at
    document.addEventListener("submit", onSubmit, true);
    window.addEventListener("beforeunload", onBeforeUnload);
    // on a slow machine the admin may type before this code has started: that counts as typed too
    for (const form of document.querySelectorAll<HTMLFormElement>(SELECTOR)) {
      if (differsFromDefaults(form)) watched.current.set(form, { initial: "", touched: true });
    }
    return () => {
      document.removeEventListener("focusin", onFocus);
      document.removeEventListener("input", onEdit);
      document.removeEventListener("change", onEdit);
      document.removeEventListener("submit", onSubmit, true);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, []);

  // the action has answered once the navigation is no longer "submitting" (a redirect that follows
  // a save is not a navigation the blocker sees). Whether the save was refused is read when the
  // admin leaves (isDirty), from what the page shows then: the errors may render after the answer.
  useEffect(() => {
    navigationState.current = navigation.state;
    if (navigation.state !== "submitting") submitting.current = false;
  }, [navigation.state]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !submitting.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) &&
      isDirty(watched.current, submitted.current),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_CHANGES_MESSAGE)) {
      watched.current = new WeakMap();
      submitted.current = new WeakSet();
      blocker.proceed();
    } else blocker.reset();
  }, [blocker]);

  // once the blocker is registered (useBlocker takes a second render): `html[data-unsaved-guard]`
  // tells a test that leaving now asks
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  useEffect(() => {
    if (!started) return;
    document.documentElement.setAttribute("data-unsaved-guard", "");
    return () => document.documentElement.removeAttribute("data-unsaved-guard");
  }, [started]);

  return null;
}

// mounted by root.tsx (components/unsaved-guard-slot.tsx) once a page with a watched form brings this module
provideUnsavedChangesGuard(UnsavedChangesGuard);
