import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ListExportLinks } from "~/components/export-link";
import { Pagination } from "~/components/pagination";
import { Flex, Heading, Text } from "~/components/ui";
import { PAGE_SIZES } from "~contract/list-query";
import type { UserActionFailure, UsersPageData } from "~/models/users";
import { UserDialogs } from "./user-dialogs";
import { UserFilterPanel } from "./user-filters";
import { SearchForm } from "~/components/search-form";
import { UsersTable } from "./users-table";
import { SelectAllLink } from "~/components/bulk-jobs/select-all-link";

export function UsersPage() {
  const {
    rows,
    total,
    totalKind,
    page,
    pageSize,
    cursors,
    search,
    sort,
    canOpenProviders,
    filters,
    filterErrors,
    filtered,
    dialog,
    notice,
  } = useLoaderData<UsersPageData>();
  const refused = useActionData<UserActionFailure>();
  const location = useLocation();
  const cancelParams = new URLSearchParams(location.search);
  cancelParams.delete("dialog");
  cancelParams.delete("user");
  const cancelTo = location.pathname + (cancelParams.size ? `?${cancelParams}` : "");

  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Users
        </Heading>
        <Flex gap="2" wrap="wrap" align="center">
          <ListExportLinks path="/admin/user/export" />
          <SelectAllLink list="user" total={total} totalKind={totalKind} />
        </Flex>
      </div>
      <SearchForm
        id="user-search"
        label="Search by username, email or phone"
        placeholder="Search by username, email or phone"
        search={search}
        keep={["page_size", "status", "start_date", "end_date", "sortField", "sortOrder"]}
        blankDoesNothing
      />
      <UserFilterPanel filters={filters} open={filtered} errors={filterErrors} />
      {search ? (
        <Text as="p" size="2" color="gray" mb="2">
          Results for “{search}”
        </Text>
      ) : null}
      <UsersTable rows={rows} sort={sort ?? undefined} canOpenProviders={canOpenProviders} />
      <Pagination total={total} totalKind={totalKind} page={page} pageSize={pageSize} pageSizes={PAGE_SIZES} cursors={cursors} />
      {/* the dialogs post to the URL that shows them, so a refusal is shown in their place */}
      <UserDialogs dialog={dialog} notice={refused?.notice ?? notice} cancelTo={cancelTo} action={location.pathname + location.search} />
    </>
  );
}
