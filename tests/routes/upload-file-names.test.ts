/**
 * Issue 29 item 8: a file's name is whatever the browser sends. Chromium sends `filename="a;b.png"`
 * as is (only a quote and line breaks are escaped, as %22, %0D, %0A); every admin upload form
 * either stores such a file under a safe name or refuses it with a message, never a 500.
 * The bodies here are written byte by byte, as the browser sends them.
 */
import { describe, expect, it } from "vitest";
import * as bucketRoute from "~/routes/admin.s3-bucket-manager";
import * as uploadRoute from "~/routes/admin.s3-bucket-manager_.upload";
import * as editorRoute from "~/routes/admin.posts.post";
import * as settingsRoute from "~/routes/admin.settings";
import { BUCKET_MESSAGES } from "~contract/bucket-manager";
import type { SettingRecord } from "~contract/settings";
import { SETTINGS_SAVED } from "~/models/settings-tabs";
import { readUploadForm } from "~/services/upload-form.server";
import { png } from "../support/images";
import {
  apiCall,
  callRoute,
  expectRedirect,
  generalSettingsSave,
  readToast,
  requestAs,
  statusOf,
  type RouteModule,
} from "../support/routes";

const BOUNDARY = "----WebKitFormBoundaryA1b2C3d4E5f6G7h8";
type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Uint8Array };

/** A multipart body exactly as Chromium writes it: the file name between quotes, unescaped. */
function rawBody(parts: Part[]): Uint8Array<ArrayBuffer> {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) {
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.from(part.bytes), Buffer.from("\r\n"));
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}

async function postRaw(module: RouteModule, url: string, parts: Part[]) {
  const base = await requestAs("admin", url, { method: "POST" });
  const headers = new Headers(base.headers);
  headers.set("Content-Type", `multipart/form-data; boundary=${BOUNDARY}`);
  return callRoute(module, new Request(base.url, { method: "POST", headers, body: rawBody(parts) }));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- action payloads read by property
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

const image = (filename: string, name = "file"): Part => ({ name, filename, type: "image/png", bytes: png(4, 4) });

describe("file names as the browser sends them (a;b.png)", () => {
  it("the form reader keeps the name as sent, decodes %22, and says an unreadable form in a sentence", async () => {
    const read = async (body: Uint8Array<ArrayBuffer> | string, type = `multipart/form-data; boundary=${BOUNDARY}`) =>
      readUploadForm(new Request("http://admin.test/", { method: "POST", headers: { "Content-Type": type }, body }), { file: 1024 }, 64);
    const form = await read(rawBody([image("a;b.png"), { name: "alt", value: "x" }]));
    if ("unreadable" in form) throw new Error(form.unreadable);
    expect((form.formData.get("file") as File).name).toBe("a;b.png");
    expect(form.formData.get("alt")).toBe("x");
    const quoted = await read(rawBody([image("say %22hi%22; ok.png")]));
    expect("formData" in quoted && (quoted.formData.get("file") as File).name).toBe('say "hi"; ok.png');
    const pdf = await read(rawBody([image("a;b%22.pdf")]));
    expect("formData" in pdf && (pdf.formData.get("file") as File).name).toBe('a;b".pdf');
    expect(await read(rawBody([{ name: "alt", value: "y".repeat(65) }]))).toEqual({
      unreadable: "The field alt is too long: nothing was saved.",
    });
    expect(await read(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\ncut off`)).toHaveProperty(
      "unreadable",
    );
  });

  it("S3 Bucket Manager, with JavaScript (one file per request): refused with the name rule, not a 500", async () => {
    const result = await postRaw(uploadRoute, "/admin/s3-bucket-manager/upload", [image("a;b.png")]);
    expect(statusOf(result)).toBe(400);
    expect(payload(result)).toEqual({ name: "a;b.png", ok: false, message: BUCKET_MESSAGES.badName });
  });

  it("S3 Bucket Manager, without JavaScript: the file is named in the answer with the name rule", async () => {
    const result = await postRaw(bucketRoute, "/admin/s3-bucket-manager", [{ name: "intent", value: "upload" }, image("a;b.png", "files")]);
    expect(statusOf(result)).toBe(400);
    expect(payload(result).uploads).toEqual([{ name: "a;b.png", ok: false, message: BUCKET_MESSAGES.badName }]);
  });

  it('S3 Bucket Manager, without JavaScript: a file named a;b".pdf (the quote sent as %22) is named as chosen in the answer', async () => {
    const result = await postRaw(bucketRoute, "/admin/s3-bucket-manager", [
      { name: "intent", value: "upload" },
      image("a;b%22.pdf", "files"),
    ]);
    expect(statusOf(result)).toBe(400);
    expect(payload(result).uploads).toEqual([{ name: 'a;b".pdf', ok: false, message: BUCKET_MESSAGES.badName }]);
  });

  it("Post editor: the image is stored under a name of its own", async () => {
    const result = await postRaw(editorRoute, "/admin/posts/post", [
      { name: "intent", value: "upload" },
      image("a;b.png", "image"),
      { name: "alt", value: "Semicolon" },
    ]);
    expect(payload(result)).toMatchObject({
      intent: "upload",
      ok: true,
      image: { alt: "Semicolon", url: expect.stringMatching(/^\/blog\/images\/post-[0-9a-f]{16}\.png$/) },
    });
  });

  it("General Settings: the logo is stored under a name of its own and saved", async () => {
    const panel = payload(await callRoute(settingsRoute, await requestAs("admin", "/admin/settings?tab=general"))).panel.data;
    const fields = generalSettingsSave(panel);
    const logo = png(150, 150, { colour: [200, 20, 20] });
    const result = await postRaw(settingsRoute, "/admin/settings?tab=general", [
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: "logoFile", filename: "a;b.png", type: "image/png", bytes: logo },
      { name: "faviconFile", filename: "", type: "application/octet-stream", bytes: new Uint8Array() },
    ]);
    expect(await readToast(expectRedirect(result, "/admin/settings?tab=general"))).toMatchObject({ message: SETTINGS_SAVED });
    const saved = (await apiCall<{ data: SettingRecord }>("/get-setting?setting_name=GeneralSetting")).data as unknown as {
      setting1: { logo: string };
    };
    expect(saved.setting1.logo).toMatch(/^logo-[0-9a-f]{16}-150x150\.png$/);
  });
});
