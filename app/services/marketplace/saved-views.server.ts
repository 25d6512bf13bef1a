import { z } from "zod";
import { SavedView, type DefaultViewBody, type SavedViewBody } from "~contract/saved-views";
import type { ExportListKey } from "~contract/list-export";
import { apiRequest, type Caller } from "./client.server";

/** GET /saved-views: the list's views the admin may open (their own and the shared ones), by name. */
export async function listSavedViews(caller: Caller, list: ExportListKey): Promise<SavedView[]> {
  return (await apiRequest("/saved-views", { query: { list }, caller, answer: z.object({ data: z.array(SavedView) }) })).data;
}

/** POST /saved-views: a new view, or the admin's view of that name on that list replaced. */
export async function saveView(caller: Caller, view: SavedViewBody): Promise<SavedView> {
  return (await apiRequest("/saved-views", { method: "POST", body: view, caller, answer: z.object({ data: SavedView }) })).data;
}

/** DELETE /saved-views/{id}: only the admin who saved it. */
export async function deleteView(caller: Caller, id: number): Promise<SavedView> {
  return (await apiRequest(`/saved-views/${id}`, { method: "DELETE", caller, answer: z.object({ data: SavedView }) })).data;
}

/** PUT /saved-views/default: the admin's default view of a list (null: none). */
export async function setDefaultView(caller: Caller, body: DefaultViewBody): Promise<void> {
  await apiRequest("/saved-views/default", { method: "PUT", body, caller });
}
