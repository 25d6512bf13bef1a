import { hasAccess } from "~contract/access";
import type { AdminUser } from "~contract/admin-users";
import { SEARCH_MAX_LENGTH, SEARCH_MESSAGES, searchableRecords, type SearchArea } from "~contract/global-search";
import { SIDEBAR } from "~/models/access";
import {
  ALWAYS_OPEN_PAGES,
  pagesMatching,
  SEARCH_AREA_VIEWS,
  SEARCH_PAGE_HITS,
  type PageMatch,
  type SearchPageData,
  type SearchResultGroup,
} from "~/models/global-search";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";

/** The areas this admin may open, in the results page's order. */
export function searchAreasFor(admin: Pick<AdminUser, "adminAccessRoleSettings">): SearchArea[] {
  const order = Object.keys(SEARCH_AREA_VIEWS) as SearchArea[];
  return order.filter((area) => hasAccess(admin.adminAccessRoleSettings, SEARCH_AREA_VIEWS[area].access));
}

/** The pages this admin may open, by name: the sidebar's they have access to, and Profile. */
export function pagesFor(admin: Pick<AdminUser, "adminAccessRoleSettings">): PageMatch[] {
  const sidebar = SIDEBAR.filter((entry) => hasAccess(admin.adminAccessRoleSettings, entry.access)).map(({ name, to }) => ({ name, to }));
  return [...sidebar, ...ALWAYS_OPEN_PAGES];
}

/**
 * /admin/search?q=: the pages whose name matches, then the records of every area this admin may
 * open, grouped by area. A text too short for records still finds pages; a failed search says so.
 */
export async function globalSearchLoader(request: Request, admin: AdminUser, api: Marketplace): Promise<SearchPageData> {
  const typed = (new URL(request.url).searchParams.get("q") ?? "").trim();
  if (!typed) return { q: "", pages: [], groups: [], notice: null };
  if (typed.length > SEARCH_MAX_LENGTH) {
    return {
      q: typed.slice(0, SEARCH_MAX_LENGTH),
      pages: [],
      groups: [],
      notice: { tone: "error", message: `Search is at most ${SEARCH_MAX_LENGTH} characters.` },
    };
  }
  const pages = pagesMatching(typed, pagesFor(admin));
  if (!searchableRecords(typed)) return { q: typed, pages, groups: [], notice: { tone: "info", message: SEARCH_MESSAGES.tooShort } };
  const areas = searchAreasFor(admin);
  if (areas.length === 0) return { q: typed, pages, groups: [], notice: null };
  try {
    const found = await api.raw.globalSearch({ q: typed, areas, limit: SEARCH_PAGE_HITS });
    const groups: SearchResultGroup[] = found.map((group) => {
      const view = SEARCH_AREA_VIEWS[group.area];
      return {
        area: group.area,
        label: view.label,
        hits: group.hits.map((hit) => ({ ...hit, href: view.href(hit) })),
        more: group.more,
        listHref: view.listHref ? view.listHref(typed) : null,
      };
    });
    return { q: typed, pages, groups, notice: null };
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return { q: typed, pages, groups: [], notice: { tone: "error", message: `Records could not be searched: ${error.message}` } };
  }
}
