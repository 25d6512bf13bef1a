import { Form, Link, useLocation } from "@remix-run/react";
import type { TotalKind } from "~contract/list-total";
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
};

/** Past 10,000 matches the API may only estimate the total, and says so (contract/list-total.ts). */
const TOTAL_PREFIX: Record<TotalKind, string> = { exact: "", about: "about ", more_than: "more than " };

/** Which page numbers to offer: the first, the last, and two either side of the current one. */
function pageWindow(page: number, pages: number): (number | "gap")[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const numbers = [...wanted].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  numbers.forEach((n, i) => {
    if (i > 0 && n - numbers[i - 1] > 1) out.push("gap");
    out.push(n);
  });
  return out;
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
}: PaginationProps) {
  const location = useLocation();
  const hydrated = useHydrated();

  // "more than n": the page after the n known is offered too
  const pages = Math.max(1, Math.ceil(total / pageSize) + (totalKind === "more_than" ? 1 : 0));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const params = new URLSearchParams(location.search);

  function pageHref(n: number) {
    const next = new URLSearchParams(params);
    next.set(pageParam, String(n));
    return `${location.pathname}?${next}`;
  }

  // the page-size form keeps every other key of the URL, and starts again from page 1
  const kept = [...params].filter(([key]) => key !== pageParam && key !== pageSizeParam);

  return (
    <Flex align="center" justify="between" gap="3" wrap="wrap" mt="3" asChild>
      <nav aria-label={label}>
        <Text size="2" color="gray" role="status">
          Showing {first} to {last} of {`${TOTAL_PREFIX[totalKind]}${total}`} entries
        </Text>
        <Flex align="center" gap="1" wrap="wrap" asChild>
          <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
            <li>
              {page > 1 ? (
                <Button asChild variant="soft" size="1">
                  <Link to={pageHref(page - 1)} rel="prev" preventScrollReset={preventScrollReset}>
                    Previous
                  </Link>
                </Button>
              ) : (
                <Button variant="soft" size="1" disabled>
                  Previous
                </Button>
              )}
            </li>
            {pageWindow(page, pages).map((n, i) =>
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
                      to={pageHref(n)}
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
              {page < pages ? (
                <Button asChild variant="soft" size="1">
                  <Link to={pageHref(page + 1)} rel="next" preventScrollReset={preventScrollReset}>
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
