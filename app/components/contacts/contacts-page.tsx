import { useLoaderData, useLocation } from "@remix-run/react";
import { Pagination } from "~/components/pagination";
import { ListExportLinks } from "~/components/export-link";
import { Heading } from "~/components/ui";
import type { ContactsPageData } from "~/models/contacts";
import { SearchForm } from "~/components/search-form";
import { ContactsTable } from "./contacts-table";
import { MessageDialog } from "./message-dialog";

export function ContactsPage() {
  const { rows, total, page, pageSize, pageSizes, search, sort, searchError, dialog } = useLoaderData<ContactsPageData>();
  const location = useLocation();
  const withoutDialog = (() => {
    const params = new URLSearchParams(location.search);
    params.delete("dialog");
    params.delete("id");
    return `${location.pathname}${params.size ? `?${params}` : ""}`;
  })();
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Contact Leads
        </Heading>
        <ListExportLinks path="/admin/list-contacts/export" />
      </div>
      <SearchForm
        id="contact-search"
        label="Search contacts"
        placeholder="Name, email, contact number, context, subject or message"
        search={search}
        error={searchError}
        keep={["page_size", "sortField", "sortOrder"]}
      />
      <ContactsTable rows={rows} searched={Boolean(search)} sort={sort ?? undefined} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={pageSizes} />
      {dialog ? <MessageDialog dialog={dialog} closeTo={withoutDialog} /> : null}
    </>
  );
}
