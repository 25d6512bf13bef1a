import { data } from "@remix-run/node";
import type { AdminUser } from "~/models/admin-users";
import { DEFAULT_SETTINGS_TAB, isSettingsTab, SETTINGS_TAB_LABELS, SETTINGS_TABS, type SettingsTab } from "~/models/settings-tabs";
import { cancellationTabAction, cancellationTabLoader } from "./cancellation-tab.server";

/**
 * /admin/settings: one tab per URL (?tab=…). A tab is built when it has a loader/action pair here;
 * the others render "coming in the next release". A later tab plugs in by adding its pair.
 */
type TabHandlers<Panel> = {
  loader: (request: Request, admin: AdminUser, url: URL) => Promise<Panel>;
  action: (request: Request, admin: AdminUser, formData: FormData) => Promise<Response | ReturnType<typeof data>>;
};

const TAB_HANDLERS = {
  cancellation: { loader: cancellationTabLoader, action: cancellationTabAction },
} satisfies Partial<Record<SettingsTab, TabHandlers<unknown>>>;

type BuiltTab = keyof typeof TAB_HANDLERS;
const isBuilt = (tab: SettingsTab): tab is BuiltTab => tab in TAB_HANDLERS;

/** The tab the URL names; an unknown or missing ?tab= is the first tab. */
export function readSettingsTab(url: URL): SettingsTab {
  const tab = url.searchParams.get("tab");
  return isSettingsTab(tab) ? tab : DEFAULT_SETTINGS_TAB;
}

export async function settingsLoader(request: Request, admin: AdminUser) {
  const url = new URL(request.url);
  const tab = readSettingsTab(url);
  const tabs = SETTINGS_TABS.map((id) => ({ id, label: SETTINGS_TAB_LABELS[id], href: `/admin/settings?tab=${id}` }));
  const cancellation = tab === "cancellation" ? await TAB_HANDLERS.cancellation.loader(request, admin, url) : null;
  return { tab, tabs, built: isBuilt(tab), cancellation };
}

export async function settingsAction(request: Request, admin: AdminUser) {
  const tab = readSettingsTab(new URL(request.url));
  if (!isBuilt(tab)) throw new Response(`The ${SETTINGS_TAB_LABELS[tab]} tab saves nothing yet`, { status: 405, statusText: "Method Not Allowed" });
  const formData = await request.formData();
  return TAB_HANDLERS[tab].action(request, admin, formData);
}
