/**
 * The header's global search (issue 32 §1): what each area is called on the results page, which
 * access name opens it, where a match leads, and the page's view model. The API finds the records
 * (GET /admin-search, contract/global-search.ts); the admin asks only for the areas this admin may
 * open, so a result never leads to a page that would answer 403.
 */
import type { RouteAccess } from "~contract/access";
import type { SearchArea, SearchHit } from "~contract/global-search";

export type SearchAreaView = {
  label: string;
  access: RouteAccess;
  /** the page a match opens */
  href: (hit: SearchHit) => string;
  /** the area's own list searched for the same text, where it has a search that finds the same records */
  listHref: ((q: string) => string) | null;
};

const withSearch = (path: string, q: string) => `${path}?${new URLSearchParams({ search: q })}`;

/** In the order the results page shows them. */
export const SEARCH_AREA_VIEWS: Record<SearchArea, SearchAreaView> = {
  orders: {
    label: "Bookings",
    access: "Bookings",
    href: (hit) => `/admin/bookings/${hit.id}`,
    listHref: null,
  },
  providers: {
    label: "Service providers",
    access: "ServiceProvider",
    href: (hit) => `/admin/provider-details/${hit.id}`,
    listHref: (q) => withSearch("/admin/service-provider", q),
  },
  users: {
    label: "Users",
    access: "User",
    href: (hit) => `/admin/user/${hit.id}`,
    // the Users list searches username, email and phone: the same records
    listHref: (q) => withSearch("/admin/user", q),
  },
  categories: {
    label: "Categories",
    access: "Category",
    href: (hit) => (hit.parentId == null ? `/admin/edit-categories/${hit.id}` : `/admin/edit-subcategories/${hit.id}`),
    listHref: null,
  },
  posts: {
    label: "Posts",
    access: "S3BucketManager",
    href: (hit) => `/admin/posts/post?${new URLSearchParams({ post: String(hit.id) })}`,
    listHref: (q) => withSearch("/admin/posts", q),
  },
  "admin-users": {
    label: "Admin Users",
    access: "AdminUsers",
    href: (hit) => withSearch("/admin/list-admin-users", hit.key),
    listHref: (q) => withSearch("/admin/list-admin-users", q),
  },
  contacts: {
    label: "Contact Leads",
    access: "Contacts",
    href: (hit) => `/admin/list-contacts?${new URLSearchParams({ dialog: "message", id: String(hit.id) })}`,
    listHref: (q) => withSearch("/admin/list-contacts", q),
  },
  "customer-queries": {
    label: "Query Message",
    access: "QueryMessage",
    href: (hit) => `/admin/query-msg?${new URLSearchParams({ query: String(hit.id) })}`,
    listHref: (q) => withSearch("/admin/query-msg", q),
  },
};

/** A page of the admin whose name matches what was typed ("settings", "payments"). */
export type PageMatch = { name: string; to: string };

/** One area's matches as the page shows them: each with the link it opens. */
export type SearchResultGroup = {
  area: SearchArea;
  label: string;
  hits: (SearchHit & { href: string })[];
  more: boolean;
  /** the area's own list, searched for the same text (null: none) */
  listHref: string | null;
};

export type SearchPageData = {
  q: string;
  pages: PageMatch[];
  groups: SearchResultGroup[];
  /** why records were not searched (too short), or what went wrong asking the API */
  notice: { tone: "info" | "error"; message: string } | null;
};

/** The pages among `entries` whose name holds every word typed, in any case ("pay" → Payments, Order Payment Status). */
export function pagesMatching(q: string, entries: readonly PageMatch[]): PageMatch[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return entries.filter((entry) => {
    const name = entry.name.toLowerCase();
    return words.every((word) => name.includes(word));
  });
}

/** Pages every admin may open besides the sidebar's (found by name too). */
export const ALWAYS_OPEN_PAGES: readonly PageMatch[] = [{ name: "Profile", to: "/admin/profile" }];

/** Matches per area on the results page (the palette shows SEARCH_HITS_DEFAULT). */
export const SEARCH_PAGE_HITS = 10;
