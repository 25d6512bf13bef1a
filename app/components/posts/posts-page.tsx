import { Link, useLoaderData } from "@remix-run/react";
import { FilterPanel, FilterSelect } from "~/components/filter-panel";
import { Pagination } from "~/components/pagination";
import { SearchForm } from "~/components/search-form";
import { ListExportLinks } from "~/components/export-link";
import { Button, Flex, Heading } from "~/components/ui";
import { POST_STATUSES } from "~contract/post-labels";
import { POST_STATUS_LABELS, type PostsPageData } from "~/models/post-labels";
import { PostsTable } from "./posts-table";

const STATUS_OPTIONS = POST_STATUSES.map((value) => ({ value, label: POST_STATUS_LABELS[value] }));

/** /admin/posts (spec 3 §2.3): the posts, searched, filtered by status, sorted and paged in the URL. */
export function PostsPage() {
  const { rows, total, page, pageSize, pageSizes, search, searchError, status, sort } = useLoaderData<PostsPageData>();
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Posts
        </Heading>
        <Flex gap="2" wrap="wrap">
          <ListExportLinks path="/admin/posts/export" />
          <Button asChild size="3">
            <Link to="/admin/posts/post">Add</Link>
          </Button>
        </Flex>
      </div>
      <SearchForm
        id="post-search"
        label="Search posts"
        placeholder="Title, author or tag"
        search={search}
        error={searchError}
        keep={["page_size", "status", "sortField", "sortOrder"]}
      />
      <FilterPanel open={Boolean(status)} keep={["page_size", "search", "sortField", "sortOrder"]}>
        <FilterSelect name="status" label="Status" value={status} options={STATUS_OPTIONS} />
      </FilterPanel>
      <PostsTable rows={rows} sort={sort} filtered={Boolean(search || status)} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={pageSizes} />
    </>
  );
}
