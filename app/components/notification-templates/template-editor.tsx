import { AllChangesLink } from "~/components/audit-log/all-changes-link";
import { useState } from "react";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Field, FormError, SelectField, TextareaField } from "~/components/forms";
import { RichTextEditor } from "~/components/rich-text/rich-text-editor";
import { Button, Flex, Grid, Heading, Text } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";
import { braces, CHANNEL_LABELS, CHANNEL_LIMITS, NOTIFICATION_USER_TYPES, TEMPLATE_MESSAGES } from "~contract/notification-types";
import {
  fillWith,
  type TemplateEditorData,
  type TemplatePreviews,
  type TemplateValues,
  type TypeOption,
} from "~/models/notification-types";
import { UNSAVED_WARNING } from "~/components/unsaved-changes";
import { SubmissionKey } from "~/components/submission-key";

type Answer = FormFailure<TemplateValues> & { previews?: TemplatePreviews | null };

const USER_TYPE_OPTIONS = [
  { value: "", label: TEMPLATE_MESSAGES.chooseUserType },
  ...NOTIFICATION_USER_TYPES.map((value) => ({ value, label: value })),
];

/** Add and Edit Template (spec 3 §2.7): who, which event, the three channels, their placeholders and previews. */
export function TemplateEditorPage() {
  const { mode, types, defaults, previews: savedPreviews, template, deleting } = useLoaderData<TemplateEditorData>();
  const answer = useActionData<Answer>();
  const navigation = useNavigation();
  const location = useLocation();
  const values = answer?.repopulateFields ?? defaults;
  const errors = answer?.fieldErrors ?? {};
  const edit = mode === "edit";
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  // with JavaScript the placeholder panel and the plain-text previews follow the fields as they change
  const [typeKey, setTypeKey] = useState(values.notification_type);
  const [userType, setUserType] = useState(values.user_type);
  const [web, setWeb] = useState(values.web_notification);
  const [whatsapp, setWhatsapp] = useState(values.whatsapp_template);
  const type = types.find((t) => t.key === typeKey);
  const previews = answer ? (answer.previews ?? null) : savedPreviews;

  const deleteHref = `${location.pathname}?dialog=delete`;
  const typeOptions = [
    { value: "", label: TEMPLATE_MESSAGES.chooseType },
    ...types.map((t) => ({
      value: t.key,
      label: userType && !t.user_types.includes(userType) ? `${t.label} (not for ${userType})` : t.label,
    })),
  ];

  return (
    <>
      <section className="panel">
        <Text size="2">
          <Link to="/admin/notification">← Notification Templates</Link>
        </Text>
        <Heading as="h1" size="6" mt="2">
          {edit ? "Edit Template" : "Add Template"}
        </Heading>
        {template ? (
          <Text as="p" size="2" color="gray" mt="1">
            {template.label} · last updated {template.updatedText} · <AllChangesLink entity="notification_template" id={template.id} />
          </Text>
        ) : null}
        <Grid columns={{ initial: "1", md: "3fr 1fr" }} gap="5" mt="4">
          <Form {...UNSAVED_WARNING} method="post" noValidate preventScrollReset>
            <SubmissionKey />
            {edit ? <input type="hidden" name="updated_at" value={values.updated_at ?? ""} /> : null}
            <Flex direction="column" gap="4">
              <Grid columns={{ initial: "1", sm: "2" }} gap="4">
                <SelectField
                  id="user_type"
                  name="user_type"
                  label="User Type"
                  options={USER_TYPE_OPTIONS}
                  defaultValue={values.user_type}
                  error={errors.user_type}
                  required
                  onChange={(event) => setUserType(event.currentTarget.value)}
                />
                <SelectField
                  id="notification_type"
                  name="notification_type"
                  label="Notification Type"
                  options={typeOptions}
                  defaultValue={values.notification_type}
                  error={errors.notification_type}
                  required
                  onChange={(event) => setTypeKey(event.currentTarget.value)}
                />
              </Grid>
              <Field
                id="web_notification"
                name="web_notification"
                label={CHANNEL_LABELS.web_notification}
                defaultValue={values.web_notification}
                error={errors.web_notification}
                maxLength={CHANNEL_LIMITS.web_notification}
                autoComplete="off"
                hint={`Plain text, at most ${CHANNEL_LIMITS.web_notification} characters.`}
                onChange={(event) => setWeb(event.currentTarget.value)}
              />
              <TextareaField
                id="whatsapp_template"
                name="whatsapp_template"
                label={CHANNEL_LABELS.whatsapp_template}
                defaultValue={values.whatsapp_template}
                error={errors.whatsapp_template}
                maxLength={CHANNEL_LIMITS.whatsapp_template}
                rows={4}
                hint={`Plain text, at most ${CHANNEL_LIMITS.whatsapp_template} characters.`}
                onChange={(event) => setWhatsapp(event.currentTarget.value)}
              />
              <RichTextEditor
                name="email_template"
                id="email_template"
                label={CHANNEL_LABELS.email_template}
                defaultValue={values.email_template}
                error={errors.email_template}
                hint="Rich text (HTML without JavaScript); scripts, styles and unsafe links are removed when saved."
              />
              <FormError error={answer?.formError} />
              {answer?.conflict ? (
                <Text size="2">
                  <a href={location.pathname}>Reload</a> to see the current template (what you typed is still here).
                </Text>
              ) : null}
              <Flex gap="3" wrap="wrap">
                <Button type="submit" size="3" name="intent" value="save" disabled={busy === "save"}>
                  {busy === "save" ? "Saving…" : edit ? "Update" : "Add"}
                </Button>
                <Button type="submit" size="3" variant="soft" name="intent" value="preview" disabled={busy === "preview"}>
                  Show placeholders and preview
                </Button>
                <Button asChild size="3" variant="soft" color="gray">
                  <Link to="/admin/notification">Cancel</Link>
                </Button>
                {edit ? (
                  <Button asChild size="3" variant="soft" color="red" ml="auto">
                    <Link to={deleteHref} preventScrollReset>
                      Delete
                    </Link>
                  </Button>
                ) : null}
              </Flex>
            </Flex>
          </Form>
          <PlaceholderPanel type={type} />
        </Grid>
      </section>
      <PreviewPanel type={type} web={web} whatsapp={whatsapp} previews={previews} />
      {template ? (
        <ConfirmDialog
          open={deleting}
          title={TEMPLATE_MESSAGES.deleteQuestion}
          cancelTo={location.pathname}
          intent="delete"
          confirmLabel={TEMPLATE_MESSAGES.deleteConfirm}
        >
          <Text as="p" size="2" style={{ margin: 0 }}>
            You won&apos;t be able to revert this!
          </Text>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function PlaceholderPanel({ type }: { type: TypeOption | undefined }) {
  return (
    <aside aria-labelledby="placeholders-heading" className="panel" style={{ alignSelf: "start" }}>
      <Heading as="h2" size="3" id="placeholders-heading" mb="2">
        Placeholders
      </Heading>
      {type ? (
        <>
          <Text as="p" size="2" color="gray" mb="2">
            {type.label} (sent to {type.user_types.join(" and ")}) may use:
          </Text>
          <ul aria-label={`Placeholders of ${type.label}`} style={{ margin: 0, paddingLeft: "1.2em" }}>
            {type.placeholders.map((name) => (
              <li key={name}>
                <code>{braces(name)}</code>{" "}
                <Text size="1" color="gray">
                  e.g. {type.samples[name]}
                </Text>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Text as="p" size="2" color="gray">
          Choose a notification type, then “Show placeholders and preview”, to see the placeholders it allows.
        </Text>
      )}
    </aside>
  );
}

function PreviewPanel({
  type,
  web,
  whatsapp,
  previews,
}: {
  type: TypeOption | undefined;
  web: string;
  whatsapp: string;
  previews: TemplatePreviews | null;
}) {
  // plain-text channels are filled here (JS or not, the same result); the email's HTML comes sanitised from the server
  const webText = type ? fillWith(web, type.samples) : (previews?.web ?? "");
  const whatsappText = type ? fillWith(whatsapp, type.samples) : (previews?.whatsapp ?? "");
  return (
    <section className="panel" aria-labelledby="preview-heading" style={{ marginTop: "var(--space-5)" }}>
      <Heading as="h2" size="4" id="preview-heading" mb="1">
        Preview
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {type ? `With ${type.label}'s sample values.` : "Choose a notification type to fill in its sample values."}
      </Text>
      <Grid columns={{ initial: "1", md: "2" }} gap="4">
        <PreviewBox title="Web" testId="preview-web">
          {webText || <Text color="gray">Empty</Text>}
        </PreviewBox>
        <PreviewBox title="Whatsapp" testId="preview-whatsapp">
          <span style={{ whiteSpace: "pre-wrap" }}>{whatsappText || <Text color="gray">Empty</Text>}</span>
        </PreviewBox>
      </Grid>
      <PreviewBox title="Email" testId="preview-email">
        {previews?.emailHtml ? (
          <div className="faq-preview" dangerouslySetInnerHTML={{ __html: previews.emailHtml }} />
        ) : (
          <Text color="gray">{previews ? "Empty" : "Shown after “Show placeholders and preview”."}</Text>
        )}
      </PreviewBox>
    </section>
  );
}

function PreviewBox({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <div
      role="group"
      aria-label={`${title} preview`}
      data-testid={testId}
      style={{
        border: "1px solid var(--gray-a5)",
        borderRadius: "var(--radius-3)",
        padding: "var(--space-3)",
        marginTop: "var(--space-3)",
      }}
    >
      <Text as="div" size="1" weight="medium" color="gray" mb="1">
        {title}
      </Text>
      {children}
    </div>
  );
}
