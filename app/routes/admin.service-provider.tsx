import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Heading, Text } from "~/components/ui";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { Pagination } from "~/components/Pagination";
import { BoostingDialog, type BoostDialogData } from "~/components/providers/boosting-dialog";
import { providerListAction, type BoostFailure } from "~/components/providers/list-actions.server";
import { ProviderFilterPanel, ProviderSearch } from "~/components/providers/list-filters";
import { listUrlOf, readListDialog, readProviderListQuery, readRecipients, toProviderRow } from "~/components/providers/list-query.server";
import { ProviderTable } from "~/components/providers/list-table";
import { PROVIDER_PAGE_SIZES } from "~/models/service-provider";
import { requireAdmin } from "~/services/auth.server";
import { formatDateTime } from "~/services/dates";
import { throwLoaderError } from "~/services/errors.server";
import { listParentCategories } from "~/services/marketplace/categories.server";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "~/services/marketplace/client.server";
import { getBoostingHistory } from "~/services/marketplace/points.server";
import { getProvider, listProviders } from "~/services/marketplace/service-providers.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "ServiceProvider");
  const url = new URL(request.url);
  const { query, raw, errors, filtered } = readProviderListQuery(url.searchParams);
  const caller = { adminUserId: admin.adminUserId };

  const [list, parents] = await Promise.all([
    listProviders(query, caller).catch(throwLoaderError),
    // the filter's options failing must not take the list down with it
    listParentCategories(caller).catch((error: unknown) => {
      if (error instanceof MarketplaceError) return null;
      throw error;
    }),
  ]);

  const pages = Math.max(1, Math.ceil(list.total / query.page_size));
  if (query.page > pages && list.total > 0) {
    url.searchParams.set("page", String(pages));
    throw redirect(`${url.pathname}?${url.searchParams}`);
  }

  const rows = list.rows.map(toProviderRow);
  const asked = readListDialog(url.searchParams);
  let deleteDialog: { id: number; username: string } | null = null;
  let boostDialog: BoostDialogData | null = null;
  if (asked) {
    const username =
      rows.find((r) => r.id === asked.id)?.username ?? (await getProvider(asked.id, caller).catch(() => null))?.userId.username;
    if (username && asked.kind === "delete") deleteDialog = { id: asked.id, username };
    if (username && asked.kind === "boost") {
      const history = await getBoostingHistory(asked.id, caller).catch((error: unknown) => {
        if (error instanceof MarketplaceError) return error;
        throw error;
      });
      boostDialog =
        history instanceof MarketplaceError
          ? { id: asked.id, username, history: [], total: rows.find((r) => r.id === asked.id)?.boosterPoints ?? 0, historyError: history.kind === "unavailable" ? API_UNAVAILABLE_MESSAGE : history.message }
          : {
              id: asked.id,
              username,
              history: history.booster_points_history.map((h) => ({
                id: h.id,
                service_provider: username,
                points: h.points,
                reason: h.reason,
                created_at: formatDateTime(h.created_at),
              })),
              total: history.total_booster_points,
              historyError: null,
            };
    }
  }

  // checked on render: every row (?select=all, the no-JS "Select all") or the dialog's recipients
  const selected = url.searchParams.get("select") === "all" ? rows.map((r) => r.userId) : readRecipients(url.searchParams);
  const listUrl = listUrlOf(url);

  return data(
    {
      rows,
      total: list.total,
      page: query.page,
      pageSize: query.page_size,
      sort: { field: query.sortField, order: query.sortOrder },
      filters: raw,
      filterErrors: errors,
      filtered,
      categoryOptions: parents?.map((p) => ({ value: String(p.category_id), label: p.categoryName })) ?? null,
      listUrl,
      listParams: [...new URL(listUrl, url).searchParams],
      selected,
      deleteDialog,
      boostDialog,
    },
    { status: errors.length > 0 ? 400 : 200 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "ServiceProvider");
  return providerListAction(request, admin);
}

export default function ServiceProvidersPage() {
  const { rows, total, page, pageSize, sort, filters, filterErrors, filtered, categoryOptions, listUrl, listParams, selected, deleteDialog, boostDialog } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<BoostFailure | { intent: string }>();
  const location = useLocation();

  const dialogHref = (kind: "delete" | "boost", id: number) => {
    const params = new URLSearchParams(listParams);
    params.set("dialog", kind);
    params.set("id", String(id));
    return `/admin/service-provider?${params}`;
  };
  const selectAll = new URLSearchParams(listParams);
  selectAll.set("select", "all");
  const boostFailure = actionData && actionData.intent === "boost" ? (actionData as BoostFailure) : undefined;
  // the dialogs post to the URL that shows them, so a refused save re-renders them
  const dialogUrl = location.pathname + location.search;

  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Service Providers
        </Heading>
      </div>
      <ProviderFilterPanel filters={filters} open={filtered} errors={filterErrors} categoryOptions={categoryOptions} />
      <ProviderSearch search={filters.search} />
      {filters.search ? (
        <Text as="p" size="2" color="gray" mb="2">
          Results for “{filters.search}”
        </Text>
      ) : null}
      <ProviderTable
        rows={rows}
        sort={sort}
        listUrl={listUrl}
        listParams={listParams}
        initiallySelected={selected}
        selectAllHref={`/admin/service-provider?${selectAll}`}
        dialogHref={dialogHref}
      />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={PROVIDER_PAGE_SIZES} />
      <ConfirmDialog
        open={deleteDialog !== null}
        title="Delete this Service Provider?"
        cancelTo={listUrl}
        intent="delete"
        fields={{ id: deleteDialog?.id ?? "" }}
        confirmLabel="Confirm Delete"
        action={listUrl}
      >
        <Text as="p" size="2" style={{ margin: 0 }}>
          This will disable the user to log in and they will have to register again
        </Text>
        {deleteDialog ? (
          <Text as="p" size="2" color="gray" style={{ margin: "var(--space-2) 0 0" }}>
            Service provider: <strong>{deleteDialog.username}</strong>
          </Text>
        ) : null}
      </ConfirmDialog>
      {boostDialog ? (
        <BoostingDialog key={boostDialog.id} dialog={boostDialog} action={dialogUrl} cancelTo={listUrl} failure={boostFailure} />
      ) : null}
      <Outlet />
    </>
  );
}

