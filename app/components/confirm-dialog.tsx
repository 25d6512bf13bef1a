import type { ReactNode } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { SubmissionKey } from "~/components/submission-key";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Button, Flex, Heading, Text } from "~/components/ui";

type ConfirmDialogProps = {
  /** rendered only while the URL asks for it (?dialog=delete&id=…) */
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** where Cancel (and Escape) go: the same page without the dialog's keys */
  cancelTo: string;
  intent: string;
  /** hidden fields posted with the intent (the id…) */
  fields?: Record<string, string | number>;
  confirmLabel?: string;
  cancelLabel?: string;
  /** the action to post to; defaults to the current route */
  action?: string;
  /**
   * Why confirming would certainly be refused (a plan providers hold, deleting yourself…): the
   * dialog says so and offers no confirm, only Close.
   */
  blocked?: ReactNode;
  /** the title while blocked ("This plan cannot be deleted") */
  blockedTitle?: ReactNode;
};

/**
 * A confirmation that is a URL: the server renders a native <dialog open>; Cancel is a link back
 * and Confirm posts a form with an intent. With JavaScript the same dialog is shown modally
 * (focus kept inside, Escape cancels). Focus starts on Cancel (a <dialog> focuses its autofocus
 * control as it opens, JS or not), so Enter on a dialog opened by its URL never confirms. When the
 * confirm would certainly be refused (`blocked`), the dialog says why and offers Close only.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  cancelTo,
  intent,
  fields = {},
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  action,
  blocked,
  blockedTitle,
}: ConfirmDialogProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  if (!open) return null;
  if (blocked) {
    return (
      <RouteDialog labelledBy="confirm-dialog-title" describedBy="confirm-dialog-text" closeTo={cancelTo}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="5" id="confirm-dialog-title">
            {blockedTitle ?? title}
          </Heading>
          <Text as="div" size="2" id="confirm-dialog-text">
            {blocked}
          </Text>
          <Flex gap="3" justify="end" mt="2">
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a <dialog> focuses its autofocus control on opening (HTML's dialog focusing steps), JS or not */}
            <DialogCloseLink to={cancelTo} label="Close" autoFocus />
          </Flex>
        </Flex>
      </RouteDialog>
    );
  }
  return (
    <RouteDialog labelledBy="confirm-dialog-title" describedBy="confirm-dialog-text" closeTo={cancelTo}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id="confirm-dialog-title">
          {title}
        </Heading>
        <Text as="div" size="2" id="confirm-dialog-text">
          {children}
        </Text>
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="intent" value={intent} />
          {/* a double click (or a second post while the page loads, JS off) is one change: the API replays the first answer */}
          <SubmissionKey />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Flex gap="3" justify="end" mt="2">
            {/* Cancel takes the focus (a <dialog> focuses its autofocus control on opening, JS or not): Enter on a dialog opened by its URL must not confirm */}
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- see above */}
            <DialogCloseLink to={cancelTo} label={cancelLabel} autoFocus />
            <Button type="submit" color="red" disabled={busy}>
              {busy ? "Working…" : confirmLabel}
            </Button>
          </Flex>
        </Form>
      </Flex>
    </RouteDialog>
  );
}
