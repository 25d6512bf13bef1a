import type { ReactNode } from "react";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Flex, Heading } from "~/components/ui";

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
  return (
    <RouteDialog labelledBy={`${id}-title`} closeTo={closeTo} openKey={id} style={{ maxWidth: "min(44rem, 95vw)", width: "100%" }}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id={`${id}-title`}>
          {title}
        </Heading>
        {children}
        {closeButton ? (
          <Flex justify="end">
            <DialogCloseLink to={closeTo} />
          </Flex>
        ) : null}
      </Flex>
    </RouteDialog>
  );
}
