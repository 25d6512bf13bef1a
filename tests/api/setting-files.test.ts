import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { adminUsers } from "../../api/src/db/schema";
import { localFileStorage } from "../../api/src/storage";
import { ACTING_ADMIN_HEADER } from "~contract/api";
import { isValidFileName } from "~contract/file-types";
import { StoredSettingFile, type SettingFileKind } from "~contract/settings";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { ico, icoBmp, icoOfPng, png } from "../support/images";
import { call, get, parsed } from "./helpers";

type Upload = { filename?: string; type?: string; actingAdmin?: string | null; kind?: string };

describeEachDriver("POST /upload-setting-file", (driver) => {
  let api: TestApi;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "setting-files-test-"));
    api = await startTestApi({ driver, files: localFileStorage(dir) });
  });
  afterAll(async () => {
    await api?.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function upload(kind: SettingFileKind, bytes: Uint8Array, options: Upload = {}) {
    const form = new FormData();
    form.set("kind", options.kind ?? kind);
    form.set("file", new Blob([new Uint8Array(bytes)], { type: options.type ?? "image/png" }), options.filename ?? `${kind}.png`);
    const headers = new Headers({ [api.apiKeyHeader]: api.apiKey });
    const acting = options.actingAdmin === undefined ? "1" : options.actingAdmin;
    if (acting !== null) headers.set(ACTING_ADMIN_HEADER, acting);
    const response = await fetch(`${api.url}/upload-setting-file`, { method: "POST", headers, body: form });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  const stored = async () => (await readdir(dir)).sort();
  const latestAuditId = async () => (await get(api, "/audit-log", { query: { limit: 1 } })).body.data[0]?.id ?? 0;

  /** a refused upload: 400 with this message on `file`, and nothing stored or audited */
  async function expectRefused(kind: SettingFileKind, bytes: Uint8Array, message: string, options: Upload = {}) {
    const before = await stored();
    const audit = await latestAuditId();
    const answer = await upload(kind, bytes, options);
    expect(answer.status, message).toBe(400);
    expect(answer.body.errors).toEqual({ file: message });
    expect(await stored()).toEqual(before);
    expect(await latestAuditId()).toBe(audit);
  }

  /** the stored file, read back through GET /files/{name} */
  async function readBack(name: string) {
    const response = await fetch(`${api.url}/files/${name}`, { headers: { [api.apiKeyHeader]: api.apiKey } });
    return { status: response.status, type: response.headers.get("content-type"), bytes: Buffer.from(await response.arrayBuffer()) };
  }

  let before: string[];
  beforeEach(async () => {
    before = await stored();
  });

  it("stores a png logo under a new name, answers its size, and serves it back", async () => {
    const image = png(150, 150);
    const answer = await upload("logo", image, { filename: "My Logo.png" });
    expect(answer.status).toBe(201);
    const file = parsed(StoredSettingFile, answer.body.data);
    expect(file).toEqual({
      name: expect.stringMatching(/^logo-[0-9a-f]{16}-150x150\.png$/),
      kind: "logo",
      width: 150,
      height: 150,
      size: image.length,
      contentType: "image/png",
    });
    expect(isValidFileName(file.name)).toBe(true);
    expect(await stored()).toEqual([...before, file.name].sort());
    const back = await readBack(file.name);
    expect(back).toEqual({ status: 200, type: "image/png", bytes: image });

    const audit = (await get(api, "/audit-log", { query: { limit: 1 } })).body.data[0];
    expect(audit).toMatchObject({ action: "create", entity: "file", entity_id: file.name, admin_username: "admin", after: file });
  });

  it("keeps a logo of another size and says which (150×150 is only recommended)", async () => {
    const answer = await upload("logo", png(300, 100));
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ width: 300, height: 100, name: expect.stringMatching(/-300x100\.png$/) });
  });

  it("takes the type from the content: an ico named .png is stored as .ico, a png named .ico as .png", async () => {
    const icon = icoOfPng(32, 32);
    const asIco = await upload("favicon", icon, { filename: "favicon.png", type: "image/png" });
    expect(asIco.status).toBe(201);
    expect(asIco.body.data).toMatchObject({
      name: expect.stringMatching(/^favicon-[0-9a-f]{16}-32x32\.ico$/),
      width: 32,
      height: 32,
      contentType: "image/x-icon",
    });
    expect(await readBack(asIco.body.data.name)).toEqual({ status: 200, type: "image/x-icon", bytes: icon });

    const asPng = await upload("favicon", png(16, 16), { filename: "favicon.ico", type: "image/x-icon" });
    expect(asPng.status).toBe(201);
    expect(asPng.body.data).toMatchObject({ name: expect.stringMatching(/\.png$/), width: 16, height: 16, contentType: "image/png" });
  });

  it("accepts an ico of BMP images when one of them is 16×16 or 32×32; a 256 entry is written 0", async () => {
    const icon = ico([
      { width: 48, height: 48, data: icoBmp(48, 48) },
      { width: 16, height: 16, data: icoBmp(16, 16) },
    ]);
    const favicon = await upload("favicon", icon, { filename: "favicon.ico", type: "image/x-icon" });
    expect(favicon.status).toBe(201);
    expect(favicon.body.data).toMatchObject({ width: 16, height: 16, contentType: "image/x-icon" });

    const logo = await upload("logo", ico([{ width: 256, height: 256, data: png(256, 256) }]), { filename: "logo.ico" });
    expect(logo.status).toBe(201);
    expect(logo.body.data).toMatchObject({ width: 256, height: 256, name: expect.stringMatching(/\.ico$/) });
  });

  it("refuses what is not a png or ico, whatever its name and declared type, storing nothing", async () => {
    await expectRefused("logo", Buffer.from("just some text, not an image\n"), "The logo must be a png or ico image", {
      filename: "logo.png",
    });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
    await expectRefused("favicon", jpeg, "The favicon must be a png or ico image", { filename: "favicon.ico", type: "image/x-icon" });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="150" height="150"><script>alert(1)</script></svg>');
    await expectRefused("logo", svg, "The logo must be a png or ico image", { filename: "logo.png" });
  });

  it("refuses a damaged png or ico", async () => {
    const whole = png(150, 150);
    await expectRefused("logo", whole.subarray(0, whole.length - 12), "The logo must be a png or ico image"); // no IEND
    const badCrc = Buffer.from(whole);
    badCrc[29] ^= 0xff; // inside IHDR's CRC
    await expectRefused("logo", badCrc, "The logo must be a png or ico image");
    await expectRefused("logo", whole.subarray(0, 33), "The logo must be a png or ico image"); // signature and IHDR only

    const icon = icoOfPng(32, 32);
    const pastTheEnd = Buffer.from(icon);
    pastTheEnd.writeUInt32LE(icon.length, 6 + 12); // the image's offset: the end of the file
    await expectRefused("favicon", pastTheEnd, "The favicon must be a png or ico image", { filename: "favicon.ico" });
    const lying = Buffer.from(icon);
    lying[6] = 16; // the directory says 16 wide, the PNG inside is 32
    await expectRefused("favicon", lying, "The favicon must be a png or ico image", { filename: "favicon.ico" });
    await expectRefused("favicon", Buffer.from([0, 0, 1, 0, 0, 0]), "The favicon must be a png or ico image"); // no images
  });

  it("refuses a favicon that is not 16×16 or 32×32 (an ico: none of its images is)", async () => {
    const message = "The favicon must be 16×16 or 32×32 pixels";
    await expectRefused("favicon", png(48, 48), message);
    await expectRefused("favicon", png(16, 32), message);
    await expectRefused("favicon", png(150, 150), message);
    await expectRefused(
      "favicon",
      ico([
        { width: 48, height: 48, data: icoBmp(48, 48) },
        { width: 64, height: 64, data: png(64, 64) },
      ]),
      message,
      { filename: "f.ico" },
    );
  });

  it("refuses a logo above 1 MB, a favicon above 100 KB, an empty file and a logo above 4096 pixels a side", async () => {
    const bigLogo = png(150, 150, { atLeastBytes: 1024 * 1024 + 1 });
    expect(bigLogo.length).toBe(1024 * 1024 + 1);
    await expectRefused("logo", bigLogo, "The logo must be at most 1 MB");
    const logoAtLimit = await upload("logo", png(150, 150, { atLeastBytes: 1024 * 1024 }));
    expect(logoAtLimit.status).toBe(201);
    expect(logoAtLimit.body.data.size).toBe(1024 * 1024);

    await expectRefused("favicon", png(32, 32, { atLeastBytes: 100 * 1024 + 1 }), "The favicon must be at most 100 KB");
    await expectRefused("logo", Buffer.alloc(0), "Choose a png or ico file for the logo");
    await expectRefused("logo", png(4097, 1), "The logo must be at most 4096×4096 pixels");
  });

  it("refuses a request far over the largest image before reading it (413), storing nothing", async () => {
    const answer = await upload("logo", png(150, 150, { atLeastBytes: 3 * 1024 * 1024 }));
    expect(answer.status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it("needs an Active acting admin, and stores nothing without one", async () => {
    const none = await upload("logo", png(150, 150), { actingAdmin: null });
    expect(none).toEqual({ status: 400, body: { message: "x-acting-admin header is required" } });
    const [blocked] = await api.db.select({ id: adminUsers.adminUserId }).from(adminUsers).where(eq(adminUsers.adminUsername, "blocked"));
    const refused = await upload("logo", png(150, 150), { actingAdmin: String(blocked.id) });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/only an active admin can make changes/);
    expect(await stored()).toEqual(before);
  });

  it("refuses an unknown kind, a missing file, JSON and a body that is no form", async () => {
    const unknownKind = await upload("logo", png(150, 150), { kind: "banner" });
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body.errors).toEqual({ kind: "kind must be logo or favicon" });

    const form = new FormData();
    form.set("kind", "logo");
    form.set("file", "not a file");
    const headers = { [api.apiKeyHeader]: api.apiKey, [ACTING_ADMIN_HEADER]: "1" };
    const textFile = await fetch(`${api.url}/upload-setting-file`, { method: "POST", headers, body: form });
    expect(textFile.status).toBe(400);
    expect((await textFile.json()).errors).toEqual({ file: "file must be a file (png or ico)" });

    const json = await call(api, "POST", "/upload-setting-file", { body: { kind: "logo", file: "aGVsbG8=" } });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe("Send multipart/form-data with the fields kind (logo or favicon) and file");

    const broken = await fetch(`${api.url}/upload-setting-file`, {
      method: "POST",
      headers: { ...headers, "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="kind"\r\n\r\nlogo',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe("Send multipart/form-data with the fields kind (logo or favicon) and file");
    expect(await stored()).toEqual(before);
  });

  it("needs the secret", async () => {
    const form = new FormData();
    form.set("kind", "logo");
    form.set("file", new Blob([new Uint8Array(png(150, 150))]), "logo.png");
    const response = await fetch(`${api.url}/upload-setting-file`, { method: "POST", headers: { [ACTING_ADMIN_HEADER]: "1" }, body: form });
    expect(response.status).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it("is documented as a multipart call in /openapi.json", async () => {
    const doc = (await get(api, "/openapi.json")).body;
    const operation = doc.paths["/upload-setting-file"].post;
    expect(operation["x-path-chosen-by-us"]).toBe(true);
    expect(Object.keys(operation.requestBody.content)).toEqual(["multipart/form-data"]);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["201", "400", "403", "413", "415"]));
  });

  it("a stored logo can be named in GeneralSetting and read back", async () => {
    const logo = (await upload("logo", png(150, 150))).body.data.name;
    const current = (await get(api, "/get-setting", { query: { setting_name: "GeneralSetting" } })).body.data;
    const setting1 = {
      ...(current.setting1 ?? { siteName: "Marketplace", contactEmail: "", contactPhone: "", address: "", socialLinks: {}, favicon: null }),
      logo,
    };
    const saved = await call(api, "PUT", "/upsert-setting", {
      query: { setting_name: "GeneralSetting" },
      body: { settingName: "GeneralSetting", setting1, updated_at: current.updated_at },
    });
    expect(saved.status).toBe(200);
    const again = (await get(api, "/get-general-setting")).body.data.GeneralSetting.setting1;
    expect(again.logo).toBe(logo);
    expect((await readBack(again.logo)).status).toBe(200);
  });
});
