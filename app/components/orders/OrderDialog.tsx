import { useEffect, useRef, type ReactNode } from "react";
import { Link, useNavigate } from "@remix-run/react";
import { Button, Flex, Heading } from "~/components/ui";

type OrderDialogProps = {
  id: string;
  title: ReactNode;
  /** where Close (and Escape) go: the same page without the dialog's keys */
  closeTo: string;
  children: ReactNode;
  /** show a Close link at the bottom (forms bring their own Cancel) */
  closeButton?: boolean;
};

/**
 * A dialog that is a URL: rendered by the server as a native <dialog open>; with JavaScript the same
 * element is shown modally (focus kept inside, Escape goes back).
 */
export function OrderDialog({ id, title, closeTo, children, closeButton = false }: OrderDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== "function") return;
    if (!dialog.matches(":modal")) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
  }, [id]);
  return (
    <>
      <div className="dialog-overlay" aria-hidden="true" />
      <dialog
        ref={ref}
        open
        className="route-dialog"
        aria-labelledby={`${id}-title`}
        style={{ maxWidth: "min(44rem, 95vw)", width: "100%" }}
        onCancel={(event) => {
          event.preventDefault();
          navigate(closeTo, { preventScrollReset: true, replace: true });
        }}
      >
        <Flex direction="column" gap="3">
          <Heading as="h2" size="5" id={`${id}-title`}>
            {title}
          </Heading>
          {children}
          {closeButton ? (
            <Flex justify="end">
              <Button asChild variant="soft" color="gray">
                <Link to={closeTo} preventScrollReset replace>
                  Close
                </Link>
              </Button>
            </Flex>
          ) : null}
        </Flex>
      </dialog>
    </>
  );
}
