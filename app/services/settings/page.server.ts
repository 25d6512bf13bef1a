import type { Marketplace } from "~/services/marketplace/index.server";
import type { ActionAnswer } from "~/services/form-action.server";
import { DEFAULT_SETTINGS_TAB, isSettingsTab, type SettingsPanel, type SettingsTab } from "~/models/settings-tabs";
import { cancellationTabAction, cancellationTabLoader } from "./cancellation-tab.server";
import { categoryTabAction, categoryTabLoader } from "./category-tab.server";
import { createServiceTabAction, createServiceTabLoader } from "./create-service-tab.server";
import { contentTabAction, contentTabLoader } from "./content-tab.server";
import { generalTabAction, generalTabLoader } from "./general-tab.server";
import { paymentGatewayTabAction, paymentGatewayTabLoader } from "./payment-gateway-tab.server";

/**
 * /admin/settings: one tab per URL (?tab=…), each with its own loader and action (its forms'
 * intents, through handleForm). The action reads the request's body itself (a tab may take file uploads).
 */
type TabHandlers<Panel> = {
  loader: (api: Marketplace, url: URL) => Promise<Panel>;
  action: (request: Request, api: Marketplace, url: URL) => Promise<ActionAnswer>;
};

const TAB_HANDLERS = {
  general: { loader: generalTabLoader, action: generalTabAction },
  category: { loader: categoryTabLoader, action: categoryTabAction },
  "payment-gateway": { loader: paymentGatewayTabLoader, action: paymentGatewayTabAction },
  "create-service": { loader: createServiceTabLoader, action: createServiceTabAction },
  content: { loader: contentTabLoader, action: contentTabAction },
  cancellation: { loader: cancellationTabLoader, action: cancellationTabAction },
} satisfies { [T in SettingsTab]: TabHandlers<Extract<SettingsPanel, { tab: T }>["data"]> };

/** The tab the URL names; an unknown or missing ?tab= is the first tab. */
export function readSettingsTab(url: URL): SettingsTab {
  const tab = url.searchParams.get("tab");
  return isSettingsTab(tab) ? tab : DEFAULT_SETTINGS_TAB;
}

export async function settingsLoader(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const tab = readSettingsTab(url);
  const panel = { tab, data: await TAB_HANDLERS[tab].loader(api, url) } as SettingsPanel;
  return { tab, panel };
}

export async function settingsAction(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const tab = readSettingsTab(url);
  return TAB_HANDLERS[tab].action(request, api, url);
}
