/**
 * Saved views on every list page (issue 32 §4). The admin shell's loader reads the page's views
 * (`loadListViews`), so no list loader has to; it also opens a view by its link (`?view=<id>`,
 * redirected to the view's query as saved now) and the admin's default view when a list is opened
 * with nothing in its URL. The views' forms post to /admin/views (`viewsAction`): save, delete,
 * make default; each answer goes back to the list with a toast (the forms sit on every list page,
 * so a refusal is told there in words, never as another page).
 */
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { hasAccess } from "~contract/access";
import type { AdminUser } from "~contract/admin-users";
import type { ExportListKey } from "~contract/list-export";
import { SAVED_VIEW_MESSAGES as MESSAGES, VIEW_NAME_MAX } from "~contract/saved-view-labels";
import { VIEW_LISTS } from "~contract/saved-views";
import { sidebarEntryFor } from "~/models/access";
import { checkbox } from "~/models/form-fields";
import { LIST_PAGES, listOfPath, NO_VIEW, VIEW_INTENTS, VIEW_PARAM, viewQuery, type ListViewsData } from "~/models/list-views";
import { handleForm, intent } from "~/services/form-action.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";

/** Whether the admin may open the list's page (its sidebar entry's access name). */
function mayOpen(admin: AdminUser, list: ExportListKey): boolean {
  const entry = sidebarEntryFor(LIST_PAGES[list]);
  return entry !== undefined && hasAccess(admin.adminAccessRoleSettings, entry.access);
}

const listUrl = (list: ExportListKey, query: string) => `${LIST_PAGES[list]}${query ? `?${query}` : ""}`;

/** The page's saved views, when the page is a list the admin may open; throws the redirect a view link or a default asks for. */
export async function loadListViews(request: Request, admin: AdminUser, api: Marketplace): Promise<ListViewsData | null> {
  const url = new URL(request.url);
  const list = listOfPath(url.pathname);
  if (!list || !mayOpen(admin, list) || request.method !== "GET") return null;
  let views;
  try {
    views = await api.raw.listSavedViews(list);
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return { list, path: LIST_PAGES[list], views: null };
  }
  const asked = url.searchParams.get(VIEW_PARAM);
  if (asked && asked !== NO_VIEW) {
    const view = views.find((v) => String(v.id) === asked);
    if (!view)
      throw await redirectWithToast(request, listUrl(list, `${VIEW_PARAM}=${NO_VIEW}`), { type: "error", message: MESSAGES.notFound });
    throw redirect(listUrl(list, view.query));
  }
  const openedPlain = [...url.searchParams.keys()].filter((key) => key !== "_data").length === 0;
  const preferred = views.find((v) => v.isDefault);
  if (openedPlain && preferred && preferred.query !== "") throw redirect(listUrl(list, preferred.query));
  return {
    list,
    path: LIST_PAGES[list],
    views: views.map(({ id, name, query, shared, mine, owner, isDefault }) => ({ id, name, query, shared, mine, owner, isDefault })),
  };
}

const listField = z.enum(VIEW_LISTS);
/** the list's query to go back to (what the page showed) */
const back = z.string().max(4_000).default("").transform(viewQuery);
const viewId = z.coerce.number().int().positive().max(2_147_483_647);

const SaveViewForm = z.object({
  list: listField,
  name: z.string().trim().min(1, MESSAGES.nameRequired).max(VIEW_NAME_MAX, MESSAGES.nameTooLong),
  query: back,
  shared: checkbox(),
  isDefault: checkbox(),
});
const DeleteViewForm = z.object({ list: listField, viewId, back });
const DefaultViewForm = z.object({ list: listField, viewId: z.union([z.literal("").transform(() => null), viewId]), back });

/** The list a posted form names, if the admin may open it (else 403: the form is not one of their pages'). */
function listOf(form: FormData, admin: AdminUser): ExportListKey {
  const parsed = listField.safeParse(form.get("list"));
  if (!parsed.success) throw new Response("Unknown list", { status: 400 });
  if (!mayOpen(admin, parsed.data)) throw new Response("Forbidden", { status: 403 });
  return parsed.data;
}

/** POST /admin/views: save, delete or make default; back to the list with a toast either way. */
export async function viewsAction(request: Request, admin: AdminUser, api: Marketplace) {
  const form = await request.formData();
  const list = listOf(form, admin);
  const backTo = listUrl(list, viewQuery(String(form.get("back") ?? form.get("query") ?? "")));
  const told = (message: string) => redirectWithToast(request, backTo, { type: "error", message });
  const options = {
    invalid: (errors: Record<string, string>) => told(Object.values(errors)[0] ?? MESSAGES.cannotLoad),
    refused: (error: MarketplaceError) => told(Object.values(error.fieldErrors ?? {})[0] ?? error.message),
  };
  return handleForm(
    request,
    api,
    {
      [VIEW_INTENTS.save]: intent(
        SaveViewForm,
        async (view) => {
          const saved = await api.saveView(view);
          return redirectWithToast(request, listUrl(list, saved.query), { type: "success", message: MESSAGES.saved(saved.name) });
        },
        options,
      ),
      [VIEW_INTENTS.remove]: intent(
        DeleteViewForm,
        async ({ viewId, back }) => {
          const deleted = await api.deleteView(viewId);
          return redirectWithToast(request, listUrl(list, back), { type: "success", message: MESSAGES.deleted(deleted.name) });
        },
        options,
      ),
      [VIEW_INTENTS.makeDefault]: intent(
        DefaultViewForm,
        async ({ viewId, back }) => {
          await api.setDefaultView({ list, viewId });
          const views = viewId === null ? [] : await api.raw.listSavedViews(list).catch(() => []);
          const name = views.find((v) => v.id === viewId)?.name;
          const message = viewId === null ? MESSAGES.noDefault : MESSAGES.madeDefault(name ?? "The view");
          return redirectWithToast(request, listUrl(list, back || `${VIEW_PARAM}=${NO_VIEW}`), { type: "success", message });
        },
        options,
      ),
    },
    { form },
  );
}
