import { Form, useActionData, useNavigation } from "@remix-run/react";
import { ConfirmDialog } from "~/components/dialogs-on-demand";
import { Field, FormError, TextareaField } from "~/components/forms";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { SubmissionKey } from "~/components/submission-key";
import { Button, Flex, Heading, Text } from "~/components/ui";
import { BANK_REFERENCE_MAX_LENGTH, bankFileUrl, REASON_MAX_LENGTH, type BankFilePageData } from "~/models/bank-files";
import type { FormFailure } from "~/models/form-result";

/** The dialog the file's URL opens: ?dialog=sent (confirm), ?dialog=paid (the bank's reference), ?dialog=fail&line= (the reason). */
export function BankFileDialogs({ file }: { file: BankFilePageData }) {
  const failure = useActionData<FormFailure>();
  const navigation = useNavigation();
  const dialog = file.dialog;
  const closeTo = bankFileUrl(file.id);
  if (!dialog) return null;
  if (dialog.kind === "sent") {
    return (
      <ConfirmDialog open title="Mark this file sent to bank?" cancelTo={closeTo} intent="sent" confirmLabel="Mark sent to bank">
        <p style={{ margin: 0 }}>
          Confirm that {file.name} ({file.total}, {file.lineCount} {file.lineCount === 1 ? "line" : "lines"}) was uploaded to the bank.
        </p>
      </ConfirmDialog>
    );
  }
  const intent = dialog.kind;
  const mine = failure?.intent === intent ? failure : undefined;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const title = dialog.kind === "paid" ? "Mark this file paid" : `Fail line ${dialog.line.number}`;
  return (
    <RouteDialog labelledBy="bank-file-dialog-title" closeTo={closeTo} openKey={dialog.kind === "fail" ? dialog.line.id : intent}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id="bank-file-dialog-title">
          {title}
        </Heading>
        <Form method="post" preventScrollReset noValidate>
          <input type="hidden" name="intent" value={intent} />
          <SubmissionKey />
          <Flex direction="column" gap="3">
            {dialog.kind === "paid" ? (
              <>
                <Text as="p" size="2">
                  The bank confirmed {file.name}. Its {file.lineCount - file.failedCount} included{" "}
                  {file.lineCount - file.failedCount === 1 ? "line is" : "lines are"} marked paid ({file.includedTotal}).
                </Text>
                <Field
                  id="bank_reference"
                  name="bank_reference"
                  label="Bank reference"
                  defaultValue={mine?.repopulateFields.bank_reference ?? ""}
                  required
                  maxLength={BANK_REFERENCE_MAX_LENGTH}
                  autoComplete="off"
                  error={mine?.fieldErrors.bank_reference}
                />
              </>
            ) : (
              <>
                <input type="hidden" name="line" value={dialog.line.id} />
                <Text as="p" size="2">
                  Line {dialog.line.number}: {dialog.line.amount} to {dialog.line.beneficiary} (orders {dialog.line.orders}). Its payouts go
                  back to Approved, ready for the next file.
                </Text>
                <TextareaField
                  id="reason"
                  name="reason"
                  label="Reason"
                  defaultValue={mine?.repopulateFields.reason ?? ""}
                  required
                  maxLength={REASON_MAX_LENGTH}
                  rows={3}
                  error={mine?.fieldErrors.reason}
                />
              </>
            )}
            <FormError error={mine?.formError} />
            <Flex gap="3" justify="end">
              <DialogCloseLink to={closeTo} label="Cancel" />
              <Button type="submit" color={dialog.kind === "fail" ? "red" : undefined} disabled={busy}>
                {busy ? "Saving…" : dialog.kind === "paid" ? "Mark paid" : "Fail line"}
              </Button>
            </Flex>
          </Flex>
        </Form>
      </Flex>
    </RouteDialog>
  );
}
