import type { z } from "zod";
import { fieldErrorsOf } from "~contract/form-result";
import {
  GeneralSetting1,
  parseSettingFileName,
  SETTING_FILE_KINDS,
  SETTING_FILE_MESSAGES,
  SETTING_FILES,
  SOCIAL_LINKS,
  type SettingFileKind,
  type SettingRecord,
} from "~contract/settings";
import { GENERAL_INTENT, settingsTabUrl, type GeneralDraft, type GeneralPanel } from "~/models/settings-tabs";
import { GeneralForm } from "~/models/settings-forms";
import { fileFailure, serveStoredFile } from "~/services/file-route.server";
import { handleForm } from "~/services/form-action.server";
import { formFailure } from "~/services/form-result.server";
import { UPLOAD_ROUTES } from "~/models/upload-limits";
import { readUploadForm } from "~/services/upload-form.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { frameOf, loadSetting, refillOf, saveSetting, settingIntent } from "./setting-tab.server";
import { isOneOf } from "~shared/one-of";

/**
 * General Settings (spec 2 §2; GeneralSetting): site name, contact email and phone, address, social
 * links, and the logo and favicon. One multipart form: a chosen image is stored first (POST
 * /upload-setting-file checks it by content), then the setting is saved with its name. An image
 * stored in a post that is refused stays chosen: its name comes back in the form's hidden field.
 */

const str = (value: unknown) => (typeof value === "string" ? value : "");

function draftOf(setting1: unknown): GeneralDraft {
  const s = (setting1 && typeof setting1 === "object" ? setting1 : {}) as Record<string, unknown>;
  const links = (s.socialLinks && typeof s.socialLinks === "object" ? s.socialLinks : {}) as Record<string, unknown>;
  return {
    siteName: str(s.siteName),
    contactEmail: str(s.contactEmail),
    contactPhone: str(s.contactPhone),
    address: str(s.address),
    socialLinks: Object.fromEntries(SOCIAL_LINKS.map((k) => [k, str(links[k])])) as GeneralDraft["socialLinks"],
    logo: str(s.logo),
    favicon: str(s.favicon),
  };
}

export async function generalTabLoader(api: Marketplace): Promise<GeneralPanel> {
  const record = await loadSetting("GeneralSetting", api);
  return { frame: frameOf(record, record.setting1), draft: draftOf(record.setting1) };
}

/** The text fields are small; an image is read up to its limit and no further. */
const TEXT_FIELD_MAX_BYTES = 64 * 1024;
const fileField = (kind: SettingFileKind) => `${kind}File`;

/** The posted form, each image capped at its own limit (an image over it is named in `tooLarge`). */
const readForm = (request: Request) => readUploadForm(request, UPLOAD_ROUTES.generalSettings.files, TEXT_FIELD_MAX_BYTES);

/** GeneralSetting's setting1 from the form: only the networks given; no image is null. */
function setting1Of(draft: GeneralDraft) {
  return {
    siteName: draft.siteName,
    contactEmail: draft.contactEmail,
    contactPhone: draft.contactPhone,
    address: draft.address,
    socialLinks: Object.fromEntries(Object.entries(draft.socialLinks).filter(([, url]) => url.trim() !== "")),
    logo: draft.logo || null,
    favicon: draft.favicon || null,
  };
}

type GeneralPost = z.output<typeof GeneralForm>;

/**
 * The images the post changes: a new file is stored (its name replaces the draft's), a ticked
 * "Remove" clears it. A refused image gives its message on `<kind>File`; a failure of the API
 * itself is thrown (a MarketplaceError) for the caller to answer.
 */
async function applyImages({ draft, files, remove }: GeneralPost, tooLarge: Set<string>, api: Marketplace) {
  const errors: Record<string, string> = {};
  let stored: SettingRecord | undefined;
  for (const kind of SETTING_FILE_KINDS) {
    const field = fileField(kind);
    const file = files[kind];
    if (tooLarge.has(field)) {
      errors[field] = SETTING_FILE_MESSAGES.tooLarge(kind);
    } else if (file instanceof File && (file.size > 0 || file.name !== "")) {
      try {
        draft[kind] = (await api.raw.uploadSettingFile(kind, file, file.name || kind)).name;
      } catch (error) {
        if (!(error instanceof MarketplaceError && error.kind === "invalid")) throw error;
        errors[field] = error.fieldErrors.file ?? error.message;
      }
    } else if (remove[kind]) {
      draft[kind] = "";
    } else if (draft[kind] && parseSettingFileName(draft[kind])?.kind !== kind) {
      // a name this form did not make: only the one stored now may come back
      stored ??= await api.raw.getSetting("GeneralSetting");
      if (draftOf(stored.setting1)[kind] !== draft[kind]) {
        errors[field] = `Choose the ${SETTING_FILES[kind].label.toLowerCase()} again`;
        draft[kind] = "";
      }
    }
  }
  return errors;
}

/** Save of General Settings (one multipart form): the images first, then the setting. */
export async function generalTabAction(request: Request, api: Marketplace) {
  const read = await readForm(request);
  if ("unreadable" in read) return formFailure({}, { intent: GENERAL_INTENT, formError: read.unreadable }, 400);
  const { formData, tooLarge } = read;
  return handleForm(
    request,
    api,
    {
      [GENERAL_INTENT]: settingIntent(GeneralForm, async (posted, { intent }) => {
        const { draft, version, part } = posted;
        const imageErrors = await applyImages(posted, tooLarge, api);
        const setting1 = setting1Of(draft);
        if (Object.keys(imageErrors).length > 0) {
          const checked = GeneralSetting1.safeParse(setting1);
          const fieldErrors = { ...(checked.success ? {} : fileFieldsOf(fieldErrorsOf(checked.error.issues))), ...imageErrors };
          return formFailure(refillOf(posted), { intent, fieldErrors }, 400);
        }
        const answer = await saveSetting(request, api, {
          name: "GeneralSetting",
          intent,
          draft,
          version,
          part,
          partOf: (stored) => stored.setting1,
          partId: "GeneralSetting",
          check: { schema: GeneralSetting1, value: setting1 },
          parts: (_stored, checked) => ({ setting1: checked }),
          rename: { "setting1.": "" },
          redirectTo: settingsTabUrl("general"),
        });
        return "data" in answer ? withFileFields(answer) : answer;
      }),
    },
    { form: formData },
  );
}

/** A message on logo or favicon (the stored name) is shown beside its file input. */
function fileFieldsOf(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [isOneOf(SETTING_FILE_KINDS, key) ? `${key}File` : key, message]),
  );
}

function withFileFields<T extends { data: { fieldErrors: Record<string, string> } }>(answer: T): T {
  answer.data.fieldErrors = fileFieldsOf(answer.data.fieldErrors);
  return answer;
}

const PAGE = settingsTabUrl("general");

/**
 * A General Settings image served to the page: a name this tab's uploads make (logo-…, favicon-…),
 * or a logo or favicon the setting names now; any other stored file is not this page's to show.
 */
export async function settingFile(request: Request, api: Marketplace, name: string): Promise<Response> {
  if (!parseSettingFileName(name)) {
    try {
      const current = draftOf((await api.raw.getSetting("GeneralSetting")).setting1);
      if (name === "" || (current.logo !== name && current.favicon !== name)) throw new MarketplaceError("not-found", "Not found", 404);
    } catch (error) {
      return fileFailure(request, name || "The file", error, PAGE);
    }
  }
  return serveStoredFile(request, name, api.caller, PAGE);
}
