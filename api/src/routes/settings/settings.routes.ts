/**
 * General Settings (spec 2 §7): GET /get-general-setting and PUT /upsert-setting. The shapes of
 * setting1/setting2 per setting name are contract/settings.ts (the contract).
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): settings.handlers.ts serves them.
 */
import { GeneralSettings, SettingNameParam, SettingRecord, UpsertSettingBody } from "~contract/settings";
import { ActingAdmin, body, chosenByUs, common, conflict, createRoute, data, error, json, mutating, z } from "../../lib/openapi";

export const SettingDoc = SettingRecord.openapi("SettingRecord");

export const getRoute = createRoute({
  method: "get",
  path: "/get-general-setting",
  summary: "Every setting, keyed by setting name",
  description:
    "data holds all five setting names; one never saved answers setting1, setting2, updated_at and updated_by null. The shapes of setting1/setting2 per name are those of UpsertSettingBody (the body of PUT /upsert-setting).",
  responses: { 200: json(data(GeneralSettings.openapi("GeneralSettings")), "The settings"), ...common },
});

export const oneRoute = createRoute({
  method: "get",
  path: "/get-setting",
  summary: "One setting by name",
  ...chosenByUs("The audit log's Revert reads a setting through it; the same record as in GET /get-general-setting."),
  request: { query: z.object({ setting_name: SettingNameParam.describe("The setting to read") }) },
  responses: { 200: json(data(SettingDoc), "The setting (nulls when never saved)"), 400: error("Unknown setting name"), ...common },
});

export const upsertRoute = createRoute({
  method: "put",
  path: "/upsert-setting",
  summary: "Save one setting (create it on its first save)",
  description:
    "setting1 and/or setting2 replace the stored ones (a part left out is kept, null clears it). Send the updated_at loaded with GET /get-general-setting (absent or null only for a setting never saved): 409 names who saved it meanwhile. A 400 names each bad field by its path (e.g. setting1.12.offerings.Consultation.3). DynamicContent HTML is sanitised. A save that changes nothing writes nothing and answers the stored setting.",
  request: {
    query: z.object({ setting_name: SettingNameParam }),
    headers: ActingAdmin,
    body: body(UpsertSettingBody.openapi("UpsertSettingBody")),
  },
  responses: {
    200: json(z.object({ data: SettingDoc, message: z.string() }), "Saved: 'Settings Saved Successfully'"),
    ...mutating,
    ...conflict,
    ...common,
  },
});
