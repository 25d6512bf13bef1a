import { z } from "zod";
import { GeneralSettings, SettingRecord, StoredSettingFile, type SettingFileKind, type SettingName } from "~contract/settings";
import { apiRequest, type Caller } from "./client.server";

/** GET /get-general-setting: every setting by name (nulls for one never saved). */
export async function getGeneralSettings(caller: Caller) {
  return (await apiRequest("/get-general-setting", { caller, answer: z.object({ data: GeneralSettings }) })).data;
}

/** GET /get-setting: one setting (nulls when never saved). */
export async function getSetting(caller: Caller, name: SettingName): Promise<SettingRecord> {
  return (await apiRequest("/get-setting", { query: { setting_name: name }, caller, answer: z.object({ data: SettingRecord }) })).data;
}

export type UpsertSettingParts = { setting1?: unknown; setting2?: unknown; updated_at: string | null };

/** PUT /upsert-setting: saves setting1 and/or setting2 of the version loaded (409 when stale). */
export async function upsertSetting(caller: Caller, name: SettingName, parts: UpsertSettingParts): Promise<SettingRecord> {
  const answer = await apiRequest("/upsert-setting", {
    method: "PUT",
    query: { setting_name: name },
    body: { settingName: name, ...parts },
    caller,
    answer: z.object({ data: SettingRecord, message: z.string() }),
  });
  return answer.data;
}

/**
 * POST /upload-setting-file: stores a logo or favicon (checked by content, size and dimensions);
 * a refused one is a MarketplaceError "invalid" with the reason on `file`.
 */
export async function uploadSettingFile(caller: Caller, kind: SettingFileKind, file: Blob, fileName: string): Promise<StoredSettingFile> {
  const form = new FormData();
  form.set("kind", kind);
  form.set("file", file, fileName);
  const answer = await apiRequest("/upload-setting-file", {
    method: "POST",
    body: form,
    caller,
    answer: z.object({ data: StoredSettingFile }),
  });
  return answer.data;
}
