import type { ComponentProps } from "react";
import type { ConfirmDialog as ConfirmDialogNow } from "~/components/confirm-dialog";
import { onDemand } from "~/components/on-demand";

/**
 * The confirm and notice dialogs as the lists use them: fetched when the URL opens one (the server
 * renders it with the page, JavaScript on or off), so a list ships without them (issue 31 §4).
 */
const LoadedConfirmDialog = onDemand(() => import("~/components/confirm-dialog").then((module) => module.ConfirmDialog));
export const NoticeDialog = onDemand(() => import("~/components/notice-dialog").then((module) => module.NoticeDialog));

/** ConfirmDialog (components/confirm-dialog.tsx), its code fetched only while `open`. */
export function ConfirmDialog(props: ComponentProps<typeof ConfirmDialogNow>) {
  return props.open ? <LoadedConfirmDialog {...props} /> : null;
}
