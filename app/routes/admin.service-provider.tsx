import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useEffect, useMemo } from "react";
import { Link, Outlet, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Flex, Heading, Text } from "~/components/ui";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Pagination } from "~/components/pagination";
import { ListExportLinks } from "~/components/export-link";
import { onDemand } from "~/components/on-demand";
import type { BoostValues } from "~/models/booster-points";
import type { FormFailure } from "~/models/form-result";
import { fromJsonText } from "~/models/json-text";
import { providerListAction } from "~/services/service-providers/list-actions.server";
import { ProviderFilterPanel, ProviderSearch } from "~/components/service-providers/list-filters";
import { providerListLoader } from "~/services/service-providers/list-loader.server";
import { ProviderTable } from "~/components/service-providers/list-table";
import { requireAdmin } from "~/services/auth.server";
import { SelectAllLink } from "~/components/bulk-jobs/select-all-link";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

// fetched when the URL opens it: the list ships without the dialog, its form and its history table
const BoostingDialog = onDemand(() => import("~/components/service-providers/boosting-dialog").then((module) => module.BoostingDialog));

const LIST_END = "provider-list-end";
/**
 * The first paint waits for the whole table (HTML's render-blocking "expect" link): painting it
 * while its rows stream in re-lays out the auto-width table (18 columns, 50 rows) at every chunk,
 * and its columns jump as wider rows arrive. Only the document load waits; client navigations don't.
 */
export const links: LinksFunction = () => {
  const expectListEnd = { rel: "expect", href: `#${LIST_END}`, blocking: "render" };
  return [expectListEnd];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "ServiceProvider");
  return providerListLoader(request, api);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "ServiceProvider");
  return providerListAction(request, api);
}

export default function ServiceProvidersPage() {
  const {
    rows: rowsText,
    total,
    totalKind,
    page,
    cursors,
    pageSize,
    pageSizes,
    sort,
    filters,
    choices,
    ratingRule,
    filterErrors,
    filtered,
    categoryOptions,
    listUrl,
    listParams,
    selected,
    deleteDialog,
    boostDialog,
  } = useLoaderData<typeof loader>();
  const rows = useMemo(() => fromJsonText(rowsText), [rowsText]);
  const actionData = useActionData<FormFailure<BoostValues> | { intent: string }>();
  const location = useLocation();
  const navigation = useNavigation();
  const opening = navigation.location?.search.includes("dialog=boost");
  // the dialog's code comes while its data is on its way
  useEffect(() => {
    if (opening) void BoostingDialog.preload();
  }, [opening]);

  const boostFailure = actionData && actionData.intent === "boost" ? (actionData as FormFailure<BoostValues>) : undefined;
  // the dialogs post to the URL that shows them, so a refused save re-renders them
  const dialogUrl = location.pathname + location.search;

  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Service Providers
        </Heading>
        {/* Sent Messages: a plain styled link */}
        <Flex gap="2" wrap="wrap" align="center">
          <ListExportLinks path="/admin/service-provider/export" />
          <SelectAllLink list="service-provider" total={total} totalKind={totalKind} />
          <Link className="button-link" to="/admin/service-provider/messages">
            Sent Messages
          </Link>
        </Flex>
      </div>
      <ProviderFilterPanel filters={filters} choices={choices} open={filtered} errors={filterErrors} categoryOptions={categoryOptions} />
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
        ratingRule={ratingRule}
      />
      <Pagination total={total} totalKind={totalKind} page={page} pageSize={pageSize} pageSizes={pageSizes} cursors={cursors} />
      <div id={LIST_END} hidden />
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
