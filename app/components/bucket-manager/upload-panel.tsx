import { useRef, useState, type FormEvent } from "react";
import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { Button, Flex, Text } from "~/components/ui";
import { BUCKET_FILE_MAX_BYTES, BUCKET_FILE_MAX_TEXT, BUCKET_MAX_FILES, BUCKET_MESSAGES as M } from "~contract/bucket-manager-labels";
import { BUCKET_ACCEPT, BUCKET_REQUEST_MAX_TEXT } from "~/models/bucket-manager-labels";
import { BUCKET_UPLOAD_ROUTE, type UploadResult } from "~/models/bucket-manager-page";

type Item = { name: string; percent: number; state: "uploading" | "done" | "error"; message: string };

/** One file to the upload route by XMLHttpRequest, reporting progress; resolves with what the server said. */
function send(file: File, onProgress: (percent: number) => void): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const body = new FormData();
    body.append("file", file, file.name);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        const answer = JSON.parse(xhr.responseText) as UploadResult;
        resolve({ name: file.name, ok: answer.ok === true, message: answer.message });
      } catch {
        resolve({ name: file.name, ok: false, message: `The upload failed (${xhr.status}). Please try again.` });
      }
    };
    xhr.onerror = () => resolve({ name: file.name, ok: false, message: "The upload failed: the connection was lost. Please try again." });
    xhr.open("POST", BUCKET_UPLOAD_ROUTE);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.send(body);
  });
}

/**
 * Upload files: without JavaScript a plain multipart form posting to the page's action (results per
 * file come back with the page); with it each file goes on its own request with a progress bar.
 */
export function UploadPanel({ results }: { results?: UploadResult[] }) {
  const [items, setItems] = useState<Item[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const posting = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  const busy = items.some((i) => i.state === "uploading");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const files = [...(input.current?.files ?? [])];
    if (files.length === 0) {
      setItems([{ name: "", percent: 0, state: "error", message: M.noFiles }]);
      return;
    }
    if (files.length > BUCKET_MAX_FILES) {
      setItems([{ name: "", percent: 0, state: "error", message: M.tooMany }]);
      return;
    }
    const start: Item[] = files.map((f) =>
      f.size > BUCKET_FILE_MAX_BYTES
        ? { name: f.name, percent: 0, state: "error", message: M.tooLarge }
        : { name: f.name, percent: 0, state: "uploading", message: "Uploading…" },
    );
    setItems(start);
    const update = (index: number, change: Partial<Item>) =>
      setItems((now) => now.map((item, i) => (i === index ? { ...item, ...change } : item)));
    await Promise.all(
      files.map(async (file, index) => {
        if (start[index].state === "error") return;
        const answer = await send(file, (percent) => update(index, { percent }));
        update(index, { state: answer.ok ? "done" : "error", percent: answer.ok ? 100 : 0, message: answer.message });
      }),
    );
    if (input.current) input.current.value = "";
    revalidator.revalidate();
  }

  const shown: Item[] =
    items.length > 0
      ? items
      : (results ?? []).map((r) => ({ name: r.name, percent: r.ok ? 100 : 0, state: r.ok ? "done" : "error", message: r.message }));
  return (
    <section aria-labelledby="upload-title" className="panel" style={{ padding: "var(--space-3)", marginBottom: "var(--space-4)" }}>
      <Text as="p" id="upload-title" size="2" weight="bold" style={{ margin: "0 0 var(--space-2)" }}>
        Upload files
      </Text>
      <Form method="post" encType="multipart/form-data" onSubmit={onSubmit} preventScrollReset>
        <input type="hidden" name="intent" value="upload" />
        <Flex gap="2" align="center" wrap="wrap">
          <label htmlFor="bucket-files" className="visually-hidden">
            Files to upload
          </label>
          <input
            ref={input}
            id="bucket-files"
            type="file"
            name="files"
            multiple
            accept={BUCKET_ACCEPT}
            className="native-input"
            aria-describedby="bucket-files-hint"
          />
          <Button type="submit" disabled={busy || posting}>
            {busy || posting ? "Uploading…" : "Upload"}
          </Button>
        </Flex>
        <Text as="p" id="bucket-files-hint" size="1" color="gray" style={{ margin: "var(--space-1) 0 0" }}>
          JPG, PNG, GIF, WebP, PDF, Word, PowerPoint or MP4; at most {BUCKET_FILE_MAX_TEXT} each, {BUCKET_MAX_FILES} files and{" "}
          {BUCKET_REQUEST_MAX_TEXT} at once. A name already stored is refused.
        </Text>
      </Form>
      {shown.length > 0 ? (
        <ul
          aria-label="Upload results"
          role="status"
          style={{ listStyle: "none", margin: "var(--space-2) 0 0", padding: 0, display: "grid", gap: "var(--space-1)" }}
        >
          {shown.map((item, i) => (
            <li key={`${item.name}-${i}`} className="upload-result" data-state={item.state}>
              <Flex gap="2" align="center" wrap="wrap">
                {item.name ? (
                  <Text size="2" weight="medium">
                    {item.name}
                  </Text>
                ) : null}
                {item.state === "uploading" ? (
                  <progress max={100} value={item.percent} aria-label={`Uploading ${item.name}`} style={{ width: "10rem" }} />
                ) : null}
                <Text
                  size="2"
                  color={item.state === "error" ? "red" : item.state === "done" ? "green" : "gray"}
                  role={item.state === "error" ? "alert" : undefined}
                >
                  {item.message}
                </Text>
              </Flex>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
