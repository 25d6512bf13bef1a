import { Link } from "@remix-run/react";
import { Heading } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";
import { SETTINGS_TAB_LINKS, type SettingsPanel, type SettingsTab } from "~/models/settings-tabs";
import { GeneralTab } from "./general-tab";
import { CategoryTab } from "./category-tab";
import { PaymentGatewayTab } from "./payment-gateway-tab";
import { CreateServiceTab } from "./create-service-tab";
import { ContentTab } from "./content-tab";
import { CancellationTab } from "./cancellation-tab";

export type SettingsPageProps = {
  tab: SettingsTab;
  /** the tab's data */
  panel: SettingsPanel;
  /** the action's answer to a refused save (its intent says which form) */
  failure?: FormFailure<never>;
};

/** General Settings (spec 2 §2): one tab per URL; the tab links are a nav (they work without JS). */
export function SettingsPage({ tab, panel, failure }: SettingsPageProps) {
  const label = SETTINGS_TAB_LINKS.find((t) => t.id === tab)?.label ?? "";
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Settings
        </Heading>
      </div>
      <nav aria-label="Settings tabs" className="settings-tabs">
        <ul>
          {SETTINGS_TAB_LINKS.map((t) => (
            <li key={t.id}>
              <Link to={t.href} aria-current={t.id === tab ? "page" : undefined} className="settings-tab" preventScrollReset>
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="settings-tab-title" className="settings-panel">
        <Heading as="h2" size="5" id="settings-tab-title" mb="3">
          {label}
        </Heading>
        <TabPanel panel={panel} failure={failure} />
      </section>
    </>
  );
}

function TabPanel({ panel, failure }: { panel: SettingsPanel; failure?: FormFailure<never> }) {
  switch (panel.tab) {
    case "category":
      return <CategoryTab panel={panel.data} failure={failure} />;
    case "general":
      return <GeneralTab panel={panel.data} failure={failure} />;
    case "payment-gateway":
      return <PaymentGatewayTab panel={panel.data} failure={failure} />;
    case "create-service":
      return <CreateServiceTab panel={panel.data} failure={failure} />;
    case "content":
      return <ContentTab panel={panel.data} failure={failure} />;
    case "cancellation":
      return <CancellationTab {...panel.data} failure={failure} />;
  }
}
