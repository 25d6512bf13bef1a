import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/src/app";
import { isValidFileName, localFileStorage } from "../../api/src/storage";
import { demoFileBytes, demoJpeg, demoPdf, demoPng, ensureDemoFiles } from "../../api/src/storage/demo-files";
import { ensureSeededFiles, orderFileNames } from "../../api/src/storage/seeded-files";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";

const KEY = "files-test-key-1234567890";
let api: TestApi;
let dir: string;
let app: ReturnType<typeof createApi>;

const fetchFile = (name: string, headers: Record<string, string> = { "x-api-key": KEY }) => app.request(`/files/${name}`, { headers });

beforeAll(async () => {
  api = await startTestApi({ seed: false });
  dir = await mkdtemp(path.join(tmpdir(), "files-test-"));
  app = createApi({ db: api.db, apiKey: KEY, files: localFileStorage(dir) });
  await ensureDemoFiles(localFileStorage(dir), ["photo.jpg", "logo.png", "pan-card-Document.pdf", "resume-Document.txt"]);
  // a secret next to the storage folder that traversal must never reach
  await writeFile(path.join(dir, "..", `${path.basename(dir)}-secret.txt`), "top secret");
});

afterAll(async () => {
  await api?.close();
  await rm(dir, { recursive: true, force: true });
  await rm(path.join(dir, "..", `${path.basename(dir)}-secret.txt`), { force: true });
});

describe("GET /files/{name}", () => {
  it("streams the stored file with its content type and length", async () => {
    const cases: [string, string, Uint8Array][] = [
      ["photo.jpg", "image/jpeg", demoJpeg("photo.jpg")],
      ["logo.png", "image/png", demoPng("logo.png")],
      ["pan-card-Document.pdf", "application/pdf", demoPdf("pan-card-Document.pdf")],
      ["resume-Document.txt", "text/plain; charset=utf-8", demoFileBytes("resume-Document.txt")],
    ];
    for (const [name, type, bytes] of cases) {
      const response = await fetchFile(name);
      expect(response.status, name).toBe(200);
      expect(response.headers.get("content-type"), name).toBe(type);
      expect(response.headers.get("content-length"), name).toBe(String(bytes.length));
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(new Uint8Array(await response.arrayBuffer()), name).toEqual(new Uint8Array(bytes));
    }
  });

  it("answers 404 for an unknown file", async () => {
    const response = await fetchFile("no-such-file.jpg");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "File not found" });
  });

  it("refuses path traversal with 400", async () => {
    const secret = `${path.basename(dir)}-secret.txt`;
    for (const name of [`..%2F${secret}`, `%2E%2E%2F${secret}`, "..%5C..%5Cetc%5Cpasswd", "%2Fetc%2Fpasswd", ".hidden", "a%00b.txt"]) {
      const response = await fetchFile(name);
      expect(response.status, name).toBe(400);
      expect(await response.text(), name).not.toContain("top secret");
    }
    // a plain ../ never reaches the route: the URL is normalised first
    const normalised = await app.request(`/files/../${secret}`, { headers: { "x-api-key": KEY } });
    expect(normalised.status).toBe(404);
    expect(await normalised.text()).not.toContain("top secret");
  });

  it("needs the secret", async () => {
    expect((await fetchFile("photo.jpg", {})).status).toBe(401);
    expect((await fetchFile("photo.jpg", { "x-api-key": "wrong-key-123" })).status).toBe(401);
  });

  it("is in the OpenAPI document", async () => {
    const doc = await (await app.request("/openapi.json", { headers: { "x-api-key": KEY } })).json();
    expect(doc.paths["/files/{name}"].get).toBeDefined();
  });
});

describe("demo files", () => {
  it("are real files of their type", () => {
    const jpeg = demoJpeg("x.jpg");
    expect([...jpeg.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...jpeg.slice(-2)]).toEqual([0xff, 0xd9]);
    const png = demoPng("x.png");
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const pdf = new TextDecoder().decode(demoPdf("x.pdf"));
    expect(pdf).toMatch(/^%PDF-1\.4\n/);
    expect(pdf).toMatch(/\/Count 1/);
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
    // the xref offsets point at the objects
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe("xref");
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
  });

  it("differ by name and are written only once", async () => {
    expect(demoJpeg("a.jpg")).not.toEqual(demoJpeg("b.jpg"));
    const storage = localFileStorage(dir);
    expect((await ensureDemoFiles(storage, ["photo.jpg", "new-one.png"])).written).toBe(1);
    expect((await ensureDemoFiles(storage, ["photo.jpg", "new-one.png"])).written).toBe(0);
  });

  it("file names are plain names", () => {
    for (const good of ["a.jpg", "pan-card-Document.pdf", "my file (1).png"]) expect(isValidFileName(good), good).toBe(true);
    for (const bad of ["", "../a", "a/b", "a\\b", ".env", "..", "a\u0000b", "x".repeat(256)]) expect(isValidFileName(bad), bad).toBe(false);
  });
});

describeEachDriver("demo order files", (driver) => {
  let seeded: TestApi;
  let folder: string;
  beforeAll(async () => {
    seeded = await startTestApi({ driver });
    folder = await mkdtemp(path.join(tmpdir(), "order-files-test-"));
  });
  afterAll(async () => {
    await seeded?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("the seed stores a real file for every file the demo orders list (/files/final-1.pdf is found)", async () => {
    const storage = localFileStorage(folder);
    const seededApp = createApi({ db: seeded.db, apiKey: KEY, files: storage });
    const bookings = (await (await seededApp.request("/get-bookings?page_size=200", { headers: { "x-api-key": KEY } })).json()).data as {
      order_id: number;
    }[];
    const listed = new Set<string>();
    for (const b of bookings) {
      const files = (
        await (await seededApp.request(`/get-order-related-files?order_id=${b.order_id}`, { headers: { "x-api-key": KEY } })).json()
      ).data as { file: string }[];
      for (const f of files) listed.add(f.file);
    }
    expect(listed.has("final-1.pdf")).toBe(true);
    expect(new Set(await orderFileNames(seeded.db))).toEqual(listed);

    expect((await ensureSeededFiles(seeded.db, storage)).written).toBeGreaterThanOrEqual(listed.size);
    for (const name of listed) {
      const answer = await seededApp.request(`/files/${encodeURIComponent(name)}`, { headers: { "x-api-key": KEY } });
      expect(answer.status, name).toBe(200);
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(new Uint8Array(demoFileBytes(name)));
    }
    // written once: a restart writes nothing
    expect(await ensureSeededFiles(seeded.db, storage)).toEqual({ written: 0, skipped: [] });
  });

  it("a stored file name the storage refuses is skipped and reported; the rest are written", async () => {
    const storage = localFileStorage(await mkdtemp(path.join(tmpdir(), "demo-files-bad-name-")));
    const outcome = await ensureDemoFiles(storage, ["../escape.pdf", "good-one.pdf", "bad/slash.png"]);
    expect(outcome.written).toBe(1);
    expect(outcome.skipped.map((s) => s.name)).toEqual(["../escape.pdf", "bad/slash.png"]);
    expect(outcome.skipped[0].why).toBe("the file storage does not accept this name");
    expect(await storage.exists("good-one.pdf")).toBe(true);
  });
});
