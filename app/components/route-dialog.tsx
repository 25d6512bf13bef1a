import { useEffect, useRef, type CSSProperties, type ReactNode } from "react";
import { Link, useNavigate } from "@remix-run/react";
import { Button } from "~/components/ui";

type RouteDialogProps = {
  /** id of the heading that names the dialog */
  labelledBy: string;
  describedBy?: string;
  /** where Escape goes: the same page without the dialog's query keys */
  closeTo: string;
  /** re-opened modally when this changes (another record in the same dialog) */
  openKey?: string | number;
  style?: CSSProperties;
  /** false: a static dialog (Escape does nothing; only its own Close link closes it) */
  dismissible?: boolean;
  children: ReactNode;
};

/**
 * A dialog that is a URL (?dialog=…): the server renders a native <dialog open> over an overlay,
 * so it works without JavaScript; with it the same element is shown modally (focus kept inside,
 * Escape navigates back to `closeTo`).
 */
export function RouteDialog({ labelledBy, describedBy, closeTo, openKey, style, dismissible = true, children }: RouteDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== "function" || dialog.matches(":modal")) return;
    if (dialog.open) dialog.close();
    dialog.showModal();
  }, [openKey]);
  return (
    <>
      <div className="dialog-overlay" aria-hidden="true" />
      <dialog
        ref={ref}
        open
        className="route-dialog"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        style={style}
        onCancel={(event) => {
          event.preventDefault();
          if (dismissible) navigate(closeTo, { preventScrollReset: true, replace: true });
        }}
      >
        {children}
      </dialog>
    </>
  );
}

/**
 * The dialog's "Close" (or "Cancel"): a link back to the page without the dialog, replacing the
 * history entry, so it works without JavaScript too.
 */
export function DialogCloseLink({ to, label = "Close", autoFocus }: { to: string; label?: string; autoFocus?: boolean }) {
  return (
    <Button asChild variant="soft" color="gray">
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- passes on the dialog's choice (see the callers) */}
      <Link to={to} preventScrollReset replace autoFocus={autoFocus}>
        {label}
      </Link>
    </Button>
  );
}
