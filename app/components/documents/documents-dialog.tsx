import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { FileList, fileHrefUnder } from "~/components/files/file-preview";
import { Flex, Heading } from "~/components/ui";
import type { DocumentsDialog as DialogData } from "~/models/documents";
import { Verification } from "./documents-verification";

/**
 * A row's every file (view and download) and every accepted agreement, opened by the URL
 * (?dialog=documents&id=…): a native <dialog open> from the server, modal with JavaScript.
 */
export function DocumentsDialog({ dialog, closeTo }: { dialog: DialogData; closeTo: string }) {
  return (
    <RouteDialog
      labelledBy="documents-dialog-title"
      closeTo={closeTo}
      openKey={dialog.id}
      style={{ width: "min(720px, calc(100vw - 32px))" }}
    >
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id="documents-dialog-title">
          Documents of {dialog.username}
        </Heading>
        <section aria-labelledby="documents-dialog-files" className="doc-dialog-section">
          <h3 id="documents-dialog-files">Documents</h3>
          <FileList
            compact
            names={dialog.documents}
            labels={dialog.fileNames}
            href={fileHrefUnder(`/admin/documents/${dialog.id}/files`)}
          />
        </section>
        <section aria-labelledby="documents-dialog-pan" className="doc-dialog-section doc-verify">
          <h3 id="documents-dialog-pan">PAN Verification</h3>
          <Verification pan={dialog.pan} face={dialog.face} />
        </section>
        <section aria-labelledby="documents-dialog-agreements" className="doc-dialog-section">
          <h3 id="documents-dialog-agreements">Accepted Agreements</h3>
          {dialog.agreements.length === 0 ? (
            <p className="doc-muted">None</p>
          ) : (
            <ul>
              {dialog.agreements.map((a, i) => (
                <li key={`${a.version}-${i}`}>
                  <strong>{a.version}</strong> · {a.acceptedAt} · {a.ip}
                </li>
              ))}
            </ul>
          )}
        </section>
        <Flex justify="end">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog has no field: its Close takes the focus */}
          <DialogCloseLink to={closeTo} autoFocus />
        </Flex>
      </Flex>
    </RouteDialog>
  );
}
