/** What only the admin uses of ~contract/setting-parts (the shared part stays in contract/setting-parts.ts). */
import { type SettingName } from "~contract/setting-labels";

/** The part id of a setting's part by its keys: settingPartIdOf("PricingSetting", "12"). */
export const settingPartIdOf = (name: SettingName, ...keys: string[]) => [name, ...keys].join("/");
