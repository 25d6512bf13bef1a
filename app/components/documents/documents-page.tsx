import { ListExportLinks } from "~/components/export-link";
import { useEffect, useMemo } from "react";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { onDemand } from "~/components/on-demand";
import { Pagination } from "~/components/pagination";
import { Heading } from "~/components/ui";
import { DOCUMENTS_DIALOG, type DocumentsPageData } from "~/models/documents";
import { fromJsonText } from "~/models/json-text";
import { DocumentsFilterPanel } from "./documents-filters";
import { DocumentsTable } from "./documents-table";

// fetched when the URL opens it: the list ships without the dialog and its file previews
const DocumentsDialog = onDemand(() => import("./documents-dialog").then((module) => module.DocumentsDialog));

export function DocumentsPage() {
  const { rows: rowsText, total, page, pageSize, pageSizes, filters, filterErrors, sort, dialog } = useLoaderData<DocumentsPageData>();
  const rows = useMemo(() => fromJsonText(rowsText), [rowsText]);
  const location = useLocation();
  const navigation = useNavigation();
  const opening = navigation.location?.search.includes(`dialog=${DOCUMENTS_DIALOG}`);
  // the dialog's code comes while its data is on its way
  useEffect(() => {
    if (opening) void DocumentsDialog.preload();
  }, [opening]);
  const params = new URLSearchParams(location.search);
  params.delete("dialog");
  params.delete("id");
  const closeTo = `${location.pathname}${params.toString() ? `?${params}` : ""}`;
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Service Provider Documents
        </Heading>
        <ListExportLinks path="/admin/documents/export" />
      </div>
      <DocumentsFilterPanel filters={filters} errors={filterErrors} />
      <DocumentsTable rows={rows} sort={sort} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={pageSizes} />
      {dialog ? <DocumentsDialog key={dialog.id} dialog={dialog} closeTo={closeTo} /> : null}
    </>
  );
}
