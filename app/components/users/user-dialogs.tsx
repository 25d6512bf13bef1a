import { ConfirmDialog, NoticeDialog } from "~/components/dialogs-on-demand";
import { Text } from "~/components/ui";
import { USER_MESSAGES } from "~contract/user-labels";
import type { UserDialog, UserNotice } from "~/models/users";

const TITLES = { block: "Block this user?", activate: "Activate this user?", delete: "Delete this user?" } as const;
const CONFIRM = { block: "Block", activate: "Activate", delete: "Delete" } as const;

/**
 * The row confirmation the URL asks for; or, in its place, why it cannot be done (asked for an
 * unknown user, or a confirmed change the API refused, with its reason).
 */
export function UserDialogs({
  dialog,
  notice,
  cancelTo,
  action,
}: {
  dialog: UserDialog | null;
  notice: UserNotice | null;
  cancelTo: string;
  action: string;
}) {
  if (notice) return <NoticeDialog title={notice.title} message={notice.message} closeTo={cancelTo} tone={notice.tone} />;
  if (!dialog) return null;
  const who = dialog.name ? `${dialog.username} (${dialog.name})` : dialog.username;
  return (
    <ConfirmDialog
      open
      title={TITLES[dialog.kind]}
      cancelTo={cancelTo}
      intent={dialog.kind}
      fields={{ id: dialog.id, username: dialog.username }}
      confirmLabel={CONFIRM[dialog.kind]}
      action={action}
      blockedTitle={USER_MESSAGES.deleteFailed}
      blocked={
        dialog.blocked ? (
          <Text as="p" size="2" style={{ margin: 0 }}>
            {dialog.blocked}
          </Text>
        ) : null
      }
    >
      {dialog.kind === "block" ? (
        <Text as="p" size="2" style={{ margin: 0 }}>
          Block <strong>{who}</strong>? Their status becomes Blocked until an admin activates them again.
        </Text>
      ) : dialog.kind === "activate" ? (
        <Text as="p" size="2" style={{ margin: 0 }}>
          Activate <strong>{who}</strong>? Their status becomes Active.
        </Text>
      ) : (
        <>
          <Text as="p" size="2" style={{ margin: 0 }}>
            Delete <strong>{who}</strong>? They will no longer be listed or able to sign in. A user with open orders cannot be deleted.
          </Text>
          {dialog.isProvider ? (
            <Text as="p" size="2" color="gray" style={{ margin: "var(--space-2) 0 0" }}>
              This user is also a service provider: their provider profile is deleted too.
            </Text>
          ) : null}
        </>
      )}
    </ConfirmDialog>
  );
}
