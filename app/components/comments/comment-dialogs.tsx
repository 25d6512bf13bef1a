import { Form, Link, useNavigation } from "@remix-run/react";
import { ConfirmDialog, NoticeDialog } from "~/components/dialogs-on-demand";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Badge, Button, Flex, Heading, Text } from "~/components/ui";
import type { CommentDetail, CommentDialog, CommentNotice } from "~/models/comments";

const repliesText = (n: number) => (n === 1 ? "1 reply" : `${n} replies`);

/** A comment's content (?comment=<id>): author, date, content, the comment it answers, and its buttons. */
function ViewDialog({ comment, closeTo, action, deleteTo }: { comment: CommentDetail; closeTo: string; action: string; deleteTo: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "toggle";
  return (
    <RouteDialog
      labelledBy="comment-dialog-title"
      closeTo={closeTo}
      openKey={comment.id}
      style={{ width: "min(40rem, calc(100vw - 32px))" }}
    >
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id="comment-dialog-title">
          Comment by {comment.author}
        </Heading>
        <dl style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "var(--space-1) var(--space-3)", margin: 0 }}>
          <dt style={{ fontWeight: 500 }}>Author</dt>
          <dd style={{ margin: 0 }}>{comment.author}</dd>
          <dt style={{ fontWeight: 500 }}>Email</dt>
          <dd style={{ margin: 0, overflowWrap: "anywhere" }}>{comment.email ?? "Anonymous"}</dd>
          <dt style={{ fontWeight: 500 }}>Date</dt>
          <dd style={{ margin: 0 }}>{comment.date}</dd>
          <dt style={{ fontWeight: 500 }}>Article</dt>
          <dd style={{ margin: 0 }}>{comment.articleTitle}</dd>
          <dt style={{ fontWeight: 500 }}>Status</dt>
          <dd style={{ margin: 0 }}>
            <Badge color={comment.approved ? "green" : "amber"} variant="soft" radius="full">
              {comment.approved ? "Approved" : "Pending"}
            </Badge>
          </dd>
        </dl>
        <Text as="p" size="2" style={{ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere", maxHeight: "40vh", overflow: "auto" }}>
          {comment.content}
        </Text>
        {comment.parent ? (
          <blockquote className="panel" style={{ margin: 0, padding: "var(--space-2) var(--space-3)" }}>
            <Text as="p" size="2" weight="medium" style={{ margin: 0 }}>
              In reply to: {comment.parent.name}
            </Text>
            <Text as="p" size="2" color="gray" style={{ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {comment.parent.content}
            </Text>
          </blockquote>
        ) : null}
        <Flex gap="3" justify="end" wrap="wrap">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a <dialog> focuses its autofocus control on opening (HTML's dialog focusing steps), JS or not */}
          <DialogCloseLink to={closeTo} autoFocus />
          <Form method="post" action={action} preventScrollReset>
            <input type="hidden" name="id" value={comment.id} />
            <Button type="submit" name="intent" value="toggle" color={comment.approved ? "amber" : "green"} disabled={busy}>
              {comment.approved ? "Un-Approve" : "Approve"}
            </Button>
          </Form>
          <Button asChild color="red">
            <Link to={deleteTo} preventScrollReset replace>
              Delete
            </Link>
          </Button>
        </Flex>
      </Flex>
    </RouteDialog>
  );
}

type Props = {
  dialog: CommentDialog | null;
  notice: CommentNotice | null;
  /** the list without the dialogs' keys */
  closeTo: string;
  /** the URL the dialog's forms post to (the current one) */
  action: string;
  /** the delete confirmation of a comment */
  deleteHref: (id: number) => string;
};

/** The dialog the URL asks for; or, in its place, why it cannot be shown or a change was refused. */
export function CommentDialogs({ dialog, notice, closeTo, action, deleteHref }: Props) {
  if (notice) return <NoticeDialog title={notice.title} message={notice.message} closeTo={closeTo} tone={notice.tone} />;
  if (!dialog) return null;
  if (dialog.kind === "view")
    return <ViewDialog comment={dialog.comment} closeTo={closeTo} action={action} deleteTo={deleteHref(dialog.comment.id)} />;
  if (dialog.kind === "delete") {
    const { comment } = dialog;
    return (
      <ConfirmDialog
        open
        title="Delete this comment?"
        cancelTo={closeTo}
        intent="delete"
        fields={{ id: comment.id }}
        confirmLabel="Delete"
        action={action}
      >
        <Text as="p" size="2" style={{ margin: 0 }}>
          Delete the comment by <strong>{comment.author}</strong> ({comment.date})?
        </Text>
        <Text as="p" size="2" style={{ margin: "var(--space-2) 0 0" }}>
          {comment.replies > 0
            ? `Its ${repliesText(comment.replies)} (and any replies to them) will be deleted with it.`
            : "It has no replies."}
        </Text>
      </ConfirmDialog>
    );
  }
  const replies = dialog.comments.reduce((sum, c) => sum + c.replies, 0);
  const n = dialog.comments.length;
  return (
    <ConfirmDialog
      open
      title={n === 1 ? "Delete 1 comment?" : `Delete ${n} comments?`}
      cancelTo={closeTo}
      intent="bulk-delete"
      fields={{ ids: dialog.comments.map((c) => c.id).join(",") }}
      confirmLabel="Delete"
      action={action}
    >
      <Text as="p" size="2" style={{ margin: 0 }}>
        The comments by {dialog.comments.map((c) => c.author).join(", ")} will be deleted.
      </Text>
      <Text as="p" size="2" style={{ margin: "var(--space-2) 0 0" }}>
        {replies > 0 ? `Their ${repliesText(replies)} (and any replies to them) will be deleted with them.` : "They have no replies."}
      </Text>
    </ConfirmDialog>
  );
}
