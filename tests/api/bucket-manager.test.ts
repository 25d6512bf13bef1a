/**
 * S3 Bucket Manager (spec 3 §2.11, §7 s3/list, s3/delete; ours s3/upload, s3/sync): every call on
 * the local folder AND on a real S3-compatible server (s3rver), on each database driver.
 */
import { MAX_PAGE_SIZE } from "~contract/list-query";
import { mkdtemp, rm, writeFile, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orderFiles, orders, profileDocuments, serviceProviders, settings, storedFiles, users } from "../../api/src/db/schema";
import { BUCKET_UPLOAD_BODY_BYTES, decodeToken, encodeToken } from "../../api/src/routes/bucket-manager";
import { localFileStorage, s3FileStorage, type FileStorage } from "../../api/src/storage";
import { seedExtraFiles } from "../../api/src/seed/bucket-manager";
import { cataloguedStorage } from "../../api/src/storage/catalogue";
import { documentFileNames, ensureSeededFiles, orderFileNames } from "../../api/src/storage/seeded-files";
import { sniffFile } from "../../api/src/lib/file-sniff";
import { ACTING_ADMIN_HEADER } from "~contract/api";
import {
  BUCKET_FILE_MAX_BYTES,
  BUCKET_MESSAGES as M,
  BucketListAnswer,
  BucketSyncAnswer,
  BucketUploadAnswer,
} from "~contract/bucket-manager";
import { startTestApi, testDrivers, type TestApi } from "../support/api-server";
import { gif1x1, jpegOf, png, webp1x1 } from "../support/images";
import { docx, pptx } from "../support/office-files";
import { S3RVER_CREDENTIALS, startS3rver, type TestS3 } from "../support/s3rver";
import { call, get, parsed } from "./helpers";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const BUCKET = "bucket-manager";
const tagged = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
const ole = () => {
  const b = Buffer.alloc(1024);
  b.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return b;
};
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom", "latin1"), Buffer.alloc(12)]);

describe("sniffFile", () => {
  it("tells each accepted type by content, and refuses anything else", async () => {
    expect((await sniffFile(png(4, 4)))?.type).toBe("png");
    expect((await sniffFile(jpegOf(8, 8)))?.type).toBe("jpeg");
    expect((await sniffFile(gif1x1()))?.type).toBe("gif");
    expect((await sniffFile(webp1x1()))?.type).toBe("webp");
    expect((await sniffFile(PDF))?.type).toBe("pdf");
    expect((await sniffFile(docx()))?.type).toBe("docx");
    expect((await sniffFile(pptx()))?.type).toBe("pptx");
    expect((await sniffFile(ole()))?.extensions).toEqual(["doc", "ppt"]);
    expect((await sniffFile(mp4()))?.type).toBe("mp4");
    expect(await sniffFile(Buffer.from("hello, plain text"))).toBeNull();
    expect(await sniffFile(Buffer.from("%PDF-1.4 truncated"))).toBeNull();
    expect(await sniffFile(png(4, 4).subarray(0, 30))).toBeNull();
  });

  it("continuation tokens round-trip and anything else is refused", () => {
    const token = encodeToken({ dir: "next", at: "2026-01-02T03:04:05.678Z", id: 42 });
    expect(decodeToken(token)).toEqual({ dir: "next", at: "2026-01-02T03:04:05.678Z", id: 42 });
    for (const bad of [
      "",
      "abc",
      "!!!",
      Buffer.from("x|2026-01-02T03:04:05.678Z|1").toString("base64url"),
      Buffer.from("n|yesterday|1").toString("base64url"),
    ]) {
      expect(decodeToken(bad)).toBeNull();
    }
  });
});

let s3: TestS3;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3rver([BUCKET]);
});
afterAll(async () => {
  await s3?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

type Kind = "local" | "s3";
async function storageOf(kind: Kind): Promise<{
  storage: FileStorage;
  putDirect: (name: string, bytes: Uint8Array) => Promise<void>;
  removeDirect: (name: string) => Promise<void>;
}> {
  if (kind === "local") {
    const dir = await mkdtemp(path.join(tmpdir(), "bucket-manager-"));
    dirs.push(dir);
    return {
      storage: localFileStorage(dir),
      putDirect: (name, bytes) => writeFile(path.join(dir, name), bytes),
      removeDirect: (name) => unlink(path.join(dir, name)),
    };
  }
  const storage = s3FileStorage({
    endpoint: s3.endpoint,
    bucket: BUCKET,
    region: "us-east-1",
    prefix: `${tagged()}/`,
    ...S3RVER_CREDENTIALS,
  });
  // the same bucket and prefix through a second, uncatalogued client: "put by other means"
  return { storage, putDirect: (name, bytes) => storage.put(name, bytes), removeDirect: (name) => storage.delete(name) };
}

for (const driver of testDrivers()) {
  for (const kind of ["local", "s3"] as Kind[]) {
    describe(`bucket manager [${driver}, ${kind}]`, () => {
      let api: TestApi;
      let direct: Awaited<ReturnType<typeof storageOf>>;
      beforeAll(async () => {
        direct = await storageOf(kind);
        api = await startTestApi({ driver, files: direct.storage });
      });
      afterAll(() => api?.close());

      async function upload(files: { name: string; bytes: Uint8Array }[], actingAdmin: string | null = "1") {
        const form = new FormData();
        for (const file of files) form.append("files", new Blob([new Uint8Array(file.bytes)]), file.name);
        const headers = new Headers({ [api.apiKeyHeader]: api.apiKey });
        if (actingAdmin !== null) headers.set(ACTING_ADMIN_HEADER, actingAdmin);
        const response = await fetch(`${api.url}/s3/upload`, { method: "POST", headers, body: form });
        const text = await response.text();
        return { status: response.status, body: text ? JSON.parse(text) : undefined };
      }
      const list = async (query: Record<string, string | number> = {}) => {
        const answer = await get(api, "/s3/list", { query });
        expect(answer.status, answer.text).toBe(200);
        return parsed(BucketListAnswer, answer.body).data;
      };
      const fileBytes = async (name: string) => {
        const response = await fetch(`${api.url}/files/${encodeURIComponent(name)}`, { headers: { [api.apiKeyHeader]: api.apiKey } });
        return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
      };
      const rowOf = async (name: string) => (await api.db.select().from(storedFiles).where(eq(storedFiles.file_name, name)))[0];
      const latestAudit = async () => (await api.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

      it("uploads several files told by content: stored, catalogued with who uploaded them, audited, served back", async () => {
        const t = tagged();
        const files = [
          { name: `${t}-pic.png`, bytes: png(20, 10) },
          { name: `${t} report.pdf`, bytes: PDF },
          { name: `${t}-cv.docx`, bytes: docx() },
          { name: `${t}-old.doc`, bytes: ole() },
          { name: `${t}-clip.mp4`, bytes: mp4() },
        ];
        const answer = await upload(files);
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        const stored = parsed(BucketUploadAnswer, answer.body);
        expect(stored.data.map((f) => f.file_name)).toEqual(files.map((f) => f.name));
        expect(stored.data.map((f) => f.content_type)).toEqual([
          "image/png",
          "application/pdf",
          expect.stringContaining("wordprocessingml"),
          "application/msword",
          "video/mp4",
        ]);
        for (const file of files) {
          expect(await fileBytes(file.name)).toEqual({ status: 200, bytes: Buffer.from(file.bytes) });
          expect(await rowOf(file.name)).toMatchObject({ size: file.bytes.length, uploaded_by: "admin" });
        }
        expect(await latestAudit()).toMatchObject({ action: "create", entity: "file", entity_id: `${t}-clip.mp4` });
        const found = await list({ search: t.toUpperCase() });
        expect(found.total).toBe(5);
        expect(found.results.map((r) => r.file_name).sort()).toEqual(files.map((f) => f.name).sort());
      });

      it("refuses a wrong type, a name whose extension disagrees, an oversize file, a taken name, a bad form; nothing stored", async () => {
        const t = tagged();
        const wrong = await upload([{ name: `${t}.pdf`, bytes: Buffer.from("not a pdf at all") }]);
        expect(wrong).toMatchObject({ status: 400, body: { message: M.wrongType } });
        const disagree = await upload([{ name: `${t}.jpg`, bytes: png(2, 2) }]);
        expect(disagree).toMatchObject({ status: 400, body: { message: M.wrongType } });
        const mixed = await upload([
          { name: `${t}-good.png`, bytes: png(2, 2) },
          { name: `${t}-bad.png`, bytes: Buffer.from("text") },
        ]);
        expect(mixed.status).toBe(400);
        expect(mixed.body.errors).toEqual({ [`${t}-bad.png`]: M.wrongType });
        const big = Buffer.concat([png(2, 2), Buffer.alloc(BUCKET_FILE_MAX_BYTES)]);
        expect(await upload([{ name: `${t}-big.png`, bytes: big }])).toMatchObject({ status: 413, body: { message: M.tooLarge } });
        expect(await upload([{ name: `../${t}.png`, bytes: png(2, 2) }])).toMatchObject({ status: 400 });
        expect(await upload([{ name: `${t}-x.png`, bytes: png(2, 2) }], null)).toMatchObject({ status: 400 });
        expect(
          (
            await api.db
              .select()
              .from(storedFiles)
              .where(like(storedFiles.file_name, `${t}%`))
          ).length,
        ).toBe(0);
        expect((await fileBytes(`${t}-good.png`)).status).toBe(404);

        expect((await upload([{ name: `${t}-once.png`, bytes: png(3, 3) }])).status).toBe(201);
        const again = await upload([{ name: `${t}-once.png`, bytes: png(5, 5) }]);
        expect(again).toMatchObject({ status: 409, body: { message: M.nameTaken(`${t}-once.png`) } });
        expect((await fileBytes(`${t}-once.png`)).bytes).toEqual(png(3, 3));

        // two uploads of one name at once: one stores it, the other is refused
        const race = await Promise.all([
          upload([{ name: `${t}-race.png`, bytes: png(2, 2) }]),
          upload([{ name: `${t}-race.png`, bytes: png(4, 4) }]),
        ]);
        expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
        const winner = race[0].status === 201 ? png(2, 2) : png(4, 4);
        expect((await fileBytes(`${t}-race.png`)).bytes).toEqual(winner);

        // a request over 50 MB is not read
        const huge = await upload([{ name: `${t}-huge.png`, bytes: Buffer.alloc(BUCKET_UPLOAD_BODY_BYTES + 1) }]);
        expect(huge).toMatchObject({ status: 413, body: { message: M.tooLarge } });

        const json = await call(api, "POST", "/s3/upload", { body: { files: "x" } });
        expect(json.status).toBe(415);
      });

      it('reads a file named a;b".pdf as the browser names it (the quote sent as %22): refused by the name rule under that name', async () => {
        const t = tagged();
        const name = `${t}a;b".pdf`;
        const answer = await upload([{ name, bytes: PDF }]);
        expect(answer).toMatchObject({ status: 400, body: { message: M.badName, errors: { [name]: M.badName } } });
        expect(
          await api.db
            .select()
            .from(storedFiles)
            .where(like(storedFiles.file_name, `${t}%`)),
        ).toEqual([]);
      });

      it("lists newest first; search by part of the name (any case); one India-time day; pages by token both ways", async () => {
        const t = tagged();
        // 23 files over three India days: 2026-03-09 23:59 IST is still the 9th, 00:00 IST the 10th
        const rows = Array.from({ length: 23 }, (_, i) => ({
          file_name: `${t}-File-${String(i).padStart(2, "0")}.png`,
          size: 100 + i,
          content_type: "image/png",
          uploaded_at: new Date(Date.UTC(2026, 2, 9, 18, 29, 0) + i * 60_000),
        }));
        await api.db.insert(storedFiles).values(rows);
        const newestFirst = [...rows].reverse().map((r) => r.file_name);

        const first = await list({ search: `${t}-file` });
        expect(first.total).toBe(23);
        expect(first.start_index).toBe(1);
        expect(first.previous_continuation_token).toBeNull();
        expect(first.results.map((r) => r.file_name)).toEqual(newestFirst.slice(0, 10));
        const second = await list({ search: `${t}-file`, continuation_token: first.next_continuation_token! });
        expect(second.start_index).toBe(11);
        expect(second.results.map((r) => r.file_name)).toEqual(newestFirst.slice(10, 20));
        const third = await list({ search: `${t}-file`, continuation_token: second.next_continuation_token! });
        expect(third).toMatchObject({ start_index: 21, next_continuation_token: null, total: 23 });
        expect(third.results.map((r) => r.file_name)).toEqual(newestFirst.slice(20));
        const back = await list({ search: `${t}-file`, continuation_token: third.previous_continuation_token! });
        expect(back.start_index).toBe(11);
        expect(back.results.map((r) => r.file_name)).toEqual(newestFirst.slice(10, 20));
        const backAgain = await list({ search: `${t}-file`, continuation_token: back.previous_continuation_token! });
        expect(backAgain.start_index).toBe(1);
        expect(backAgain.previous_continuation_token).toBeNull();

        // 18:29 UTC + i minutes: i = 0 is 23:59 IST on the 9th, the rest the 10th
        const ninth = await list({ search: t, uploaded_at: "2026-03-09" });
        expect(ninth.results.map((r) => r.file_name)).toEqual([rows[0].file_name]);
        expect((await list({ search: t, uploaded_at: "2026-03-10", page_size: 50 })).total).toBe(22);
        expect((await list({ search: t, uploaded_at: "2026-03-11" })).total).toBe(0);
        expect((await list({ search: `${t}-FILE-07` })).results.map((r) => r.file_name)).toEqual([rows[7].file_name]);
        // the spec's page sends uploaded_at=undefined: ignored
        expect((await list({ search: t, uploaded_at: "undefined" })).total).toBe(23);
        // % and _ are plain characters in a search
        expect((await list({ search: `${t}%` })).total).toBe(0);
      });

      it("refuses a bad token, date or page size (400)", async () => {
        const bad: Record<string, string | number>[] = [
          { continuation_token: "not-a-token" },
          { uploaded_at: "2026-02-30" },
          { uploaded_at: "yesterday" },
          { page_size: 7 },
          { page_size: 999 },
        ];
        for (const query of bad) {
          const answer = await get(api, "/s3/list", { query });
          expect(answer.status, JSON.stringify(query)).toBe(400);
        }
        // an export reads its pages at the largest page size
        expect((await get(api, "/s3/list", { query: { page_size: MAX_PAGE_SIZE } })).status).toBe(200);
        expect((await get(api, "/s3/list", { query: { continuation_token: "x" } })).body.message).toBe(M.badToken);
        expect((await get(api, "/s3/list", { query: { uploaded_at: "2026-02-30" } })).body.message).toBe(M.badDate);
      });

      it("GET s3/files/{id}: one file's row as the list gives it; 404 unknown, 400 bad id", async () => {
        const t = tagged();
        const [file] = parsed(BucketUploadAnswer, (await upload([{ name: `${t}-one.png`, bytes: png(3, 2) }])).body).data;
        const answer = await get(api, `/s3/files/${file.id}`);
        expect(answer.status, answer.text).toBe(200);
        const listed = (await get(api, "/s3/list", { query: { search: `${t}-one` } })).body.data.results;
        expect(answer.body.data).toEqual(listed[0]);
        expect(answer.body.data).toMatchObject({ id: file.id, file_name: `${t}-one.png`, content_type: "image/png" });
        expect(await get(api, "/s3/files/99999999")).toMatchObject({ status: 404, body: { message: M.notFound } });
        expect((await get(api, "/s3/files/abc")).status).toBe(400);
      });

      it("deletes a file no one uses: object and row gone, audited; 404 unknown id; key and id must agree", async () => {
        const t = tagged();
        const up = parsed(
          BucketUploadAnswer,
          (
            await upload([
              { name: `${t}-a.png`, bytes: png(2, 2) },
              { name: `${t}-b.png`, bytes: png(2, 3) },
            ])
          ).body,
        ).data;
        const [a, b] = up;
        const mismatch = await call(api, "POST", "/s3/delete", { body: { key: b.file_name, id: a.id } });
        expect(mismatch).toMatchObject({ status: 400, body: { message: M.keyMismatch } });
        const done = await call(api, "POST", "/s3/delete", { body: { key: a.file_name, id: a.id } });
        expect(done).toMatchObject({ status: 200, body: { message: M.deletedText } });
        expect(await rowOf(a.file_name)).toBeUndefined();
        expect((await fileBytes(a.file_name)).status).toBe(404);
        expect(await latestAudit()).toMatchObject({ action: "delete", entity: "file", entity_id: a.file_name });
        expect(await call(api, "POST", "/s3/delete", { body: { key: a.file_name, id: a.id } })).toMatchObject({ status: 404 });
        expect((await call(api, "POST", "/s3/delete", { body: { key: "../x", id: b.id } })).status).toBe(400);
        expect((await call(api, "POST", "/s3/delete", { body: { key: b.file_name, id: "abc" } })).status).toBe(400);
        expect((await call(api, "POST", "/s3/delete", { body: { key: b.file_name, id: b.id }, actingAdmin: null })).status).toBe(400);
        expect((await fileBytes(b.file_name)).status).toBe(200);
      });

      it("two deletes of one file at once: one deletes it, the other is told it is gone; one audit entry", async () => {
        const t = tagged();
        const [file] = parsed(BucketUploadAnswer, (await upload([{ name: `${t}-twice.png`, bytes: png(2, 2) }])).body).data;
        const answers = await Promise.all(
          [0, 1].map(() => call(api, "POST", "/s3/delete", { body: { key: file.file_name, id: file.id } })),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
        expect(await rowOf(file.file_name)).toBeUndefined();
        const entries = await api.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, "file"), eq(auditLog.entity_id, file.file_name), eq(auditLog.action, "delete")));
        expect(entries).toHaveLength(1);
      });

      it("refuses to delete a file in use (409), naming who uses it: a post, a provider's photo, an order, the logo", async () => {
        const t = tagged();
        const [img, photo, orderFile, logo] = parsed(
          BucketUploadAnswer,
          (
            await upload([
              { name: `${t}-in-post.png`, bytes: png(2, 2) },
              { name: `${t}-photo.jpg`, bytes: jpegOf(8, 8) },
              { name: `${t}-final.pdf`, bytes: PDF },
              { name: `${t}-logo.png`, bytes: png(4, 4) },
            ])
          ).body,
        ).data;
        const post = await call(api, "POST", "/blog/articles/", {
          body: { title: `Post ${t}`, content: `<p>Hi</p><img src="/admin/posts/images/${img.file_name}" alt="x">` },
        });
        expect(post.status, post.text).toBe(201);
        const refused = await call(api, "POST", "/s3/delete", { body: { key: img.file_name, id: img.id } });
        expect(refused.status).toBe(409);
        expect(refused.body.message).toContain(`the post “Post ${t}”`);

        const [provider] = await api.db
          .select({ id: profileDocuments.ProfileDocument_id, username: users.username, portfolio: profileDocuments.portfolio })
          .from(profileDocuments)
          .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, profileDocuments.service_provider_id))
          .innerJoin(users, eq(users.id, serviceProviders.user_id))
          .limit(1);
        await api.db
          .update(profileDocuments)
          .set({ profilePhoto: `other.jpg,${photo.file_name}` })
          .where(eq(profileDocuments.ProfileDocument_id, provider.id));
        const byPhoto = await call(api, "POST", "/s3/delete", { body: { key: photo.file_name, id: photo.id } });
        expect(byPhoto.status).toBe(409);
        expect(byPhoto.body.message).toContain(`the profile photo of provider ${provider.username}`);

        const [order] = await api.db.select({ order_id: orders.order_id, short_id: orders.short_id }).from(orders).limit(1);
        await api.db.insert(orderFiles).values({ order_id: order.order_id, file: orderFile.file_name, sender_name: "test" });
        const byOrder = await call(api, "POST", "/s3/delete", { body: { key: orderFile.file_name, id: orderFile.id } });
        expect(byOrder.status).toBe(409);
        expect(byOrder.body.message).toContain(`the files of order ${order.short_id}`);

        const [general] = await api.db.select().from(settings).where(eq(settings.settingName, "GeneralSetting"));
        const logoSetting = { ...((general?.setting1 as object) ?? {}), logo: logo.file_name };
        if (general) await api.db.update(settings).set({ setting1: logoSetting }).where(eq(settings.settingName, "GeneralSetting"));
        else await api.db.insert(settings).values({ settingName: "GeneralSetting", setting1: logoSetting });
        const byLogo = await call(api, "POST", "/s3/delete", { body: { key: logo.file_name, id: logo.id } });
        expect(byLogo.status).toBe(409);
        expect(byLogo.body.message).toContain("the site's logo (GeneralSetting)");
        if (general) await api.db.update(settings).set({ setting1: general.setting1 }).where(eq(settings.settingName, "GeneralSetting"));
        else await api.db.delete(settings).where(eq(settings.settingName, "GeneralSetting"));
        // nothing was deleted
        for (const f of [img, photo, orderFile]) expect((await fileBytes(f.file_name)).status).toBe(200);
      });

      it("refuses to delete a file used by the wizard's document columns (a selfie, an address proof), naming the provider", async () => {
        const t = tagged();
        const [selfie, proof] = parsed(
          BucketUploadAnswer,
          (
            await upload([
              { name: `${t}-selfie.png`, bytes: png(3, 3) },
              { name: `${t}-bill.pdf`, bytes: PDF },
            ])
          ).body,
        ).data;
        const [provider] = await api.db
          .select({
            id: profileDocuments.ProfileDocument_id,
            username: users.username,
            selfie: profileDocuments.selfie,
            certificate: profileDocuments.certificate,
          })
          .from(profileDocuments)
          .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, profileDocuments.service_provider_id))
          .innerJoin(users, eq(users.id, serviceProviders.user_id))
          .limit(1);
        await api.db
          .update(profileDocuments)
          .set({ selfie: selfie.file_name, certificate: `a.pdf,${proof.file_name}` })
          .where(eq(profileDocuments.ProfileDocument_id, provider.id));
        const bySelfie = await call(api, "POST", "/s3/delete", { body: { key: selfie.file_name, id: selfie.id } });
        expect(bySelfie.status).toBe(409);
        expect(bySelfie.body.message).toContain(`the selfie of provider ${provider.username}`);
        const byProof = await call(api, "POST", "/s3/delete", { body: { key: proof.file_name, id: proof.id } });
        expect(byProof.status).toBe(409);
        expect(byProof.body.message).toContain(`the address proof of provider ${provider.username}`);
        await api.db
          .update(profileDocuments)
          .set({ selfie: provider.selfie, certificate: provider.certificate })
          .where(eq(profileDocuments.ProfileDocument_id, provider.id));
        expect((await call(api, "POST", "/s3/delete", { body: { key: selfie.file_name, id: selfie.id } })).status).toBe(200);
      });

      it("lists the post images no post uses (Unused) and sweeps them, keeping used ones and newer ones, audited (issue 28)", async () => {
        const postImage = async () => {
          const form = new FormData();
          form.set("image", new Blob([new Uint8Array(png(3, 3))], { type: "image/png" }), "p.png");
          const response = await fetch(`${api.url}/blog/article-image-upload/`, {
            method: "POST",
            headers: { [api.apiKeyHeader]: api.apiKey, [ACTING_ADMIN_HEADER]: "1" },
            body: form,
          });
          expect(response.status).toBe(201);
          return (await response.json()) as { name: string; image_url: string };
        };
        const [used, unused] = [await postImage(), await postImage()];
        const other = parsed(BucketUploadAnswer, (await upload([{ name: `${tagged()}-plain.png`, bytes: png(2, 2) }])).body).data[0]
          .file_name;
        const post = await call(api, "POST", "/blog/articles/", {
          body: { title: `Sweep ${tagged()}`, content: `<p><img src="${used.image_url}" alt="x"></p>` },
        });
        expect(post.status, post.text).toBe(201);
        const unusedNames = (await list({ unused: "1", page_size: 100 })).results.map((f) => f.file_name);
        expect(unusedNames).toContain(unused.name);
        expect(unusedNames).not.toContain(used.name);
        expect(unusedNames).not.toContain(other);
        // before the unused one was uploaded: nothing of it goes
        const early = await call(api, "POST", "/s3/sweep-unused-post-images", {
          body: { before: "2020-01-01T00:00:00Z", search: unused.name },
        });
        expect(early.status, early.text).toBe(200);
        expect(early.body).toEqual({ message: M.swept(0), deleted: [] });
        const swept = await call(api, "POST", "/s3/sweep-unused-post-images", {
          body: { before: new Date(Date.now() + 1000).toISOString(), search: unused.name },
        });
        expect(swept.status, swept.text).toBe(200);
        expect(swept.body).toEqual({ message: M.swept(1), deleted: [unused.name] });
        expect(await rowOf(unused.name)).toBeUndefined();
        expect((await fileBytes(unused.name)).status).toBe(404);
        expect(await latestAudit()).toMatchObject({ action: "delete", entity: "file", entity_id: unused.name });
        // the used image and the plain file stay
        expect(await rowOf(used.name)).toBeDefined();
        expect(await rowOf(other)).toBeDefined();
        expect((await call(api, "POST", "/s3/sweep-unused-post-images", { body: { before: "yesterday" } })).status).toBe(400);
      });

      it("catalogues files written by other calls (a post's image) and by the bulk seed", async () => {
        const form = new FormData();
        form.set("image", new Blob([new Uint8Array(png(6, 6))]), "x.png");
        const response = await fetch(`${api.url}/blog/article-image-upload/`, {
          method: "POST",
          headers: { [api.apiKeyHeader]: api.apiKey, [ACTING_ADMIN_HEADER]: "1" },
          body: form,
        });
        expect(response.status).toBe(201);
        const { name } = (await response.json()) as { name: string };
        expect((await list({ search: name })).results.map((r) => r.file_name)).toEqual([name]);

        // the demo seed's files (written at the API's start, main.ts): catalogued, also those stored before
        const names = [...(await documentFileNames(api.db)), ...(await orderFileNames(api.db))];
        await direct.putDirect(names[0], PDF);
        await ensureSeededFiles(api.db, cataloguedStorage(api.db, direct.storage));
        for (const demo of [names[0], names[1], names[names.length - 1]]) {
          expect((await list({ search: demo })).results.map((r) => r.file_name)).toContain(demo);
        }
        expect((await rowOf(names[0]))?.size).toBe(PDF.length);

        const added = await seedExtraFiles(api.db, direct.storage, { count: 40, base: new Date("2026-06-01T00:00:00Z") });
        expect(added).toBe(40);
        const bulk = await list({ search: "bulk-", page_size: 50 });
        expect(bulk.total).toBeGreaterThanOrEqual(40);
        const first = bulk.results[0].file_name;
        expect((await fileBytes(first)).status).toBe(200);
        const days = new Set(bulk.results.map((r) => r.uploaded_at.slice(0, 7)));
        expect(days.size).toBeGreaterThan(6);
      });

      it("Fetch S3 Bucket Data: adds objects put by other means, drops rows whose object is gone, answers counts", async () => {
        const t = tagged();
        await direct.putDirect(`${t}-outside.pdf`, PDF);
        const up = parsed(BucketUploadAnswer, (await upload([{ name: `${t}-gone.png`, bytes: png(2, 2) }])).body).data[0];
        await direct.removeDirect(up.file_name);
        expect((await list({ search: `${t}-outside` })).total).toBe(0);
        const answer = await call(api, "POST", "/s3/sync");
        expect(answer.status, answer.text).toBe(200);
        const outcome = parsed(BucketSyncAnswer, answer.body);
        expect(outcome.added).toBeGreaterThanOrEqual(1);
        expect(outcome.removed).toBeGreaterThanOrEqual(1);
        expect(outcome.message).toBe(M.synced(outcome.added, outcome.updated, outcome.removed, outcome.total));
        const found = await list({ search: `${t}-outside` });
        expect(found.results).toMatchObject([{ file_name: `${t}-outside.pdf`, size: PDF.length, content_type: "application/pdf" }]);
        expect(await rowOf(up.file_name)).toBeUndefined();
        // again: nothing to do
        expect(parsed(BucketSyncAnswer, (await call(api, "POST", "/s3/sync")).body)).toMatchObject({ added: 0, removed: 0, updated: 0 });
        expect(await latestAudit()).toMatchObject({ action: "update", entity: "file", entity_id: "bucket-sync" });
        expect((await call(api, "POST", "/s3/sync", { actingAdmin: null })).status).toBe(400);
      });
    });
  }
}
