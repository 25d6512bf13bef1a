import { useState } from "react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ErrorText, Field, FormError, SelectField, TextareaField } from "~/components/forms";
import { REVIEW_REASON_MAX } from "~contract/document-labels";
import { RichTextEditor } from "~/components/rich-text/rich-text-editor";
import { SubmissionKey } from "~/components/submission-key";
import { Button, Flex, Heading, Text } from "~/components/ui";
import type { NewJobData, NewJobValues } from "~/models/bulk-jobs";
import type { FormFailure } from "~/models/form-result";

/**
 * "Select all N matching this filter": the rows the list's filter matches (every page of them), the
 * action to take on them, and what it needs (an email's subject and body, a WhatsApp template).
 * Posting starts a background job and opens its progress page.
 */
export function NewJobForm({ data, failure }: { data: NewJobData; failure?: FormFailure<NewJobValues> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "start";
  const values = failure?.repopulateFields ?? { kind: data.kinds[0]?.value ?? "", subject: "", body: "", whatsappTemplate: "", reason: "" };
  const [kind, setKind] = useState(values.kind);
  const count = `${data.totalExact ? "" : "about "}${data.total.toLocaleString("en-IN")}`;
  const offersEmail = data.kinds.some((k) => k.value === "provider-email");
  const offersWhatsapp = data.kinds.some((k) => k.value === "provider-whatsapp");
  const offersReject = data.kinds.some((k) => k.value === "document-reject");
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Bulk action: {data.listTitle}
        </Heading>
        <Link className="button-link" to={data.listUrl}>
          Back to the list
        </Link>
      </div>
      <Text as="p" size="3">
        <strong>{count}</strong> {data.listTitle} match this filter
        {data.filterWords.length ? `: ${data.filterWords.join(" · ")}` : " (no filter: every row of the list)"}. The action applies to all
        of them, on every page.
      </Text>
      {data.filterErrors.length ? (
        <div role="alert" className="form-error">
          The list&apos;s filter is not valid, so no rows are selected: {data.filterErrors.join(" ")}
        </div>
      ) : data.total === 0 ? (
        <Text as="p" size="2" role="status">
          No rows match this filter: nothing to do.
        </Text>
      ) : (
        <Form method="post" className="card" aria-labelledby="new-job-title">
          <SubmissionKey />
          <input type="hidden" name="intent" value="start" />
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4" id="new-job-title">
              Choose the action
            </Heading>
            <fieldset className="field" aria-describedby={failure?.fieldErrors.kind ? "job-kind-error" : undefined}>
              <legend>Action</legend>
              {data.kinds.map((k) => (
                <Text as="label" size="2" key={k.value} style={{ display: "block" }}>
                  <input type="radio" name="kind" value={k.value} checked={kind === k.value} onChange={() => setKind(k.value)} /> {k.label}
                </Text>
              ))}
              <ErrorText id="job-kind-error" error={failure?.fieldErrors.kind} />
            </fieldset>
            {offersEmail ? (
              <fieldset className="field">
                <legend>For Send email</legend>
                <Field
                  id="job-subject"
                  name="subject"
                  maxLength={200}
                  defaultValue={values.subject}
                  label="Subject"
                  error={failure?.fieldErrors.subject}
                />
                <RichTextEditor name="body" id="job-body" label="Body" defaultValue={values.body} error={failure?.fieldErrors.body} />
              </fieldset>
            ) : null}
            {offersWhatsapp ? (
              <SelectField
                id="job-template"
                name="whatsappTemplate"
                label="WhatsApp Template"
                hint="For Send WhatsApp: the subject and body are then not used"
                defaultValue={values.whatsappTemplate}
                options={[{ value: "", label: "Choose a template" }, ...data.templates]}
                error={failure?.fieldErrors.whatsappTemplate}
              />
            ) : null}
            {offersReject ? (
              <TextareaField
                id="job-reason"
                name="reason"
                label="Reason"
                hint={`For Reject documents: the reason every provider is told (at most ${REVIEW_REASON_MAX} characters)`}
                rows={3}
                maxLength={REVIEW_REASON_MAX}
                defaultValue={values.reason}
                error={failure?.fieldErrors.reason}
              />
            ) : null}
            <FormError error={failure?.formError} />
            <Flex gap="3" justify="end">
              <Link className="button-link" to={data.listUrl}>
                Cancel
              </Link>
              <Button type="submit" disabled={busy}>
                {busy ? "Starting…" : `Apply to all ${count}`}
              </Button>
            </Flex>
          </Flex>
        </Form>
      )}
    </>
  );
}
