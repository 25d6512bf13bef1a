import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button, Flex, Heading, Text } from "~/components/ui";
import type { SearchPageData } from "~/models/global-search";

/**
 * /admin/search?q=: the header's search without JavaScript (and where the palette's "All results"
 * leads). Pages by name first, then each area's records, each a link to its page.
 */
export function SearchPage() {
  const { q, pages, groups, notice } = useLoaderData<SearchPageData>();
  const found = pages.length + groups.reduce((n, g) => n + g.hits.length, 0);
  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="6">
        Search
      </Heading>
      <Form method="get" action="/admin/search" role="search" aria-label="Search records and pages" key={q}>
        <Flex gap="2" align="center" wrap="wrap">
          <label htmlFor="search-page-q" className="visually-hidden">
            Search
          </label>
          <input
            id="search-page-q"
            type="search"
            name="q"
            className="native-input"
            defaultValue={q}
            maxLength={100}
            placeholder="Provider, user, phone, email, ORD000154, category, post, page…"
            style={{ width: "28rem", maxWidth: "100%" }}
          />
          <Button type="submit">Search</Button>
        </Flex>
      </Form>

      {notice ? (
        <div role={notice.tone === "error" ? "alert" : "status"} className={notice.tone === "error" ? "form-error" : undefined}>
          <Text size="2">{notice.message}</Text>
        </div>
      ) : null}

      {q && !notice ? (
        <Text size="2" color="gray" role="status">
          {found === 0 ? `Nothing matches "${q}".` : `Results for "${q}"`}
        </Text>
      ) : null}

      {pages.length > 0 ? (
        <section aria-labelledby="search-pages" className="panel search-group">
          <Heading as="h2" size="3" id="search-pages">
            Pages
          </Heading>
          <ul className="search-hits">
            {pages.map((page) => (
              <li key={page.to}>
                <Link to={page.to}>{page.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {groups
        .filter((group) => group.hits.length > 0)
        .map((group) => (
          <section key={group.area} aria-labelledby={`search-${group.area}`} className="panel search-group">
            <Heading as="h2" size="3" id={`search-${group.area}`}>
              {group.label}
            </Heading>
            <ul className="search-hits">
              {group.hits.map((hit) => (
                <li key={hit.id}>
                  <Link to={hit.href}>{hit.title}</Link>
                  {hit.detail ? (
                    <Text size="1" color="gray">
                      {" "}
                      {hit.detail}
                    </Text>
                  ) : null}
                </li>
              ))}
            </ul>
            {group.more ? (
              group.listHref ? (
                <Link to={group.listHref}>{`More in ${group.label}`}</Link>
              ) : (
                <Text size="1" color="gray">
                  More match: type more to narrow them down.
                </Text>
              )
            ) : null}
          </section>
        ))}
    </Flex>
  );
}
