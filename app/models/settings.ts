/** What only the admin uses of ~contract/settings (the shared part stays in contract/settings.ts). */
import { SETTING_SCHEMAS } from "~contract/settings";
import { z } from "zod";
import { type SettingName } from "~contract/setting-labels";

export type SettingValues = {
  [N in SettingName]: {
    setting1: z.infer<(typeof SETTING_SCHEMAS)[N]["setting1"]>;
    setting2: (typeof SETTING_SCHEMAS)[N]["setting2"] extends z.ZodTypeAny ? z.infer<(typeof SETTING_SCHEMAS)[N]["setting2"]> : null;
  };
};
