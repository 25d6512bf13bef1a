/**
 * Saved views (issue 32 §4; contract/saved-views.ts): the calls' definitions (paths, validation,
 * answers, OpenAPI). saved-views.handlers.ts serves them. Every call names the acting admin: the
 * views are theirs and the shared ones; saving, deleting and a new default are audited.
 */
import { DefaultViewBody, SAVED_VIEW_MESSAGES as MESSAGES, SavedView, SavedViewBody, SavedViewsQuery } from "~contract/saved-views";
import { ActingAdmin, body, chosenByUs, common, createRoute, data, error, idParam, json, mutating, z } from "../../lib/openapi";

export const View = SavedView.openapi("SavedView");

export const listViewsRoute = createRoute({
  method: "get",
  path: "/saved-views",
  summary: "A list's saved views the acting admin may open: their own and the shared ones, by name",
  ...chosenByUs("isDefault marks the acting admin's default for the list; mine, the views they saved (only those they may delete)."),
  request: { headers: ActingAdmin, query: SavedViewsQuery },
  responses: {
    200: json(data(z.array(View)), "The views"),
    400: error("Bad list, or x-acting-admin missing"),
    403: error("x-acting-admin names an admin who is not Active"),
    ...common,
  },
});

export const saveViewRoute = createRoute({
  method: "post",
  path: "/saved-views",
  summary: "Save a list's view under a name (the acting admin's view of that name on that list, if any, is replaced)",
  ...chosenByUs(
    "201 with a new view, 200 when the acting admin already had a view of that name (case aside) on the list: its query and sharing are replaced. isDefault also makes it their default. Audited (entity saved_view).",
  ),
  request: { headers: ActingAdmin, body: body(SavedViewBody.openapi("SavedViewBody")) },
  responses: { 200: json(data(View), "The view, replaced"), 201: json(data(View), "The new view"), ...mutating, ...common },
});

export const deleteViewRoute = createRoute({
  method: "delete",
  path: "/saved-views/{id}",
  summary: "Delete a saved view (only the admin who saved it); it stops being anyone's default",
  ...chosenByUs("Audited (entity saved_view, before: the view)."),
  request: { headers: ActingAdmin, params: z.object({ id: idParam("id", "the view's id") }) },
  responses: {
    200: json(data(View), "The deleted view"),
    ...mutating,
    403: error(`${MESSAGES.notYours}; or x-acting-admin names an admin who is not Active`),
    404: error(MESSAGES.notFound),
    ...common,
  },
});

export const defaultViewRoute = createRoute({
  method: "put",
  path: "/saved-views/default",
  summary: "The acting admin's default view of a list (viewId null: none)",
  ...chosenByUs("The view must be the acting admin's own or a shared one, of that list. Audited (entity saved_view)."),
  request: { headers: ActingAdmin, body: body(DefaultViewBody.openapi("DefaultViewBody")) },
  responses: {
    200: json(data(z.object({ list: z.string(), viewId: z.number().int().nullable() })), "The default now"),
    ...mutating,
    404: error(MESSAGES.notFound),
    ...common,
  },
});
