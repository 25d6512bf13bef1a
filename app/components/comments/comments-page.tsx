import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ListExportLinks } from "~/components/export-link";
import { FilterPanel, FilterSelect } from "~/components/filter-panel";
import { Pagination } from "~/components/pagination";
import { SearchForm } from "~/components/search-form";
import { Flex, Heading, Text } from "~/components/ui";
import { SelectAllLink } from "~/components/bulk-jobs/select-all-link";
import { COMMENT_STATUS_FILTERS } from "~contract/comment-labels";
import { COMMENT_STATUS_LABELS } from "~/models/comment-labels";
import { PAGE_SIZES } from "~contract/list-query";
import type { CommentActionFailure, CommentsPageData } from "~/models/comments";
import { onDemand } from "~/components/on-demand";
import { CommentsTable } from "./comments-table";

// the dialogs come when the URL opens one or a notice is shown (the server renders them with the page; issue 31 §4)
const CommentDialogs = onDemand(() => import("./comment-dialogs").then((module) => module.CommentDialogs));

const STATUS_OPTIONS = COMMENT_STATUS_FILTERS.map((value) => ({ value, label: COMMENT_STATUS_LABELS[value] }));
const DIALOG_KEYS = ["comment", "dialog", "id", "ids", "select", "index"];

export function CommentsPage() {
  const { rows, total, page, pageSize, search, status, sort, filterErrors, loadError, dialog, notice, selected } =
    useLoaderData<CommentsPageData>();
  const refused = useActionData<CommentActionFailure>();
  const location = useLocation();
  const listParams = new URLSearchParams(location.search);
  for (const key of DIALOG_KEYS) listParams.delete(key);
  const closeTo = location.pathname + (listParams.size ? `?${listParams}` : "");
  const deleteHref = (id: number) => {
    const next = new URLSearchParams(listParams);
    next.set("dialog", "delete");
    next.set("id", String(id));
    return `${location.pathname}?${next}`;
  };

  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Comment Moderation
        </Heading>
        <Flex gap="2" wrap="wrap" align="center">
          <ListExportLinks path="/admin/comments/export" />
          <SelectAllLink list="comments" total={total} totalKind="exact" />
        </Flex>
      </div>
      <SearchForm
        id="comment-search"
        label="Search comments"
        placeholder="Author, email or comment"
        search={search}
        keep={["page_size", "status", "sortField", "sortOrder"]}
      />
      <FilterPanel open={Boolean(status)} keep={["page_size", "search", "sortField", "sortOrder"]} errors={filterErrors}>
        <FilterSelect name="status" label="Status" value={status} options={STATUS_OPTIONS} />
      </FilterPanel>
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
      <CommentsTable rows={rows} sort={sort} selected={selected} searched={Boolean(search || status)} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={PAGE_SIZES} />
      {dialog || refused?.notice || notice ? (
        <CommentDialogs
          dialog={dialog}
          notice={refused?.notice ?? notice}
          closeTo={closeTo}
          action={location.pathname + location.search}
          deleteHref={deleteHref}
        />
      ) : null}
    </>
  );
}
