import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { keepTypedValues } from "~/components/typed-values";

// the page's scripts start after its first paint: what was typed meanwhile survives hydration
// (put back by the root's first effect; parts fetched on demand do the same as they hydrate)
keepTypedValues(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
