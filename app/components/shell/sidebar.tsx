import { Link, useLocation } from "@remix-run/react";
import { sidebarEntryFor } from "~/models/access";
import type { ShellEntry } from "./types";

/** The sidebar: only the entries this admin may open; the entry of the current page is marked. */
export function Sidebar({ entries }: { entries: ShellEntry[] }) {
  const { pathname } = useLocation();
  const current = sidebarEntryFor(pathname)?.to;
  return (
    <div className="sidebar-slot">
      <nav className="sidebar" id="admin-sidebar" aria-label="Sidebar">
        <ul className="sidebar-list">
          {entries.map((entry) => {
            const icon = (
              <span className="sidebar-icon" aria-hidden="true">
                {entry.initials}
              </span>
            );
            return (
              <li key={entry.to}>
                <Link
                  to={entry.to}
                  prefetch="intent"
                  className="sidebar-link"
                  aria-current={entry.to === current ? "page" : undefined}
                  title={entry.name}
                >
                  {icon}
                  <span className="sidebar-label">{entry.name}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
