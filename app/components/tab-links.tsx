import { Link } from "@remix-run/react";
import { Button, Flex } from "~/components/ui";

export type TabLink = { key: string; label: string; to: string };

/** A list's tabs as links (the tab lives in the URL, so it works without JS and bookmarks keep it); the current one is solid. */
export function TabLinks({ label, tabs, current }: { label: string; tabs: readonly TabLink[]; current: string }) {
  return (
    <nav aria-label={label} style={{ marginBottom: "var(--space-3)" }}>
      <Flex gap="2" wrap="wrap" asChild>
        <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {tabs.map((t) => (
            <li key={t.key || "all"}>
              <Button asChild size="2" variant={t.key === current ? "solid" : "soft"}>
                <Link to={t.to} aria-current={t.key === current ? "page" : undefined}>
                  {t.label}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </Flex>
    </nav>
  );
}
