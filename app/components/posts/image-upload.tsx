import { useRef, useState, type FormEvent } from "react";
import { useFetcher } from "@remix-run/react";
import { Field } from "~/components/forms";
import { raiseToast } from "~/components/shell/toasts";
import { Button, Flex, Heading, Text, useHydrated } from "~/components/ui";
import { RICH_TEXT_APPEND_EVENT } from "~/components/rich-text/rich-text-editor";
import { POST_CONTENT_ID, POST_FORM_ID } from "./post-form";
import { POST_IMAGE_MAX_BYTES, POST_IMAGE_MAX_TEXT, POST_IMAGE_TYPES_TEXT, POST_LIMITS, POST_MESSAGES } from "~contract/post-labels";
import { type PostImageResult } from "~/models/post-labels";

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The image as the content's HTML: its own paragraph. */
export const imageHtml = (image: { url: string; alt: string }) =>
  `<p><img src="${escapeHtml(image.url)}" alt="${escapeHtml(image.alt)}"></p>`;

/** Adds the image at the end of the post's content (the rich-text field listens for it). */
function insertImage(image: { url: string; alt: string }) {
  const field = document.getElementById(POST_CONTENT_ID);
  if (!field) return;
  field.dispatchEvent(new CustomEvent(RICH_TEXT_APPEND_EVENT, { detail: imageHtml(image) }));
  raiseToast({ type: "success", message: "Image added at the end of the content: save the post to keep it." });
}

const UPLOAD_FORM_ID = "post-image-form";

/** Copies with the Clipboard API, or from the selected field where that is not allowed. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    return document.execCommand("copy");
  }
}

type UploadFieldsProps = { result: PostImageResult | null | undefined; uploading: boolean; form: string; onChoose?: () => void };

/**
 * The file, its alt text and Upload, outside any form and tied to one by `form`: the post form
 * before JavaScript runs, the upload's own form after. Only that attribute changes on hydration, so
 * a file chosen before it stays chosen.
 */
function UploadFields({ result, uploading, form, onChoose }: UploadFieldsProps) {
  return (
    <Flex gap="3" wrap="wrap" align="end">
      <Flex direction="column" gap="1" className="field">
        <Text as="label" htmlFor="post-image" size="2" weight="medium">
          Image
        </Text>
        <input
          id="post-image"
          name="image"
          type="file"
          form={form}
          accept="image/png,image/jpeg,image/webp,image/gif"
          required
          onChange={onChoose}
          aria-invalid={result && !result.ok ? true : undefined}
          aria-describedby={result && !result.ok ? "post-image-error" : undefined}
        />
      </Flex>
      <div style={{ flex: "1 1 16rem" }}>
        <Field
          id="post-image-alt"
          name="alt"
          form={form}
          label="Alt text"
          maxLength={POST_LIMITS.alt}
          defaultValue={result && !result.ok ? result.alt : ""}
          autoComplete="off"
        />
      </div>
      <Button type="submit" variant="soft" disabled={uploading} form={form} name="intent" value="upload" formEncType="multipart/form-data">
        {uploading ? "Uploading…" : "Upload"}
      </Button>
    </Flex>
  );
}

/**
 * The image upload (spec 3 §2.3): file + alt, answered with the image's URL. With JavaScript it is its
 * own form sent in the background and Copy puts the URL on the clipboard; without it Upload sends the
 * post form (multipart) and the page comes back with the post as typed and the URL in a read-only field.
 */
export function ImageUpload({ action, posted }: { action: string; posted: PostImageResult | null }) {
  const fetcher = useFetcher<PostImageResult>();
  const hydrated = useHydrated();
  const urlField = useRef<HTMLInputElement>(null);
  // an image refused before it is sent (over the limit): the message beside the field, nothing posted
  const [early, setEarly] = useState<{ error: string; after: unknown } | null>(null);
  const fetched = fetcher.data ?? posted;
  const result: PostImageResult | null =
    early && early.after === fetched ? { intent: "upload", ok: false, error: early.error, alt: "" } : fetched;
  const uploading = fetcher.state !== "idle";
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const file = (document.getElementById("post-image") as HTMLInputElement | null)?.files?.[0];
    if (file && file.size > POST_IMAGE_MAX_BYTES) {
      event.preventDefault();
      setEarly({ error: POST_MESSAGES.imageTooLarge, after: fetched });
      return;
    }
    if (uploading) {
      event.preventDefault(); // a second click while the first is on its way
      return;
    }
    setEarly(null);
  }
  return (
    <section className="panel" aria-labelledby="post-image-heading" style={{ marginTop: "var(--space-5)" }}>
      <Heading as="h2" size="4" id="post-image-heading" mb="1">
        Upload an image
      </Heading>
      <Text as="p" size="2" color="gray" mt="0" mb="3">
        {POST_IMAGE_TYPES_TEXT}, at most {POST_IMAGE_MAX_TEXT}. Uploading keeps what you typed in the post above; the post is saved only by
        its own button.
      </Text>
      {/* the upload's own form (sent in the background with JS); its fields below name it once hydrated */}
      <fetcher.Form method="post" action={action} encType="multipart/form-data" id={UPLOAD_FORM_ID} hidden onSubmit={onSubmit} />
      <UploadFields result={result} uploading={uploading} form={hydrated ? UPLOAD_FORM_ID : POST_FORM_ID} onChoose={() => setEarly(null)} />
      {result && !result.ok ? (
        <Text as="p" id="post-image-error" size="2" color="red" role="alert" mt="2">
          {result.error}
        </Text>
      ) : null}
      {result?.ok ? (
        <Flex direction="column" gap="1" mt="3" role="status">
          <Text as="label" htmlFor="post-image-url" size="2" weight="medium">
            Image URL
          </Text>
          <Flex gap="2" align="center" wrap="wrap">
            <input
              ref={urlField}
              id="post-image-url"
              className="native-input"
              readOnly
              value={result.image.url}
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: "1 1 24rem", fontFamily: "var(--code-font-family)" }}
            />
            {hydrated ? (
              <Button type="button" variant="soft" onClick={() => insertImage(result.image)}>
                Insert into content
              </Button>
            ) : null}
            {hydrated ? (
              <Button
                type="button"
                onClick={async () => {
                  if (await copyText(result.image.url, urlField.current))
                    raiseToast({ type: "success", message: POST_MESSAGES.imageCopied });
                  else raiseToast({ type: "error", message: "Could not copy: select the URL and copy it yourself." });
                }}
              >
                Copy
              </Button>
            ) : null}
          </Flex>
          <Text size="1" color="gray">
            {hydrated ? "Or, in the content's HTML: " : "In the content: "}
            <code>{imageHtml(result.image)}</code>
          </Text>
        </Flex>
      ) : null}
    </section>
  );
}
