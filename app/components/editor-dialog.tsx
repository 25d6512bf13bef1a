import type { ReactNode } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/forms";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Button, Flex, Heading, Text } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";

type EditorDialogProps = {
  /** the title's id (the dialog's accessible name) */
  titleId: string;
  title: string;
  /** "Last updated …" of the record edited; absent when adding */
  updatedText?: string;
  /** where Cancel and Escape go: the page without the dialog */
  closeTo: string;
  /** a new record or another record: the dialog opens anew */
  openKey: string | number;
  width: number;
  /** where the form posts: the URL that shows the dialog, so a refused save shows it again */
  action: string;
  intent: string;
  /** hidden fields (the id and version edited) */
  hidden?: Record<string, string | number>;
  /** this form's refused save */
  failure?: Pick<FormFailure<Record<string, unknown>>, "formError" | "conflict">;
  submitLabel: string;
  children: ReactNode;
};

/**
 * An add/edit dialog opened by the URL (?dialog=add, ?dialog=edit&id=…): a native <dialog open>
 * from the server (modal with JS) around a plain form — title, "Last updated", the fields, the
 * form's message (a stale edit: reload to see theirs, the typed values kept), Cancel and Save.
 */
export function EditorDialog({ titleId, title, updatedText, closeTo, openKey, width, action, intent, hidden = {}, failure, submitLabel, children }: EditorDialogProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <RouteDialog labelledBy={titleId} closeTo={closeTo} openKey={openKey} style={{ width: `min(${width}px, calc(100vw - 32px))` }}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id={titleId}>
          {title}
        </Heading>
        {updatedText ? (
          <Text size="1" color="gray">
            Last updated {updatedText}
          </Text>
        ) : null}
        <Form method="post" action={action} preventScrollReset noValidate>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Flex direction="column" gap="3">
            {children}
            <FormError error={failure?.formError} />
            {failure?.conflict ? (
              <Text size="2">
                Saved by {failure.conflict.updatedBy} at {failure.conflict.updatedAt}. <a href={action}>Reload</a> to see their values; yours are kept here to
                re-apply.
              </Text>
            ) : null}
            <Flex gap="3" justify="end">
              <DialogCloseLink to={closeTo} label="Cancel" />
              <Button type="submit" disabled={busy}>
                {busy ? "Saving…" : submitLabel}
              </Button>
            </Flex>
          </Flex>
        </Form>
      </Flex>
    </RouteDialog>
  );
}
