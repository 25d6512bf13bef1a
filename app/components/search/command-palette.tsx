import { useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { SEARCH_HITS_DEFAULT } from "~contract/global-search";
import type { SearchPageData } from "~/models/global-search";

type Option = { key: string; label: string; detail?: string; group: string; href: string };

/** Wait this long after the last key before asking (a fast typist sends one request). */
const TYPING_PAUSE_MS = 150;

const searchHref = (q: string) => `/admin/search?${new URLSearchParams({ q })}`;

/** What the palette offers for an answer: pages, then each area's first matches, then "All results". */
function optionsOf(data: SearchPageData | undefined): Option[] {
  if (!data?.q) return [];
  const options: Option[] = data.pages.map((page) => ({ key: `page ${page.to}`, label: page.name, group: "Pages", href: page.to }));
  for (const group of data.groups) {
    for (const hit of group.hits.slice(0, SEARCH_HITS_DEFAULT)) {
      options.push({ key: `${group.area} ${hit.id}`, label: hit.title, detail: hit.detail, group: group.label, href: hit.href });
    }
  }
  options.push({ key: "all", label: `All results for "${data.q}"`, group: "", href: searchHref(data.q) });
  return options;
}

/**
 * The command palette (issue 32 §1): Ctrl/⌘-K on any page, with JavaScript. It asks /admin/search
 * (the same loader as the page without JS, so the same areas and pages) as one types; arrows move,
 * Enter opens, Escape closes; the count of results is announced. Loaded on first use.
 */
export function CommandPalette({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<SearchPageData>();
  const navigate = useNavigate();
  const [q, setQ] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const typed = q.trim();
  useEffect(() => {
    if (!typed) return;
    const timer = setTimeout(() => fetcher.load(searchHref(typed)), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
    // fetcher.load is stable for this fetcher
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  const data = typed ? fetcher.data : undefined;
  const options = useMemo(() => optionsOf(data), [data]);
  useEffect(() => setActive(0), [options]);

  const searching = typed !== "" && (fetcher.state === "loading" || data?.q !== typed);
  const status = !typed
    ? "Type to search pages and records."
    : searching
      ? "Searching…"
      : data?.notice?.tone === "error"
        ? data.notice.message
        : `${options.length - 1} ${options.length === 2 ? "result" : "results"}${data?.notice ? `. ${data.notice.message}` : ""}`;

  function open(option: Option | undefined) {
    const href = option?.href ?? (typed ? searchHref(typed) : null);
    if (!href) return;
    dialog.current?.close();
    navigate(href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      open(searching ? undefined : options[active]);
    }
  }

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    // a click on the backdrop closes it; from the keyboard, Escape does (the native dialog's cancel)
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      className="route-dialog command-palette"
      aria-label="Search everything"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current.close();
      }}
    >
      <input
        type="text"
        role="combobox"
        aria-label="Search everything"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options[active] ? optionId(active) : undefined}
        className="native-input"
        placeholder="Pages, providers, users, ORD000154, categories…"
        maxLength={100}
        autoComplete="off"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the palette is opened to type into
        autoFocus
        value={q}
        onChange={(event) => setQ(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Results" className="palette-options">
        {options.map((option, i) => (
          // chosen from the keyboard through the combobox (arrows, Enter: aria-activedescendant), by pointer here
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={option.key}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? "palette-option active" : "palette-option"}
            onMouseMove={() => setActive(i)}
            onClick={() => open(option)}
          >
            {option.group && option.group !== options[i - 1]?.group ? <span className="palette-group">{option.group}</span> : null}
            <span>{option.label}</span>
            {option.detail ? <span className="palette-detail"> {option.detail}</span> : null}
          </li>
        ))}
      </ul>
      <p role="status" className="palette-status">
        {status}
      </p>
    </dialog>
  );
}
