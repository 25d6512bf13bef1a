import { useEffect, useState } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Button, Flex, Heading, Text } from "~/components/ui";
import { ErrorText, Field, FormError } from "~/components/forms";
import { RichTextEditor } from "~/components/rich-text/rich-text-editor";

import type { FormFailure } from "~/models/form-result";
import type { EmailValues } from "~/models/service-providers";
import { UNSAVED_WARNING } from "~/components/unsaved-changes";
import { isBlankHtml } from "~shared/html-text";

type EmailDialogProps = {
  recipients: { userId: number; username: string }[];
  /** the WhatsApp templates offered (from the loader, so no zod model reaches the browser) */
  templates: readonly { value: string; label: string }[];
  cancelTo: string;
  failure?: FormFailure<EmailValues>;
};

/**
 * Send Email, opened by its URL (/admin/service-provider/send-email?to=…): a native <dialog open>
 * without JS, modal with JS. Recipients are listed by username and carried as hidden ids.
 * Rules of spec 1 §5: subject and body unless a WhatsApp template is chosen; at least one recipient.
 */
export function EmailDialog({ recipients, templates, cancelTo, failure }: EmailDialogProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "send-email";
  const values = failure?.repopulateFields ?? { subject: "", body: "", whatsappTemplate: "" };
  const [hydrated, setHydrated] = useState(false);
  const [subject, setSubject] = useState(values.subject);
  const [bodyFilled, setBodyFilled] = useState(!isBlankHtml(values.body));
  const [template, setTemplate] = useState(values.whatsappTemplate);

  useEffect(() => {
    setHydrated(true);
  }, []);

  const blocked = recipients.length === 0 || (!template && (subject.trim() === "" || !bodyFilled));
  return (
    <RouteDialog labelledBy="email-dialog-title" closeTo={cancelTo} style={{ width: "min(760px, calc(100vw - 32px))" }}>
      <Form {...UNSAVED_WARNING} method="post" preventScrollReset>
        <input type="hidden" name="intent" value="send-email" />
        {recipients.map((r) => (
          <input key={r.userId} type="hidden" name="to" value={r.userId} />
        ))}
        <Flex direction="column" gap="3">
          <Heading as="h2" size="5" id="email-dialog-title">
            Send Email
          </Heading>
          <Flex direction="column" gap="1">
            <Text size="2" weight="medium" id="email-recipients-label">
              Recipients ({recipients.length})
            </Text>
            <ul aria-labelledby="email-recipients-label" className="email-recipients">
              {recipients.map((r) => (
                <li key={r.userId}>{r.username}</li>
              ))}
            </ul>
            <ErrorText id="email-to-error" error={failure?.fieldErrors.to} />
          </Flex>
          <Field
            id="email-subject"
            name="subject"
            maxLength={200}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            label="Subject"
            error={failure?.fieldErrors.subject}
          />
          <RichTextEditor
            name="body"
            id="email-body"
            label="Body"
            defaultValue={values.body}
            error={failure?.fieldErrors.body}
            onChange={() => {
              const area = document.getElementById("email-body") as HTMLTextAreaElement | null;
              setBodyFilled(!isBlankHtml(area?.value));
            }}
          />
          <Flex direction="column" gap="1" className="field">
            <Text as="label" htmlFor="email-template" size="2" weight="medium">
              WhatsApp Template
            </Text>
            <select
              id="email-template"
              name="whatsappTemplate"
              className="native-input"
              value={template}
              onChange={(e) => setTemplate(e.currentTarget.value)}
            >
              {templates.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
            <Text size="1" color="gray">
              With a template, subject and body may stay empty (WhatsApp only).
            </Text>
          </Flex>
          <FormError error={failure?.formError} />
          <Flex gap="3" justify="end">
            <DialogCloseLink to={cancelTo} label="Cancel" />
            <Button type="submit" disabled={busy || (hydrated && blocked)}>
              {busy ? "Sending…" : "Send"}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </RouteDialog>
  );
}
