import { ListExportLinks } from "~/components/export-link";
import { useEffect, useMemo } from "react";
import { useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { SelectAllLink } from "~/components/bulk-jobs/select-all-link";
import { onDemand } from "~/components/on-demand";
import { Pagination } from "~/components/pagination";
import { Flex, Heading } from "~/components/ui";
import { DOCUMENTS_DIALOG, type DocumentsPageData, type ReviewFailure } from "~/models/documents";
import { fromJsonText } from "~/models/json-text";
import { DocumentsFilterPanel } from "./documents-filters";
import { DocumentsTable } from "./documents-table";

// fetched when the URL opens it: the list ships without the dialog and its file previews
const DocumentsDialog = onDemand(() => import("./documents-dialog").then((module) => module.DocumentsDialog));
const DocumentsReviewDialog = onDemand(() => import("./documents-review-dialog").then((module) => module.DocumentsReviewDialog));

export function DocumentsPage() {
  const {
    rows: rowsText,
    total,
    page,
    pageSize,
    pageSizes,
    filters,
    filterErrors,
    sort,
    dialog,
    reviewDialog,
  } = useLoaderData<DocumentsPageData>();
  const refused = useActionData<ReviewFailure>();
  const rows = useMemo(() => fromJsonText(rowsText), [rowsText]);
  const location = useLocation();
  const navigation = useNavigation();
  const opening = navigation.location?.search.includes(`dialog=${DOCUMENTS_DIALOG}`);
  const reviewing = /dialog=(approve|reject)/.test(navigation.location?.search ?? "");
  // the dialog's code comes while its data is on its way
  useEffect(() => {
    if (opening) void DocumentsDialog.preload();
    if (reviewing) void DocumentsReviewDialog.preload();
  }, [opening, reviewing]);
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
        <Flex gap="2" wrap="wrap" align="center">
          <ListExportLinks path="/admin/documents/export" />
          {filterErrors.length === 0 ? <SelectAllLink list="documents" total={total} totalKind="exact" /> : null}
        </Flex>
      </div>
      <DocumentsFilterPanel filters={filters} errors={filterErrors} />
      <DocumentsTable rows={rows} sort={sort} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={pageSizes} />
      {dialog ? <DocumentsDialog key={dialog.id} dialog={dialog} closeTo={closeTo} /> : null}
      {reviewDialog ? (
        <DocumentsReviewDialog
          key={`${reviewDialog.kind}-${reviewDialog.id}`}
          dialog={reviewDialog}
          failure={refused}
          closeTo={closeTo}
          action={location.pathname + location.search}
        />
      ) : null}
    </>
  );
}
