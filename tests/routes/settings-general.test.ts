import { describe, expect, it } from "vitest";
import * as route from "~/routes/admin.settings";
import * as fileRoute from "~/routes/admin.settings_.files.$name";
import type { SettingRecord } from "~contract/settings";
import { SETTINGS_SAVED } from "~/models/settings-tabs";
import { icoOfPng, png } from "../support/images";
import { apiCall, callRoute, expectRedirect, generalSettingsSave, readToast, requestAs, statusOf } from "../support/routes";

const TAB = "/admin/settings?tab=general";
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;
const STORED_NAME = (kind: string, size: string, type: string) => new RegExp(`^${kind}-[0-9a-f]{16}-${size}\\.${type}$`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loader/action payloads read by property
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

const readSetting = async () => (await apiCall<{ data: SettingRecord }>("/get-setting?setting_name=GeneralSetting")).data;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- setting1 read by property
const setting1 = async (): Promise<any> => (await readSetting()).setting1;
const load = async (as: "admin" | "catalog" = "admin") => callRoute(route, await requestAs(as, TAB));

type Image = { name: string; bytes: Uint8Array; type?: string };

/** The fields of a save of the setting as it is now, with these changes (the version read just before). */
async function formNow(changes: Record<string, string> = {}) {
  return generalSettingsSave(payload(await load()).panel.data, changes);
}

/** A multipart post of the tab, the way a browser sends the form (empty file inputs included). */
async function postMultipart(fields: Record<string, string>, files: { logoFile?: Image; faviconFile?: Image } = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const kind of ["logoFile", "faviconFile"] as const) {
    const file = files[kind];
    form.append(
      kind,
      file
        ? new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/png" })
        : new Blob([], { type: "application/octet-stream" }),
      file?.name ?? "",
    );
  }
  const base = await requestAs("admin", TAB, { method: "POST" });
  return callRoute(route, new Request(base.url, { method: "POST", headers: base.headers, body: form }));
}
const post = async (form: Record<string, string>) => callRoute(route, await requestAs("admin", TAB, { form }));

const latestAuditId = async () => (await apiCall<{ data: { id: number }[] }>("/audit-log?limit=1")).data[0]?.id ?? 0;

async function servedFile(name: string) {
  const response = (await callRoute(
    fileRoute,
    await requestAs("admin", `/admin/settings/files/${encodeURIComponent(name)}`, { headers: { "Sec-Fetch-Dest": "image" } }),
    { name },
  )) as Response;
  return { status: response.status, type: response.headers.get("Content-Type"), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("General Settings tab", () => {
  it("loads the stored setting with its version", async () => {
    const stored = await readSetting();
    const data = payload(await load());
    expect(data.tab).toBe("general");
    expect(data.panel.tab).toBe("general");
    const { draft, frame } = data.panel.data;
    expect(frame.version).toBe(stored.updated_at ?? "");
    const s1 = stored.setting1 as Record<string, unknown> | null;
    expect(draft.siteName).toBe(s1?.siteName ?? "");
    expect(Object.keys(draft.socialLinks)).toEqual(["facebook", "instagram", "linkedin", "twitter", "youtube"]);
    expect(statusOf(await load("catalog"))).toBe(403);
  });

  it("saves the typed values with Settings Saved Successfully, keeping the images", async () => {
    const before = await setting1();
    const site = unique("Route Site");
    const fields = await formNow({
      siteName: site,
      contactEmail: "hello@route.test",
      contactPhone: "+91 98765 43210",
      address: "1 MG Road\nBengaluru",
      "socialLinks.facebook": "https://facebook.com/route",
      "socialLinks.instagram": "",
      "socialLinks.linkedin": "",
      "socialLinks.twitter": "",
      "socialLinks.youtube": "https://youtube.com/@route",
    });
    const response = expectRedirect(await post(fields), TAB);
    expect(response.headers.get("Location")).toBe(TAB);
    expect(await readToast(response)).toMatchObject({ type: "success", message: SETTINGS_SAVED });
    const after = await setting1();
    expect(after).toEqual({
      siteName: site,
      contactEmail: "hello@route.test",
      contactPhone: "+91 98765 43210",
      address: "1 MG Road\nBengaluru",
      socialLinks: { facebook: "https://facebook.com/route", youtube: "https://youtube.com/@route" },
      logo: before?.logo ?? null,
      favicon: before?.favicon ?? null,
    });
    expect((await readSetting()).updated_by).toBe("admin");
  });

  it("answers each rule's message beside its field, keeping what was typed and saving nothing", async () => {
    const version = (await readSetting()).updated_at;
    const fields = await formNow({
      siteName: "  ",
      contactEmail: "not-an-email",
      contactPhone: "12ab",
      "socialLinks.twitter": "twitter.com/x",
    });
    const result = await post(fields);
    expect(statusOf(result)).toBe(400);
    const data = payload(result);
    expect(data.intent).toBe("save-general");
    expect(data.fieldErrors).toEqual({
      siteName: "Site Name is required",
      contactEmail: "Please enter a valid email!",
      contactPhone: "Phone must be 7 to 15 digits, optionally with +, spaces or dashes",
      "socialLinks.twitter": "Must be an http(s) address",
    });
    expect(data.repopulateFields).toMatchObject({
      siteName: "  ",
      contactEmail: "not-an-email",
      contactPhone: "12ab",
      socialLinks: { twitter: "twitter.com/x" },
      version: fields.version,
    });
    expect((await readSetting()).updated_at).toBe(version);
  });

  it("stores a png logo and an ico favicon, saves their names, and serves them back", async () => {
    const logo = png(150, 150, { colour: [10, 120, 200] });
    const favicon = icoOfPng(32, 32);
    const site = unique("Route Images");
    const result = await postMultipart(await formNow({ siteName: site }), {
      logoFile: { name: "brand.png", bytes: logo },
      faviconFile: { name: "favicon.ico", bytes: favicon, type: "image/x-icon" },
    });
    expect(await readToast(expectRedirect(result, TAB))).toMatchObject({ message: SETTINGS_SAVED });
    const after = await setting1();
    expect(after.siteName).toBe(site);
    expect(after.logo).toMatch(STORED_NAME("logo", "150x150", "png"));
    expect(after.favicon).toMatch(STORED_NAME("favicon", "32x32", "ico"));
    expect(await servedFile(after.logo)).toEqual({ status: 200, type: "image/png", bytes: Buffer.from(logo) });
    expect(await servedFile(after.favicon)).toEqual({ status: 200, type: "image/x-icon", bytes: Buffer.from(favicon) });
    const draft = payload(await load()).panel.data.draft;
    expect(draft).toMatchObject({ logo: after.logo, favicon: after.favicon });
  });

  it("refuses a text file named .png with the type message, storing and saving nothing", async () => {
    const version = (await readSetting()).updated_at;
    const audit = await latestAuditId();
    const fields = await formNow({ siteName: unique("Route Wrong Type") });
    const result = await postMultipart(fields, {
      logoFile: { name: "logo.png", bytes: Buffer.from("I am not a picture"), type: "image/png" },
    });
    expect(statusOf(result)).toBe(400);
    const data = payload(result);
    expect(data.fieldErrors).toEqual({ logoFile: "The logo must be a png or ico image" });
    expect(data.repopulateFields).toMatchObject({ siteName: fields.siteName, logo: fields.logo });
    expect((await readSetting()).updated_at).toBe(version);
    expect(await latestAuditId()).toBe(audit);
  });

  it("refuses a favicon of the wrong size, and a logo over 1 MB before sending it on", async () => {
    const fields = await formNow({ siteName: unique("Route Sizes") });
    const version = fields.version;
    const wrong = await postMultipart(fields, { faviconFile: { name: "favicon.png", bytes: png(48, 48) } });
    expect(statusOf(wrong)).toBe(400);
    expect(payload(wrong).fieldErrors).toEqual({ faviconFile: "The favicon must be 16×16 or 32×32 pixels" });

    const audit = await latestAuditId();
    const big = await postMultipart(fields, { logoFile: { name: "huge.png", bytes: png(150, 150, { atLeastBytes: 1024 * 1024 + 1 }) } });
    expect(statusOf(big)).toBe(400);
    const data = payload(big);
    expect(data.fieldErrors).toEqual({ logoFile: "The logo must be at most 1 MB" });
    expect(data.repopulateFields.siteName).toBe(fields.siteName);
    expect(await latestAuditId()).toBe(audit);
    expect((await readSetting()).updated_at).toBe(version);
  });

  it("keeps an image stored by a refused post chosen, so a second post saves it without picking it again", async () => {
    const fields = await formNow({ siteName: "" });
    const refused = await postMultipart(fields, { logoFile: { name: "new-logo.png", bytes: png(300, 100) } });
    expect(statusOf(refused)).toBe(400);
    const data = payload(refused);
    expect(data.fieldErrors).toEqual({ siteName: "Site Name is required" });
    const kept = data.repopulateFields.logo;
    expect(kept).toMatch(STORED_NAME("logo", "300x100", "png"));
    expect(kept).not.toBe(fields.logo);
    expect((await servedFile(kept)).status).toBe(200);
    expect((await setting1()).logo).toBe(fields.logo || null);

    const again = await postMultipart({ ...fields, siteName: unique("Route Kept"), logo: kept });
    expectRedirect(again, TAB);
    expect((await setting1()).logo).toBe(kept);
  });

  it("removes the logo when Remove is ticked", async () => {
    const withLogo = await postMultipart(await formNow(), { logoFile: { name: "logo.png", bytes: png(150, 150) } });
    expectRedirect(withLogo, TAB);
    expect((await setting1()).logo).not.toBeNull();
    expectRedirect(await post(await formNow({ "remove.logo": "on" })), TAB);
    expect((await setting1()).logo).toBeNull();
  });

  it("refuses a hidden image name this tab did not store (not the current one)", async () => {
    const version = (await readSetting()).updated_at;
    const result = await post(await formNow({ logo: "pan-card-Document.pdf" }));
    expect(statusOf(result)).toBe(400);
    expect(payload(result).fieldErrors).toEqual({ logoFile: "Choose the logo again" });
    expect((await readSetting()).updated_at).toBe(version);
  });

  it("answers a stale save with 409 naming who saved meanwhile, the typed values kept", async () => {
    const fields = await formNow();
    const stored = await readSetting();
    const theirs = unique("Their Site");
    await apiCall("/upsert-setting?setting_name=GeneralSetting", {
      method: "PUT",
      actingAdmin: "catalog",
      body: {
        settingName: "GeneralSetting",
        setting1: { ...(stored.setting1 as object), siteName: theirs },
        updated_at: stored.updated_at,
      },
    });
    const mine = unique("My Site");
    const result = await post({ ...fields, siteName: mine, contactEmail: "mine@route.test" });
    expect(statusOf(result)).toBe(409);
    const data = payload(result);
    expect(data.conflict.updatedBy).toBe("catalog");
    expect(data.formError).toMatch(/^catalog saved these settings at .* Nothing was saved/);
    expect(data.repopulateFields).toMatchObject({ siteName: mine, contactEmail: "mine@route.test" });
    const now = await readSetting();
    expect(data.repopulateFields.version).toBe(now.updated_at);
    expect((now.setting1 as { siteName: string }).siteName).toBe(theirs);
  });

  it("refuses an unknown intent", async () => {
    expect(statusOf(await post({ intent: "explode" }))).toBe(400);
  });
});

describe("General Settings images route", () => {
  it("serves only this tab's images, with Settings access", async () => {
    const other = (await servedFile("pan-card-Document.pdf")).status;
    expect(other).toBe(404);
    const guarded = await callRoute(fileRoute, await requestAs("catalog", "/admin/settings/files/logo.png"), { name: "logo.png" });
    expect(statusOf(guarded)).toBe(403);
  });
});
