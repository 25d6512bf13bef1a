import { useRef } from "react";
import { useFetcher } from "@remix-run/react";
import { Field } from "~/components/forms";
import { raiseToast } from "~/components/shell/toasts";
import { Button, Flex, Heading, Text, useHydrated } from "~/components/ui";
import { POST_IMAGE_MAX_TEXT, POST_IMAGE_TYPES_TEXT, POST_LIMITS, POST_MESSAGES, type PostImageResult } from "~/models/post-labels";

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

/**
 * The image upload (spec 3 §2.3): its own form (file + alt) that answers the image's URL. With
 * JavaScript it is sent in the background (the post's unsaved fields stay as typed) and Copy puts
 * the URL on the clipboard; without it the page comes back with the URL in a read-only field.
 */
export function ImageUpload({ action, posted }: { action: string; posted: PostImageResult | null }) {
  const fetcher = useFetcher<PostImageResult>();
  const hydrated = useHydrated();
  const urlField = useRef<HTMLInputElement>(null);
  const result = fetcher.data ?? posted;
  const uploading = fetcher.state !== "idle";
  return (
    <section className="panel" aria-labelledby="post-image-heading" style={{ marginTop: "var(--space-5)" }}>
      <Heading as="h2" size="4" id="post-image-heading" mb="1">
        Upload an image
      </Heading>
      <Text as="p" size="2" color="gray" mt="0" mb="3">
        {POST_IMAGE_TYPES_TEXT}, at most {POST_IMAGE_MAX_TEXT}. This form is sent on its own: {hydrated ? "the post above keeps what you typed, but " : "save the post first, since "}
        the post is saved only by its own button.
      </Text>
      <fetcher.Form method="post" action={action} encType="multipart/form-data">
        <input type="hidden" name="intent" value="upload" />
        <Flex gap="3" wrap="wrap" align="end">
          <Flex direction="column" gap="1" className="field">
            <Text as="label" htmlFor="post-image" size="2" weight="medium">
              Image
            </Text>
            <input
              id="post-image"
              name="image"
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              required
              aria-invalid={result && !result.ok ? true : undefined}
              aria-describedby={result && !result.ok ? "post-image-error" : undefined}
            />
          </Flex>
          <div style={{ flex: "1 1 16rem" }}>
            <Field id="post-image-alt" name="alt" label="Alt text" maxLength={POST_LIMITS.alt} defaultValue={result && !result.ok ? result.alt : ""} autoComplete="off" />
          </div>
          <Button type="submit" variant="soft" disabled={uploading}>
            {uploading ? "Uploading…" : "Upload"}
          </Button>
        </Flex>
      </fetcher.Form>
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
              <Button
                type="button"
                onClick={async () => {
                  if (await copyText(result.image.url, urlField.current)) raiseToast({ type: "success", message: POST_MESSAGES.imageCopied });
                  else raiseToast({ type: "error", message: "Could not copy: select the URL and copy it yourself." });
                }}
              >
                Copy
              </Button>
            ) : null}
          </Flex>
          <Text size="1" color="gray">
            In the content: <code>{`<img src="${result.image.url}" alt="${result.image.alt.replace(/"/g, "&quot;")}">`}</code>
          </Text>
        </Flex>
      ) : null}
    </section>
  );
}
