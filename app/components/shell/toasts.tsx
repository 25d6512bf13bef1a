import { useEffect, useState } from "react";
import type { ShellToast } from "./types";

const RAISE_EVENT = "admin-toast";
let raisedCount = 0;

/**
 * Shows a toast from the browser, in the same place and look as the flash toasts (for what the
 * server cannot flash, e.g. "Export successful" once a download has started). JavaScript only.
 */
export function raiseToast(toast: Omit<ShellToast, "id">) {
  window.dispatchEvent(new CustomEvent<ShellToast>(RAISE_EVENT, { detail: { ...toast, id: `raised-${++raisedCount}` } }));
}

/**
 * The flash toast, top-right. A CSS animation fades and hides it after 3000 ms (no JS needed);
 * with JS it also gets a close button and leaves the DOM when the animation ends. Toasts raised
 * in the browser (raiseToast) join it.
 */
export function Toasts({ toast }: { toast: ShellToast | null }) {
  const [dismissed, setDismissed] = useState<string[]>([]);
  const [raised, setRaised] = useState<ShellToast[]>([]);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    const onRaise = (event: Event) => setRaised((list) => [...list, (event as CustomEvent<ShellToast>).detail]);
    window.addEventListener(RAISE_EVENT, onRaise);
    return () => window.removeEventListener(RAISE_EVENT, onRaise);
  }, []);

  const visible = [...(toast ? [toast] : []), ...raised].filter((t) => !dismissed.includes(t.id));
  const dismiss = (id: string) => setDismissed((ids) => [...ids, id]);

  return (
    <div className="toasts">
      {visible.map((t) => (
        <div
          key={t.id}
          className={`toast toast-${t.type}`}
          role={t.type === "error" || t.type === "warning" ? "alert" : "status"}
          onAnimationEnd={() => dismiss(t.id)}
        >
          <div className="toast-body">
            {t.title ? <div className="toast-title">{t.title}</div> : null}
            <div>{t.message}</div>
          </div>
          {hydrated ? (
            <button type="button" className="toast-close" aria-label="Close notification" onClick={() => dismiss(t.id)}>
              ×
            </button>
          ) : null}
        </div>
      ))}
    </div>
  );
}
