import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui";

/** The provider pages' header: the marketplace's name, the provider's name and Sign out (a POST form: works without JS). */
export function ProviderHeader({ marketplaceName, providerName }: { marketplaceName: string; providerName: string }) {
  return (
    <header className="app-header">
      {/* a document request: /provider's scripted data URL (/provider.data) is outside the cookie's Path=/provider */}
      <Link to="/provider" className="brand" reloadDocument>
        <span className="brand-mark" aria-hidden="true">
          {marketplaceName.slice(0, 1).toUpperCase()}
        </span>
        <span className="brand-name">{marketplaceName}</span>
      </Link>
      <div className="header-spacer" />
      <span className="provider-name" data-testid="provider-name">
        {providerName}
      </span>
      <Form method="post" action="/provider/logout">
        <Button type="submit" variant="soft" size="2">
          Sign out
        </Button>
      </Form>
    </header>
  );
}
