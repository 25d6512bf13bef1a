import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDialog, NoticeDialog } from "~/components/dialogs-on-demand";
import { FilterPanel } from "~/components/filter-panel";
import { Pagination } from "~/components/pagination";
import { Flex, Heading, Text } from "~/components/ui";
import { CUSTOMER_QUERY_LABELS } from "~/models/customer-query-labels";
import { PAGE_SIZES } from "~contract/list-query";
import type { CustomerQueriesPageData, QueryActionFailure } from "~/models/customer-queries";
import { ListExportLinks } from "~/components/export-link";
import { QueriesTable } from "./queries-table";
import { onDemand } from "~/components/on-demand";

// the two dialogs come when the URL opens one (the server renders them with the page; issue 31 §4)
const QueryDetailsDialog = onDemand(() => import("./query-details-dialog").then((module) => module.QueryDetailsDialog));
const ServiceDetailsDialog = onDemand(() => import("./service-details-dialog").then((module) => module.ServiceDetailsDialog));

const ALL_DIALOG_KEYS = ["query", "before", "after", "service", "dialog", "id", "user"];
const INNER_KEYS = ["service", "dialog", "id", "user"];

function without(pathname: string, search: string, keys: string[]) {
  const params = new URLSearchParams(search);
  for (const key of keys) params.delete(key);
  return pathname + (params.size ? `?${params}` : "");
}

/** Search and dates (the last message's day), always open: a GET form keeping the page size. */
function QueryFilters({ filters, errors }: { filters: CustomerQueriesPageData["filters"]; errors: string[] }) {
  return (
    <FilterPanel open keep={["page_size", "sortField", "sortOrder"]} errors={errors} summary="Search and filter">
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="queries-search">
          Search
        </Text>
        <input
          id="queries-search"
          type="search"
          name="search"
          className="native-input"
          defaultValue={filters.search}
          placeholder="User or provider: name, username or phone"
          maxLength={100}
        />
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="queries-start-date">
          Start Date
        </Text>
        <input id="queries-start-date" type="date" name="start_date" className="native-input" defaultValue={filters.start_date} />
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="queries-end-date">
          End Date
        </Text>
        <input id="queries-end-date" type="date" name="end_date" className="native-input" defaultValue={filters.end_date} />
      </Flex>
    </FilterPanel>
  );
}

export function CustomerQueriesPage() {
  const { rows, total, page, pageSize, filters, sort, filterErrors, loadError, details, service, confirm, notice } =
    useLoaderData<CustomerQueriesPageData>();
  const refused = useActionData<QueryActionFailure>();
  const location = useLocation();
  const listUrl = without(location.pathname, location.search, ALL_DIALOG_KEYS);
  const detailsUrl = without(location.pathname, location.search, INNER_KEYS);
  const shownNotice = refused?.notice ?? notice;
  const here = location.pathname + location.search;

  let dialog: React.ReactNode = null;
  if (shownNotice) {
    dialog = (
      <NoticeDialog
        title={shownNotice.title}
        message={shownNotice.message}
        closeTo={details ? detailsUrl : listUrl}
        tone={shownNotice.tone}
      />
    );
  } else if (details && confirm) {
    const message = confirm.kind === "delete-message" ? CUSTOMER_QUERY_LABELS.confirmMessage : CUSTOMER_QUERY_LABELS.confirmAttempt;
    dialog = (
      <ConfirmDialog
        open
        title={CUSTOMER_QUERY_LABELS.confirmTitle}
        cancelTo={detailsUrl}
        intent={confirm.kind}
        fields={confirm.kind === "delete-message" ? { id: confirm.id } : { id: confirm.id, user_id: confirm.userId }}
        confirmLabel="Yes, delete it"
        action={here}
      >
        {message}
      </ConfirmDialog>
    );
  } else if (details && service) {
    dialog = <ServiceDetailsDialog service={service} closeTo={detailsUrl} />;
  } else if (details) {
    dialog = <QueryDetailsDialog details={details} closeTo={listUrl} />;
  }

  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          {CUSTOMER_QUERY_LABELS.title}
        </Heading>
        <ListExportLinks path="/admin/query-msg/export" />
      </div>
      <QueryFilters filters={filters} errors={filterErrors} />
      {loadError ? (
        <div role="alert" className="form-error" style={{ marginBottom: "var(--space-4)" }}>
          <Text as="p" size="2" weight="bold" style={{ margin: 0 }}>
            {loadError.title}
          </Text>
          <Text as="p" size="2" style={{ margin: 0 }}>
            {loadError.message}
          </Text>
        </div>
      ) : null}
      <QueriesTable rows={rows} sort={sort ?? undefined} searched={Boolean(filters.search || filters.start_date || filters.end_date)} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={PAGE_SIZES} />
      {dialog}
    </>
  );
}
