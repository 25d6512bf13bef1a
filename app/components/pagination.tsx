import { Form, Link, useLocation } from "@remix-run/react";
import type { PageCursors, TotalKind } from "~contract/list-total";
import { CURSOR_PARAM, KEYSET_OFFSET_ROWS, LAST_PAGE_CURSOR } from "~contract/list-query";
import { Button, Flex, Text, useHydrated } from "~/components/ui";

type PaginationProps = {
  total: number;
  /** how `total` was counted (a list of more than 10,000 matches may only know it about) */
  totalKind?: TotalKind;
  page: number;
  pageSize: number;
  /** the page sizes offered; none: no page-size changer */
  pageSizes?: readonly number[];
  /** query keys this control writes */
  pageParam?: string;
  pageSizeParam?: string;
  /** the nav's name, when a page has more than one list */
  label?: string;
  /** keep the scroll position (a list inside a longer page) */
  preventScrollReset?: boolean;
  /**
   * the neighbouring pages' cursors, for a list with keyset pages (docs/decisions/0020-keyset-pages.md):
   * past 10,000 matches Previous and Next link by cursor, the last page is read from the end, and
   * numbered pages are offered only within the first 10,000 rows
   */
  cursors?: PageCursors;
};

/** Past 10,000 matches the API may only estimate the total, and says so (contract/list-total.ts). */
const TOTAL_PREFIX: Record<TotalKind, string> = { exact: "", about: "about ", more_than: "more than " };

/**
 * Which page numbers to offer: the first, the last, and two either side of the current one (of
 * those, the ones `offered` allows).
 */
function pageWindow(page: number, pages: number, offered: (n: number) => boolean): (number | "gap")[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const numbers = [...wanted].filter((n) => n >= 1 && n <= pages && offered(n)).sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  numbers.forEach((n, i) => {
    if (i > 0 && n - numbers[i - 1] > 1) out.push("gap");
    out.push(n);
  });
  return out;
}

/**
 * A list's page links: Previous and Next (null where there is none), each numbered page's link, and
 * which page numbers to offer. With keyset pages (`cursors`, decision 0020) and a total that is not
 * exact (more than 10,000 matches), Previous and Next carry the API's cursors, the last page number
 * reads the list from its end, and numbered pages deeper than KEYSET_OFFSET_ROWS are not offered (an
 * OFFSET walk of that many rows).
 */
export function pageLinks({
  page,
  pages,
  pageSize,
  totalKind,
  cursors,
  pageHref,
  here,
}: {
  page: number;
  pages: number;
  pageSize: number;
  totalKind: TotalKind;
  cursors: PageCursors | undefined;
  /** page n's URL (with a cursor, or none) keeping every other key */
  pageHref: (n: number, cursor?: string) => string;
  /** this page's own URL */
  here: string;
}) {
  if (!cursors || totalKind === "exact")
    return {
      previous: page > 1 ? pageHref(page - 1) : null,
      next: page < pages ? pageHref(page + 1) : null,
      number: (n: number) => pageHref(n),
      offered: () => true,
    };
  const offsetPages = Math.max(1, Math.floor(KEYSET_OFFSET_ROWS / pageSize));
  return {
    previous: page > 1 && (cursors.previous !== null || page - 1 <= offsetPages) ? pageHref(page - 1, cursors.previous ?? undefined) : null,
    next: cursors.next !== null ? pageHref(page + 1, cursors.next) : null,
    number: (n: number) => (n <= offsetPages ? pageHref(n) : n === page ? here : pageHref(n, LAST_PAGE_CURSOR)),
    offered: (n: number) => n <= offsetPages || n === page || n === pages,
  };
}

/**
 * "Showing x to y of n entries", page links and a page-size changer. Everything is a link or a
 * GET form, so it works without JavaScript; with it, the page size applies on change.
 */
export function Pagination({
  total,
  totalKind = "exact",
  page,
  pageSize,
  pageSizes,
  pageParam = "page",
  pageSizeParam = "page_size",
  label = "Pagination",
  preventScrollReset,
  cursors,
}: PaginationProps) {
  const location = useLocation();
  const hydrated = useHydrated();

  // "more than n": the page after the n known is offered too
  const pages = Math.max(1, Math.ceil(total / pageSize) + (totalKind === "more_than" ? 1 : 0));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const params = new URLSearchParams(location.search);

  function pageHref(n: number, cursor?: string) {
    const next = new URLSearchParams(params);
    next.set(pageParam, String(n));
    if (cursor) next.set(CURSOR_PARAM, cursor);
    else next.delete(CURSOR_PARAM);
    return `${location.pathname}?${next}`;
  }

  const { previous, next, number, offered } = pageLinks({
    page,
    pages,
    pageSize,
    totalKind,
    cursors,
    pageHref,
    here: `${location.pathname}${location.search}`,
  });
  const numbers = pageWindow(page, pages, offered);

  // the page-size form keeps every other key of the URL, and starts again from page 1
  const kept = [...params].filter(([key]) => key !== pageParam && key !== pageSizeParam && key !== CURSOR_PARAM);

  return (
    <Flex align="center" justify="between" gap="3" wrap="wrap" mt="3" asChild>
      <nav aria-label={label}>
        <Text size="2" color="gray" role="status">
          Showing {first} to {last} of {`${TOTAL_PREFIX[totalKind]}${total}`} entries
        </Text>
        <Flex align="center" gap="1" wrap="wrap" asChild>
          <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
            <li>
              {previous ? (
                <Button asChild variant="soft" size="1">
                  <Link to={previous} rel="prev" preventScrollReset={preventScrollReset}>
                    Previous
                  </Link>
                </Button>
              ) : (
                <Button variant="soft" size="1" disabled>
                  Previous
                </Button>
              )}
            </li>
            {numbers.map((n, i) =>
              n === "gap" ? (
                <li key={`gap-${i}`} aria-hidden="true">
                  <Text size="2" color="gray">
                    …
                  </Text>
                </li>
              ) : (
                <li key={n}>
                  <Button asChild variant={n === page ? "solid" : "soft"} size="1">
                    <Link
                      to={number(n)}
                      aria-current={n === page ? "page" : undefined}
                      aria-label={`Page ${n}`}
                      preventScrollReset={preventScrollReset}
                    >
                      {n}
                    </Link>
                  </Button>
                </li>
              ),
            )}
            <li>
              {next ? (
                <Button asChild variant="soft" size="1">
                  <Link to={next} rel="next" preventScrollReset={preventScrollReset}>
                    Next
                  </Link>
                </Button>
              ) : (
                <Button variant="soft" size="1" disabled>
                  Next
                </Button>
              )}
            </li>
          </ul>
        </Flex>
        {pageSizes ? (
          <Form key={location.search} method="get" action={location.pathname} preventScrollReset>
            {kept.map(([key, value], i) => (
              <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
            ))}
            <Flex align="center" gap="2">
              <Text as="label" size="2" htmlFor="page-size">
                Rows per page
              </Text>
              <select
                id="page-size"
                name={pageSizeParam}
                className="native-input"
                style={{ width: "5.5rem" }}
                defaultValue={String(pageSize)}
                onChange={(event) => event.currentTarget.form?.requestSubmit()}
              >
                {pageSizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
              {hydrated ? null : (
                <Button type="submit" size="1" variant="soft">
                  Apply
                </Button>
              )}
            </Flex>
          </Form>
        ) : null}
      </nav>
    </Flex>
  );
}
