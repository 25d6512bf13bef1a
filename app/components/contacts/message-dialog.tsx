import { NoticeDialog } from "~/components/dialogs-on-demand";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Flex, Heading, Text } from "~/components/ui";
import type { ContactMessageDialog } from "~/models/contacts";

/** A lead's whole message (?dialog=message&id=…), or why it cannot be shown. */
export function MessageDialog({ dialog, closeTo }: { dialog: ContactMessageDialog; closeTo: string }) {
  if (dialog.kind === "notice") return <NoticeDialog title={dialog.title} message={dialog.message} closeTo={closeTo} tone="error" />;
  return (
    <RouteDialog
      labelledBy="message-dialog-title"
      closeTo={closeTo}
      openKey={dialog.id}
      style={{ width: "min(40rem, calc(100vw - 32px))" }}
    >
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id="message-dialog-title">
          Message from {dialog.name}
        </Heading>
        <dl style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "var(--space-1) var(--space-3)", margin: 0 }}>
          <dt style={{ fontWeight: 500 }}>Email</dt>
          <dd style={{ margin: 0, overflowWrap: "anywhere" }}>{dialog.email}</dd>
          <dt style={{ fontWeight: 500 }}>Created At</dt>
          <dd style={{ margin: 0 }}>{dialog.createdAt}</dd>
          <dt style={{ fontWeight: 500 }}>Subject</dt>
          <dd style={{ margin: 0 }}>{dialog.subject || "—"}</dd>
        </dl>
        <Text as="p" size="2" style={{ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere", maxHeight: "50vh", overflow: "auto" }}>
          {dialog.message}
        </Text>
        <Flex justify="end">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a <dialog> focuses its autofocus control on opening (HTML's dialog focusing steps), JS or not */}
          <DialogCloseLink to={closeTo} autoFocus />
        </Flex>
      </Flex>
    </RouteDialog>
  );
}
