import { z } from "zod";
import { DYNAMIC_CONTENT_KEYS, DynamicContent1, SETTING_MESSAGES, type SettingRecord } from "~contract/settings";
import { DYNAMIC_CONTENT_LABELS, isDynamicContentKey, type DynamicContentKey } from "~/models/setting-labels";
import { ContentForm } from "~/models/settings-forms";
import { settingsTabUrl, type ContentPanel } from "~/models/settings-tabs";
import { handleForm } from "~/services/form-action.server";
import { formFailure } from "~/services/form-result.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { sanitizeRichText } from "~shared/sanitize";
import { settingPartIdOf } from "~/models/setting-parts";
import { partFrameOf, loadSetting, refillOf, saveSetting, settingIntent } from "./setting-tab.server";

const INTENT = "save-content";

type Content = Record<DynamicContentKey, string>;
/** The stored blocks (all five; '' for one never written, nothing the contract does not know). */
function contentOf(record: SettingRecord): Content {
  const stored = record.setting1 && typeof record.setting1 === "object" ? (record.setting1 as Record<string, unknown>) : {};
  return Object.fromEntries(DYNAMIC_CONTENT_KEYS.map((k) => [k, typeof stored[k] === "string" ? stored[k] : ""])) as Content;
}
/** The part this tab's form edits: one block's HTML. */
const blockOf = (record: SettingRecord, block: DynamicContentKey) => contentOf(record)[block];

/** The block the URL names (?block=…): the first when none is named, null for an unknown one. */
function readContentBlock(url: URL): { block: DynamicContentKey | null; blockMessage: string | null } {
  const param = url.searchParams.get("block");
  if (!param) return { block: DYNAMIC_CONTENT_KEYS[0], blockMessage: null };
  return isDynamicContentKey(param)
    ? { block: param, blockMessage: null }
    : { block: null, blockMessage: SETTING_MESSAGES.unknownContentBlock };
}

const BLOCKS = DYNAMIC_CONTENT_KEYS.map((key) => ({
  key,
  label: DYNAMIC_CONTENT_LABELS[key],
  href: settingsTabUrl("content", { block: key }),
}));

/**
 * Set Instructions/Content (spec 2 §2, DynamicContent): the instructions each onboarding step shows,
 * one block per URL, with a preview of the block as saved.
 */
export async function contentTabLoader(api: Marketplace, url: URL): Promise<ContentPanel> {
  const { block, blockMessage } = readContentBlock(url);
  if (!block)
    return {
      blocks: BLOCKS,
      block: null,
      blockMessage,
      frame: { version: "", lastSaved: null, part: "" },
      draft: { content: "" },
      preview: "",
    };
  const record = await loadSetting("DynamicContent", api);
  const html = blockOf(record, block);
  return {
    blocks: BLOCKS,
    block: { key: block, label: DYNAMIC_CONTENT_LABELS[block] },
    blockMessage: null,
    frame: await partFrameOf(record, (stored) => blockOf(stored, block), settingPartIdOf("DynamicContent", block), api),
    draft: { content: html },
    // the API stores it sanitised; sanitised again here, as it is shown as HTML whatever API answered
    preview: sanitizeRichText(html),
  };
}

/** Save of one block (intent save-content). */
export function contentTabAction(request: Request, api: Marketplace, url: URL) {
  return handleForm(request, api, {
    [INTENT]: settingIntent(ContentForm, async (posted, { intent }) => {
      const { draft, version, part } = posted;
      const { block, blockMessage } = readContentBlock(url);
      if (!block) return formFailure(refillOf(posted), { intent, fieldErrors: { content: blockMessage ?? "" } }, 400);
      return saveSetting(request, api, {
        name: "DynamicContent",
        intent,
        draft,
        version,
        part,
        partOf: (stored) => blockOf(stored, block),
        partId: settingPartIdOf("DynamicContent", block),
        // the length is checked as typed; the API sanitises what it stores
        check: { schema: z.object({ content: DynamicContent1.shape[block] }), value: draft },
        parts: (stored, checked) => ({ setting1: { ...contentOf(stored), [block]: checked.content } }),
        rename: { [`setting1.${block}`]: "content" },
        redirectTo: settingsTabUrl("content", { block }),
      });
    }),
  });
}
