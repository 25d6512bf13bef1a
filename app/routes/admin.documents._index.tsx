import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { FilterPanel } from "~/components/filter-panel";
import { Pagination } from "~/components/pagination";
import { Badge, Flex, Heading, Text } from "~/components/ui";
import { FileList, fileHrefUnder } from "~/components/files/file-preview";
import type { DocumentReviewRow } from "~/models/service-providers";
import { requireAdmin } from "~/services/auth.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { throwLoaderError } from "~/services/errors.server";
import { PAGE_SIZES as DOCUMENT_PAGE_SIZES } from "~/models/list-query";
import { readDocumentsQuery } from "~/services/documents/list-query.server";
import { listProviderDocuments } from "~/services/marketplace/documents.server";
import { callerOf } from "~/services/marketplace/client.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Documents" }];

type Row = {
  id: number;
  username: string;
  phone: string;
  category: string;
  updated: string;
  pan: { number: string; name: string; verifiedAt: string } | null;
  face: { verified: boolean; score: number | null; at: string } | null;
  documents: string[];
  agreements: { version: string; acceptedAt: string; ip: string }[];
};

function toRow(r: DocumentReviewRow): Row {
  const pan = r.pan_verification_details;
  return {
    id: r.serviceProvider_id,
    username: r.userId.username,
    phone: r.userId.phone,
    category: r.category?.categoryName ?? "—",
    updated: formatDate(r.updated_at),
    pan: pan?.verified_pan
      ? { number: pan.verified_pan.pan_number, name: pan.verified_pan.name_on_pan, verifiedAt: formatDateTime(pan.verified_pan.verified_at) }
      : null,
    face: pan ? { verified: pan.face_match_verified, score: pan.face_match_score, at: formatDateTime(pan.face_match_verified_at) } : null,
    documents: r.documents,
    agreements: r.userId.agreements.map((a) => ({ version: a.version, acceptedAt: formatDateTime(a.accepted_at), ip: a.accepted_ip })),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "Documents");
  const url = new URL(request.url);
  const { query, raw, errors, sort } = readDocumentsQuery(url.searchParams);
  const list = await listProviderDocuments(query, callerOf(admin, request)).catch(throwLoaderError);
  return data(
    {
      rows: list.rows.map(toRow),
      total: list.total,
      page: query.page,
      pageSize: query.page_size,
      pageSizes: DOCUMENT_PAGE_SIZES,
      filters: raw,
      filterErrors: errors,
      sort,
    },
    { status: errors.length > 0 ? 400 : 200 },
  );
}

const columns: Column<Row>[] = [
  { key: "username", header: "Username", sortField: "username", cell: (row) => <Text weight="medium">{row.username}</Text> },
  { key: "phone", header: "Phone", cell: (row) => <Text style={{ whiteSpace: "nowrap" }}>{row.phone}</Text> },
  { key: "category", header: "Category", sortField: "category", cell: (row) => row.category },
  { key: "updated", header: "Updated Date", sortField: "updated_at", cell: (row) => <Text style={{ whiteSpace: "nowrap" }}>{row.updated}</Text> },
  {
    key: "pan",
    header: "PAN Verification",
    cell: (row) => (
      <Flex direction="column" gap="1" style={{ minWidth: "13rem" }}>
        {row.pan ? (
          <Text size="2">
            <Badge color="green">PAN verified</Badge> {row.pan.number} · {row.pan.name}
            <Text as="div" size="1" color="gray">
              {row.pan.verifiedAt}
            </Text>
          </Text>
        ) : (
          <Badge color="gray">PAN not verified</Badge>
        )}
        {row.face?.verified ? (
          <Text size="2">
            <Badge color="green">Face match verified</Badge>
            {row.face.score !== null ? ` ${row.face.score}%` : ""}
            <Text as="div" size="1" color="gray">
              {row.face.at}
            </Text>
          </Text>
        ) : (
          <Badge color="gray">Face match not verified{row.face?.score != null ? ` (${row.face.score}%)` : ""}</Badge>
        )}
      </Flex>
    ),
  },
  {
    key: "documents",
    header: "Documents",
    width: "26rem",
    cell: (row) => (
      <div style={{ minWidth: "22rem" }}>
        <FileList compact names={row.documents} href={fileHrefUnder(`/admin/documents/${row.id}/files`)} />
      </div>
    ),
  },
  {
    key: "agreements",
    header: "Accepted Agreements",
    width: "16rem",
    cell: (row) =>
      row.agreements.length === 0 ? (
        <Text color="gray">None</Text>
      ) : (
        <ul style={{ margin: 0, paddingLeft: "1.1em", minWidth: "14rem" }}>
          {row.agreements.map((a, i) => (
            <li key={`${a.version}-${i}`}>
              <Text size="2">
                <Text weight="medium">{a.version}</Text> · {a.acceptedAt} · {a.ip}
              </Text>
            </li>
          ))}
        </ul>
      ),
  },
];

export default function DocumentsPage() {
  const { rows, total, page, pageSize, pageSizes, filters, filterErrors, sort } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Service Provider Documents
        </Heading>
      </div>
      <FilterPanel open keep={["page_size", "sortField", "sortOrder"]} errors={filterErrors} summary="Search and filter">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="documents-search">
            Search
          </Text>
          <input id="documents-search" type="search" name="search" className="native-input" defaultValue={filters.search} placeholder="Username, phone or category" maxLength={100} />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="documents-start-date">
            Start Date
          </Text>
          <input id="documents-start-date" type="date" name="start_date" className="native-input" defaultValue={filters.start_date} />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="documents-end-date">
            End Date
          </Text>
          <input id="documents-end-date" type="date" name="end_date" className="native-input" defaultValue={filters.end_date} />
        </Flex>
      </FilterPanel>
      <DataTable caption="Service Provider Documents" columns={columns} rows={rows} rowKey={(row) => row.id} sort={sort} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={pageSizes} />
    </>
  );
}
