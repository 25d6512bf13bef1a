import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ChevronIcon, GridIcon, SearchIcon, SidebarIcon } from "~/components/shell/icons";
import { MobileMenu } from "~/components/shell/mobile-menu";
import { Notifications } from "~/components/shell/notifications";
import type { ShellAdmin, ShellEntry, ShellNotices } from "./types";
import { onDemand } from "~/components/on-demand";
import { useHydrated } from "~/components/ui";

/** The command palette's code comes with its first use (Ctrl/⌘-K). */
const CommandPalette = onDemand(() => import("~/components/search/command-palette").then((module) => module.CommandPalette));

export const SIDEBAR_FETCHER_KEY = "sidebar-toggle";

type HeaderProps = {
  admin: ShellAdmin;
  entries: ShellEntry[];
  notices: ShellNotices | null;
  miniSidebar: boolean;
};

export function Header({ admin, entries, notices, miniSidebar }: HeaderProps) {
  const ref = useRef<HTMLElement>(null);
  const fixed = useScrolledPast(30);
  useHeaderMenus(ref);

  return (
    <header ref={ref} className={fixed ? "app-header fixed" : "app-header"}>
      <MobileMenu />
      <Link to="/admin" className="brand">
        <span className="brand-mark" aria-hidden="true">
          M
        </span>
        <span className="brand-name">Marketplace Admin</span>
      </Link>
      <SidebarToggle miniSidebar={miniSidebar} />
      <HeaderSearch />
      <div className="header-spacer" />

      <details className="header-menu" name="header-menu" data-close-on-navigate="">
        <summary aria-label="Main menu">
          <GridIcon />
          <span className="brand-name">Menu</span>
        </summary>
        <div className="menu-panel">
          <div className="menu-heading">Go to</div>
          <ul className="menu-list">
            {entries.map((entry) => (
              <li key={entry.to}>
                <Link to={entry.to} className="menu-item">
                  {entry.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </details>

      <Notifications notices={notices} />

      <details className="header-menu" name="header-menu" data-close-on-navigate="">
        <summary>
          <span className="avatar" aria-hidden="true">
            {admin.username.slice(0, 2)}
          </span>
          <span className="brand-name">{admin.username}</span>
          <span className="visually-hidden">: user menu</span>
          <ChevronIcon />
        </summary>
        <div className="menu-panel">
          <div className="menu-heading">
            <strong>{admin.username}</strong>
            <br />
            {admin.role}
          </div>
          <Link to="/admin/profile" className="menu-item">
            Profile
          </Link>
          {/* every admin's own bulk jobs (the API answers only the jobs of lists they may open) */}
          <Link to="/admin/jobs?mine=1" className="menu-item">
            Bulk jobs
          </Link>
          <Form method="post" action="/admin/logout">
            <button type="submit" className="menu-item">
              Logout
            </button>
          </Form>
        </div>
      </details>
    </header>
  );
}

/**
 * The global search (issue 32 §1): a GET form to /admin/search, which lists what matches by area;
 * on that page it shows what was searched for.
 */
function HeaderSearch() {
  const location = useLocation();
  const q = location.pathname === "/admin/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  const [palette, setPalette] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setPalette(true);
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);
  return (
    <Form method="get" action="/admin/search" role="search" aria-label="Search everything" className="header-search" key={q}>
      <label htmlFor="header-search" className="visually-hidden">
        Search everything
      </label>
      <input
        id="header-search"
        type="search"
        name="q"
        defaultValue={q}
        maxLength={100}
        placeholder="Search…"
        autoComplete="off"
        aria-keyshortcuts="Control+K Meta+K"
      />
      <button type="submit" className="icon-button" aria-label="Search everything">
        <SearchIcon />
      </button>
      {palette ? <CommandPalette onClose={() => setPalette(false)} /> : null}
    </Form>
  );
}

/**
 * Full ⇄ mini sidebar. Without JS a POST that sets the preference cookie and redirects back;
 * with JS the same form goes through a keyed fetcher and the shell switches at once.
 */
function SidebarToggle({ miniSidebar }: { miniSidebar: boolean }) {
  const fetcher = useFetcher({ key: SIDEBAR_FETCHER_KEY });
  const location = useLocation();
  const hydrated = useHydrated();
  const mini = useMiniSidebar(miniSidebar);
  return (
    <fetcher.Form method="post" action="/admin/sidebar" className="sidebar-toggle">
      <input type="hidden" name="mini" value={mini ? "0" : "1"} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        className="icon-button"
        aria-label={mini ? "Expand sidebar" : "Collapse sidebar"}
        aria-pressed={mini}
        aria-controls="admin-sidebar"
      >
        <SidebarIcon />
      </button>
    </fetcher.Form>
  );
}

/** The mini-sidebar state, optimistic while the toggle is being saved. */
export function useMiniSidebar(fromLoader: boolean): boolean {
  const fetcher = useFetcher<{ miniSidebar: boolean }>({ key: SIDEBAR_FETCHER_KEY });
  if (fetcher.formData) return fetcher.formData.get("mini") === "1";
  if (fetcher.data && typeof fetcher.data.miniSidebar === "boolean") return fetcher.data.miniSidebar;
  return fromLoader;
}

/** The header's "fixed" look once the page is scrolled `threshold` px or more (spec: 30). */
function useScrolledPast(threshold: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY >= threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return past;
}

/**
 * `<details name="header-menu">` already makes the dropdowns exclusive in current browsers; this
 * adds it for the others, and closes the menus on a click outside, on Escape and after navigation.
 */
function useHeaderMenus(ref: React.RefObject<HTMLElement>) {
  const location = useLocation();

  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const menus = () => Array.from(header.querySelectorAll<HTMLDetailsElement>("details.header-menu"));
    const onToggle = (event: Event) => {
      const opened = event.target;
      if (!(opened instanceof HTMLDetailsElement) || !opened.open) return;
      for (const menu of menus()) if (menu !== opened && menu.open) menu.open = false;
    };
    const onClick = (event: MouseEvent) => {
      for (const menu of menus()) {
        if (menu.open && event.target instanceof Node && !menu.contains(event.target)) menu.open = false;
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const menu of menus()) {
        if (menu.open) {
          menu.open = false;
          menu.querySelector("summary")?.focus();
        }
      }
      const mobile = header.querySelector<HTMLDetailsElement>("details.mobile-menu");
      if (mobile?.open) mobile.open = false;
    };
    // toggle does not bubble: listen in the capture phase
    header.addEventListener("toggle", onToggle, true);
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      header.removeEventListener("toggle", onToggle, true);
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [ref]);

  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    for (const details of header.querySelectorAll<HTMLDetailsElement>("details[data-close-on-navigate], details.header-menu")) {
      details.open = false;
    }
  }, [ref, location.pathname, location.search]);
}
