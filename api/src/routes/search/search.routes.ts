/**
 * The header's global search (issue 32 §1): records of several areas matching one text, grouped by
 * area. search.handlers.ts serves it.
 */
import { GlobalSearchQuery, SearchGroup, SEARCH_AREAS, SEARCH_HITS_DEFAULT, SEARCH_MIN_LENGTH } from "~contract/global-search";
import { chosenByUs, common, createRoute, data, error, json, z } from "../../lib/openapi";

export const Group = SearchGroup.openapi("SearchGroup");

export const globalSearchRoute = createRoute({
  method: "get",
  path: "/admin-search",
  summary: "Records of several areas matching one text, grouped by area",
  ...chosenByUs(
    `The admin's header search and command palette. areas names the areas to search (${SEARCH_AREAS.join(", ")}): the admin asks only for those the signed-in admin may open. ` +
      `q is part of a username, name, email or phone (providers, users, admin users, contacts, customer queries by either side), a category's or a post's title, ` +
      `or an order's number (ORD000154, 154), any case; at least ${SEARCH_MIN_LENGTH} characters unless it is an order's number. ` +
      `Each group holds at most limit (default ${SEARCH_HITS_DEFAULT}) matches, an exact username or name first, then the newest; more says whether there were others. Deleted records are never found.`,
  ),
  request: { query: GlobalSearchQuery },
  responses: {
    200: json(data(z.array(Group)), "One group per area asked for, in the order asked"),
    400: error("Too short, too long or no known area"),
    ...common,
  },
});
