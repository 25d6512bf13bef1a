import { ConfirmDialog } from "~/components/dialogs-on-demand";
import type { ReleaseConfirm } from "~/models/payments";

/** "Release this payment?", with what the provider receives and the deductions it comes from. */
export function ReleaseDialog({ dialog, cancelTo }: { dialog: ReleaseConfirm | null; cancelTo: string }) {
  return (
    <ConfirmDialog
      open={dialog !== null}
      title={dialog?.needsApproval ? "Request this release?" : "Release this payment?"}
      cancelTo={cancelTo}
      intent="release"
      fields={dialog ? { id: dialog.id } : {}}
      confirmLabel={dialog?.needsApproval ? "Request release" : "Confirm"}
    >
      {dialog ? (
        <>
          {dialog.needsApproval ? (
            <p style={{ margin: 0 }}>
              Release <strong>{dialog.payable}</strong> to {dialog.provider} for order {dialog.shortId}? A release this large needs a second
              admin: it waits as Requested until another admin with Payment access approves it.
            </p>
          ) : (
            <p style={{ margin: 0 }}>
              Release <strong>{dialog.payable}</strong> to {dialog.provider} for order {dialog.shortId}? The payment status becomes
              Released.
            </p>
          )}
          <table className="release-breakdown" aria-label="What the provider receives">
            <tbody>
              <tr>
                <th scope="row">Amount paid by the user</th>
                <td>{dialog.amount}</td>
              </tr>
              <tr>
                <th scope="row">Service charge ({dialog.serviceFeePercent}%)</th>
                <td>- {dialog.serviceCharge}</td>
              </tr>
              <tr>
                <th scope="row">GST ({dialog.gstPercent}% on service charge)</th>
                <td>- {dialog.gst}</td>
              </tr>
              <tr className="strong">
                <th scope="row">Provider receives</th>
                <td>{dialog.payable}</td>
              </tr>
            </tbody>
          </table>
        </>
      ) : null}
    </ConfirmDialog>
  );
}
