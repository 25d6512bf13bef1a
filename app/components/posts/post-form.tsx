import { useState } from "react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { ErrorText, Field, FormError } from "~/components/forms";
import { RichTextEditor } from "~/components/rich-text/rich-text-editor";
import { Button, Flex, Text } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";
import { POST_LIMITS, POST_STATUSES } from "~contract/post-labels";
import { POST_STATUS_CHOICES, type PostDraft } from "~/models/post-labels";
import { UNSAVED_WARNING } from "~/components/unsaved-changes";
import { SubmissionKey } from "~/components/submission-key";

/** The post form's id: without JavaScript the image upload's fields belong to it (form=…). */
export const POST_FORM_ID = "post-form";
/** The content field's id (the upload's "Insert into content" adds the image there). */
export const POST_CONTENT_ID = "post-content";

type PostFormProps = {
  values: PostDraft;
  failure?: FormFailure<PostDraft> | null;
  /** edit: the same page with the delete dialog asked for */
  deleteHref?: string;
  edit: boolean;
};

/** The meta description with its live "n/160" count (the browser's maxLength and the server enforce it). */
function DescriptionField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const [length, setLength] = useState(defaultValue.length);
  return (
    <Flex direction="column" gap="1" className="field">
      <Flex justify="between" align="center" gap="2">
        <Text as="label" htmlFor="post-description" size="2" weight="medium">
          Meta description
        </Text>
        <Text id="post-description-count" size="1" color={length > POST_LIMITS.description ? "red" : "gray"} aria-live="polite">
          {length}/{POST_LIMITS.description}
        </Text>
      </Flex>
      <textarea
        id="post-description"
        name="description"
        className="native-input"
        rows={2}
        maxLength={POST_LIMITS.description}
        defaultValue={defaultValue}
        onChange={(event) => setLength(event.currentTarget.value.length)}
        aria-invalid={error ? true : undefined}
        aria-describedby={["post-description-count", error ? "post-description-error" : null].filter(Boolean).join(" ")}
      />
      <ErrorText id="post-description-error" error={error} />
    </Flex>
  );
}

/** Add and edit a post (spec 3 §2.3): one plain form, its content as rich text over an HTML textarea. */
export function PostForm({ values, failure, deleteHref, edit }: PostFormProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const errors = failure?.fieldErrors ?? {};
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <Form {...UNSAVED_WARNING} method="post" id={POST_FORM_ID} noValidate>
      <SubmissionKey />
      <input type="hidden" name="updated_at" value={values.updated_at} />
      <Flex direction="column" gap="4">
        <Field
          id="post-title"
          name="title"
          label="Title"
          required
          maxLength={POST_LIMITS.title}
          defaultValue={values.title}
          error={errors.title}
          autoComplete="off"
        />
        <DescriptionField defaultValue={values.description} error={errors.description} />
        <Field
          id="post-author"
          name="author"
          label="Author"
          maxLength={POST_LIMITS.author}
          defaultValue={values.author}
          error={errors.author}
          autoComplete="off"
        />
        <Field
          id="post-tags"
          name="tags"
          label="Tags"
          hint="Comma separated, e.g. GST, Startups"
          defaultValue={values.tags}
          error={errors.tags}
          autoComplete="off"
        />
        <fieldset className="post-status" style={{ border: "none", padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 500, fontSize: "var(--font-size-2)", marginBottom: "var(--space-1)" }}>Status</legend>
          <Flex gap="4">
            {POST_STATUSES.map((status) => (
              <Text as="label" size="2" key={status} style={{ display: "flex", alignItems: "center", gap: "var(--space-2)" }}>
                <input type="radio" name="status" value={status} defaultChecked={values.status === status} />
                {POST_STATUS_CHOICES[status]}
              </Text>
            ))}
          </Flex>
          <ErrorText id="post-status-error" error={errors.status} />
        </fieldset>
        <RichTextEditor
          name="content"
          id={POST_CONTENT_ID}
          label="Content"
          hint="For an image, upload it below and put its URL in an <img> tag (with JavaScript: Insert into content)."
          defaultValue={values.content}
          error={errors.content}
        />
        <FormError error={failure?.formError} />
        {failure?.conflict ? (
          <Text size="2">
            Your values are still here. <a href={location.pathname + location.search}>Reload</a> to see {failure.conflict.updatedBy}&apos;s
            version (your typing will be lost), or copy what you need first.
          </Text>
        ) : null}
        <Flex gap="3" wrap="wrap">
          {/* the first submit button: Enter in a field saves (the upload's button, without JS, posts this form too) */}
          <Button type="submit" name="intent" value="save" size="3" disabled={saving}>
            {saving ? "Saving…" : edit ? "Update Post" : "Save Post"}
          </Button>
          <Button asChild size="3" variant="soft" color="gray">
            <Link to="/admin/posts">Cancel</Link>
          </Button>
          {deleteHref ? (
            <Button asChild size="3" variant="soft" color="red" ml="auto">
              <Link to={deleteHref} preventScrollReset>
                Delete Post
              </Link>
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </Form>
  );
}
