import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Flex, Heading, Text } from "~/components/ui";

/**
 * A URL dialog that only tells something (the record asked for is unknown, already done…): a
 * title, a sentence and Close. Server-rendered as <dialog open>; modal with JavaScript.
 */
export function NoticeDialog({
  title,
  message,
  closeTo,
  tone = "info",
}: {
  title: string;
  message: string;
  closeTo: string;
  tone?: "info" | "error";
}) {
  return (
    <RouteDialog labelledBy="notice-dialog-title" describedBy="notice-dialog-text" closeTo={closeTo} openKey={title + message}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id="notice-dialog-title">
          {title}
        </Heading>
        <Text
          as="p"
          size="2"
          id="notice-dialog-text"
          role={tone === "error" ? "alert" : undefined}
          color={tone === "error" ? "red" : undefined}
          style={{ margin: 0 }}
        >
          {message}
        </Text>
        <Flex justify="end">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a <dialog> focuses its autofocus control on opening (HTML's dialog focusing steps), JS or not */}
          <DialogCloseLink to={closeTo} autoFocus />
        </Flex>
      </Flex>
    </RouteDialog>
  );
}
