import { describe, expect, it } from "vitest";
import * as bucketRoute from "~/routes/admin.s3-bucket-manager";
import * as fileRoute from "~/routes/admin.s3-bucket-manager_.files.$name";
import * as uploadRoute from "~/routes/admin.s3-bucket-manager_.upload";
import {
  BUCKET_FILE_MAX_BYTES,
  BUCKET_MESSAGES as M,
  BucketUploadAnswer,
  type BucketUploadAnswer as Uploaded,
} from "~contract/bucket-manager";
import type { BucketActionData, BucketPageData, UploadResult } from "~/models/bucket-manager-page";
import { png } from "../support/images";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf, type DemoAdminName } from "../support/routes";

const LIST = "/admin/s3-bucket-manager";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
const tag = () => `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

function payload<T = BucketPageData>(result: unknown): T {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: T }).data;
  return result as T;
}
const load = async (url: string, who: DemoAdminName | null = "admin") => callRoute(bucketRoute, await requestAs(who, url));
const post = async (url: string, form: Record<string, string>, who: DemoAdminName | null = "admin") =>
  callRoute(bucketRoute, await requestAs(who, url, { form }));

/** Files of this test's own, stored through the API. */
async function stored(files: { name: string; bytes: Uint8Array }[]): Promise<Uploaded["data"]> {
  const form = new FormData();
  for (const f of files) form.append("files", new Blob([new Uint8Array(f.bytes)]), f.name);
  const answer = await apiCall("/s3/upload", { method: "POST", body: form, actingAdmin: "admin" });
  return BucketUploadAnswer.parse(answer).data;
}

async function multipart(
  module: typeof bucketRoute | typeof uploadRoute,
  url: string,
  fields: [string, string | { name: string; bytes: Uint8Array }][],
  who: DemoAdminName = "admin",
) {
  const form = new FormData();
  for (const [key, value] of fields) {
    if (typeof value === "string") form.append(key, value);
    else form.append(key, new Blob([new Uint8Array(value.bytes)]), value.name);
  }
  const base = await requestAs(who, url, { method: "POST" });
  return callRoute(module, new Request(base.url, { method: "POST", headers: base.headers, body: form }));
}

describe("S3 Bucket Manager (/admin/s3-bucket-manager)", () => {
  it("lists the catalogue newest first as the table shows it; searches by name and by India-time upload day", async () => {
    const t = tag();
    const [a, b] = await stored([
      { name: `${t}-Alpha.png`, bytes: png(3, 3) },
      { name: `${t}-beta.pdf`, bytes: PDF },
    ]);
    const page = payload(await load(`${LIST}?search=${t.toUpperCase()}`));
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.name).sort()).toEqual([a.file_name, b.file_name].sort());
    const pdfRow = page.rows.find((r) => r.name === b.file_name)!;
    expect(pdfRow).toMatchObject({
      id: b.id,
      kind: "pdf",
      size: `${PDF.length} B`,
      href: `${LIST}/files/${encodeURIComponent(b.file_name)}`,
    });
    expect(pdfRow.uploadedAt).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} (AM|PM)$/);
    expect(page.rows.find((r) => r.name === a.file_name)?.kind).toBe("image");
    expect(page).toMatchObject({
      from: 1,
      to: 2,
      search: t.toUpperCase(),
      date: "",
      previousToken: null,
      nextToken: null,
      dialog: null,
      notice: null,
      loadError: null,
    });

    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date(a.uploaded_at));
    expect(payload(await load(`${LIST}?search=${t}&uploaded_at=${today}`)).total).toBe(2);
    expect(payload(await load(`${LIST}?search=${t}&uploaded_at=2020-01-01`)).total).toBe(0);
  });

  it("pages by the continuation tokens in the URL, both ways, saying Showing x to y of n", async () => {
    const t = tag();
    await stored(Array.from({ length: 12 }, (_, i) => ({ name: `${t}-${i}.png`, bytes: png(2, 2 + i) })));
    const first = payload(await load(`${LIST}?search=${t}`));
    expect(first).toMatchObject({ total: 12, from: 1, to: 10, previousToken: null });
    const second = payload(await load(`${LIST}?search=${t}&token=${first.nextToken}`));
    expect(second).toMatchObject({ total: 12, from: 11, to: 12, nextToken: null });
    expect(M.showing(second.from, second.to, second.total)).toBe("Showing 11 to 12 of 12 entries");
    const back = payload(await load(`${LIST}?search=${t}&token=${second.previousToken}`));
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
  });

  it("refuses a bad date or token (400) and says why", async () => {
    const date = await load(`${LIST}?uploaded_at=2026-13-40`);
    expect(statusOf(date)).toBe(400);
    expect(payload(date).filterErrors).toEqual([M.badDate]);
    const token = await load(`${LIST}?token=nonsense`);
    expect(statusOf(token)).toBe(400);
    expect(payload(token).loadError).toMatchObject({ title: M.listFailed, message: M.badToken });
  });

  it("opens the preview and the delete confirmation from the URL; an unknown id is a notice", async () => {
    const t = tag();
    const [file] = await stored([{ name: `${t}.png`, bytes: png(4, 4) }]);
    expect(payload(await load(`${LIST}?search=${t}&preview=${file.id}`)).dialog).toMatchObject({
      kind: "preview",
      row: { id: file.id, name: file.file_name },
    });
    expect(payload(await load(`${LIST}?search=${t}&dialog=delete&id=${file.id}`)).dialog).toMatchObject({
      kind: "delete",
      row: { id: file.id },
    });
    expect(payload(await load(`${LIST}?search=${t}&preview=99999999`)).notice).toMatchObject({ title: M.notFound });
    expect(payload(await load(`${LIST}?search=${t}&preview=abc`)).notice).toMatchObject({ title: M.notFound });
  });

  it("a bookmarked dialog whose file is not on the page shown still opens it (the API's one-file call)", async () => {
    const t = tag();
    const [file] = await stored([{ name: `${t}-away.png`, bytes: png(3, 3) }]);
    // a search that does not list the file, with its preview and delete dialogs in the URL
    const preview = payload(await load(`${LIST}?search=${t}-nothing&preview=${file.id}`));
    expect(preview.rows).toEqual([]);
    expect(preview.dialog).toMatchObject({ kind: "preview", row: { id: file.id, name: file.file_name, kind: "image" } });
    expect(payload(await load(`${LIST}?search=${t}-nothing&dialog=delete&id=${file.id}`)).dialog).toMatchObject({
      kind: "delete",
      row: { id: file.id },
    });
  });

  it("deletes a file (Deleted! / Your file has been deleted.) and refuses one a post uses, naming the post", async () => {
    const t = tag();
    const [free, used] = await stored([
      { name: `${t}-free.png`, bytes: png(2, 2) },
      { name: `${t}-used.png`, bytes: png(2, 5) },
    ]);
    const done = expectRedirect(
      await post(`${LIST}?search=${t}&dialog=delete&id=${free.id}`, { intent: "delete", id: String(free.id), key: free.file_name }),
      `${LIST}?search=${t}`,
    );
    expect(done.headers.get("Location")).toBe(`${LIST}?search=${t}`);
    expect(await readToast(done)).toMatchObject({ type: "success", title: M.deleted, message: M.deletedText });
    expect(payload(await load(`${LIST}?search=${t}`)).rows.map((r) => r.id)).toEqual([used.id]);

    await apiCall("/blog/articles/", {
      method: "POST",
      actingAdmin: "admin",
      body: { title: `Uses ${t}`, content: `<p><img src="${LIST}/files/${used.file_name}" alt="x"></p>` },
    });
    const refused = await post(LIST, { intent: "delete", id: String(used.id), key: used.file_name });
    expect(statusOf(refused)).toBe(409);
    expect(payload<BucketActionData>(refused).notice?.title).toBe(M.deleteError);
    expect(payload<BucketActionData>(refused).notice?.message).toContain(`the post “Uses ${t}”`);

    const gone = await post(LIST, { intent: "delete", id: String(free.id), key: free.file_name });
    expect(statusOf(gone)).toBe(404);
    expect(payload<BucketActionData>(gone).notice).toMatchObject({ title: M.deleteError, message: M.deleteErrorText });
    expect(statusOf(await post(LIST, { intent: "delete", id: "x", key: "../y" }))).toBe(400);
    expect(statusOf(await post(LIST, { intent: "explode" }))).toBe(400);
  });

  it("Fetch S3 Bucket Data tells what changed", async () => {
    const done = expectRedirect(await post(`${LIST}?search=x`, { intent: "sync" }), `${LIST}?search=x`);
    const toast = await readToast(done);
    expect(toast?.type).toBe("success");
    expect(toast?.message).toMatch(/^Bucket data fetched: \d+ added, \d+ updated, \d+ removed \(\d+ files in the bucket\)\.$/);
  });

  it("uploads without JavaScript (the page's form) and with it (one file per request), telling each file's result", async () => {
    const t = tag();
    const ok = await multipart(bucketRoute, LIST, [
      ["intent", "upload"],
      ["files", { name: `${t}-a.png`, bytes: png(2, 2) }],
      ["files", { name: `${t}-b.pdf`, bytes: PDF }],
    ]);
    expect(await readToast(expectRedirect(ok, LIST))).toMatchObject({ type: "success", message: M.uploadedCount(2) });
    const mixed = await multipart(bucketRoute, LIST, [
      ["intent", "upload"],
      ["files", { name: `${t}-c.png`, bytes: png(2, 2) }],
      ["files", { name: `${t}-d.pdf`, bytes: Buffer.from("not a pdf") }],
      ["files", { name: `${t}-a.png`, bytes: png(2, 2) }],
    ]);
    expect(statusOf(mixed)).toBe(200);
    expect(payload<BucketActionData>(mixed).uploads).toEqual([
      { name: `${t}-c.png`, ok: true, message: M.uploaded(`${t}-c.png`) },
      { name: `${t}-d.pdf`, ok: false, message: M.wrongType },
      { name: `${t}-a.png`, ok: false, message: M.nameTaken(`${t}-a.png`) },
    ]);
    const none = await multipart(bucketRoute, LIST, [["intent", "upload"]]);
    expect(payload<BucketActionData>(none).uploads).toEqual([{ name: "", ok: false, message: M.noFiles }]);

    const one = await multipart(uploadRoute, `${LIST}/upload`, [["file", { name: `${t}-e.png`, bytes: png(5, 5) }]]);
    expect(statusOf(one)).toBe(201);
    expect(payload<UploadResult>(one)).toEqual({ name: `${t}-e.png`, ok: true, message: M.uploaded(`${t}-e.png`) });
    const wrong = await multipart(uploadRoute, `${LIST}/upload`, [["file", { name: `${t}-f.png`, bytes: Buffer.from("text") }]]);
    expect(statusOf(wrong)).toBe(400);
    expect(payload<UploadResult>(wrong)).toMatchObject({ ok: false, message: M.wrongType });
    expect(payload(await load(`${LIST}?search=${t}`)).total).toBe(4);

    // over 10 MB: refused before the API is asked, named (the file is drained, its name kept)
    const big = { name: `${t}-big.png`, bytes: Buffer.concat([png(2, 2), Buffer.alloc(BUCKET_FILE_MAX_BYTES)]) };
    const tooBig = await multipart(bucketRoute, LIST, [
      ["intent", "upload"],
      ["files", big],
    ]);
    expect(statusOf(tooBig)).toBe(400);
    expect(payload<BucketActionData>(tooBig).uploads).toEqual([{ name: big.name, ok: false, message: M.tooLarge }]);
    const tooBigOne = await multipart(uploadRoute, `${LIST}/upload`, [["file", big]]);
    expect(statusOf(tooBigOne)).toBe(413);
    expect(payload<UploadResult>(tooBigOne).message).toBe(M.tooLarge);
  });

  it("sweeps the unused post images listed when the admin looked; a sweep or a delete without its fields is a notice (400)", async () => {
    const t = tag();
    const url = `${LIST}?unused=1&search=${t}&dialog=sweep`;
    const done = expectRedirect(await post(url, { intent: "sweep", before: new Date().toISOString() }), `${LIST}?unused=1&search=${t}`);
    expect(await readToast(done)).toMatchObject({ type: "success", title: M.deleted, message: M.swept(0) });
    const refusedForms: Record<string, string>[] = [
      { intent: "sweep", before: "not a time" },
      { intent: "sweep" },
      { intent: "delete", key: "x.png" },
    ];
    for (const form of refusedForms) {
      const refused = await post(url, form);
      expect(statusOf(refused), JSON.stringify(form)).toBe(400);
      expect(payload<BucketActionData>(refused).notice).toEqual({ title: M.deleteError, message: M.deleteErrorText, tone: "error" });
    }
  });

  it("the upload route answers a post without a file in its own shape (400), and an unknown intent with 400", async () => {
    const none = await multipart(uploadRoute, `${LIST}/upload`, [["other", "x"]]);
    expect(statusOf(none)).toBe(400);
    expect(payload<UploadResult>(none)).toEqual({ name: "", ok: false, message: M.noFiles });
    expect(statusOf(await multipart(bucketRoute, LIST, [["intent", "explode"]]))).toBe(400);
  });

  it("streams a stored file through the admin's own route", async () => {
    const t = tag();
    const [file] = await stored([{ name: `${t}.pdf`, bytes: PDF }]);
    const response = (await callRoute(fileRoute, await requestAs("admin", `${LIST}/files/${file.file_name}`), {
      name: file.file_name,
    })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);
  });

  it("needs the S3BucketManager access: others get 403, no session goes to login", async () => {
    expectRedirect(await load(LIST, null), "/admin/login");
    for (const who of ["catalog", "support"] as const) {
      expect(statusOf(await load(LIST, who))).toBe(403);
      expect(statusOf(await post(LIST, { intent: "sync" }, who))).toBe(403);
      expect(statusOf(await multipart(uploadRoute, `${LIST}/upload`, [["file", { name: "x.png", bytes: png(2, 2) }]], who))).toBe(403);
      expect(statusOf(await callRoute(fileRoute, await requestAs(who, `${LIST}/files/x.png`), { name: "x.png" }))).toBe(403);
    }
  });
});
