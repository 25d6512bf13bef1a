import { useEffect, useState } from "react";
import type { ShellToast } from "./types";

/**
 * The flash toast, top-right. A CSS animation fades and hides it after 3000 ms (no JS needed);
 * with JS it also gets a close button and leaves the DOM when the animation ends.
 */
export function Toasts({ toast }: { toast: ShellToast | null }) {
  const [dismissed, setDismissed] = useState<string[]>([]);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const visible = toast && !dismissed.includes(toast.id) ? [toast] : [];
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
