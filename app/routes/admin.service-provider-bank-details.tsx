import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { Pagination } from "~/components/pagination";
import { Button, Flex, Heading, Text } from "~/components/ui";
import { requireAdmin } from "~/services/auth.server";
import { redirectPastLastPage, throwLoaderError } from "~/services/errors.server";
import { isRecordId } from "~/models/ids";
import { PAGE_SIZES } from "~/models/list-query";
import { readBankQuery } from "~/services/bank-details/list-query.server";
import { dropRevealGrant, grantedReveal, grantReveal, maskAccountNumber, revealFailureMessage } from "~/services/bank-details/reveal.server";
import { listBankAccounts, revealBankAccountNumber } from "~/services/marketplace/bank-details.server";
import { MarketplaceError, callerOf } from "~/services/marketplace/client.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Bank Details" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "BankDetails");
  const caller = callerOf(admin, request);
  const url = new URL(request.url);
  const query = readBankQuery(url.searchParams);
  const list = await listBankAccounts(
    { page: query.page, page_size: query.page_size, search: query.search || undefined },
    caller,
  ).catch(throwLoaderError);
  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total);
  // The list's numbers are masked by the API. The full number of the ?reveal row is asked for (an
  // audited API call) only on the load that follows this admin's Reveal POST, once.
  const granted = await grantedReveal(request, admin.adminUserId);
  let revealed: { id: number; number: string } | null = null;
  let revealError: string | null = null;
  if (granted !== null && granted === query.reveal) {
    if (!list.rows.some((account) => account.id === granted)) {
      revealError = "This bank account is no longer in this list, so its number was not revealed.";
    } else {
      try {
        revealed = { id: granted, number: await revealBankAccountNumber(granted, caller) };
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        console.error(`[bank-details] reveal of bank account ${granted} for admin ${admin.adminUserId} failed: ${error.message}`);
        revealError = revealFailureMessage(error);
      }
    }
  }
  return data(
    {
      rows: list.rows.map((account, i) => ({
        n: (query.page - 1) * query.page_size + i + 1,
        id: account.id,
        username: account.service_provider_username,
        holder: account.account_holder_name,
        number: revealed?.id === account.id ? revealed.number : maskAccountNumber(account.account_number),
        revealed: revealed?.id === account.id,
        ifsc: account.ifsc_code,
        bank: account.bank_name,
        branch: account.branch,
      })),
      total: list.total,
      page: query.page,
      pageSize: query.page_size,
      pageSizes: PAGE_SIZES,
      search: query.search,
      searchError: query.searchTooLong ? "Search is at most 100 characters." : null,
      revealError,
    },
    granted !== null ? { headers: { "Set-Cookie": await dropRevealGrant() } } : undefined,
  );
}

/**
 * Reveal is a POST (a deliberate act, never a prefetch or a crawled link): it grants this admin one
 * look at that account and lands on ?reveal=<id>, whose load asks the API for the number (the API
 * records the admin and the account in its audit log). Hide drops the grant and the ?reveal.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "BankDetails");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const id = formData.get("id");
  if (intent !== "reveal" && intent !== "hide") {
    throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  params.delete("reveal");
  let cookie: string;
  if (intent === "reveal") {
    if (typeof id !== "string" || !isRecordId(id)) throw new Response("Bad account id", { status: 400, statusText: "Bad Request" });
    params.set("reveal", id);
    cookie = await grantReveal(admin.adminUserId, Number(id));
  } else {
    cookie = await dropRevealGrant();
  }
  const query = params.toString();
  return redirect(query ? `${url.pathname}?${query}` : url.pathname, { headers: { "Set-Cookie": cookie } });
}

type Row = Awaited<ReturnType<typeof loader>>["data"]["rows"][number];

function RevealCell({ row }: { row: Row }) {
  const location = useLocation();
  return (
    <Flex align="center" gap="2">
      <Text style={{ fontFamily: "var(--code-font-family, monospace)", whiteSpace: "nowrap" }}>{row.number}</Text>
      <Form method="post" action={`${location.pathname}${location.search}`} preventScrollReset>
        <input type="hidden" name="id" value={row.id} />
        <Button
          type="submit"
          name="intent"
          value={row.revealed ? "hide" : "reveal"}
          size="1"
          variant="ghost"
          aria-label={`${row.revealed ? "Hide" : "Reveal"} the account number of ${row.holder}`}
        >
          {row.revealed ? "Hide" : "Reveal"}
        </Button>
      </Form>
    </Flex>
  );
}

const columns: Column<Row>[] = [
  { key: "n", header: "#", cell: (row) => row.n, align: "right", width: "3rem" },
  { key: "username", header: "SP username", cell: (row) => <Text weight="medium">{row.username}</Text> },
  { key: "holder", header: "Account Holder", cell: (row) => row.holder },
  { key: "number", header: "Account Number", cell: (row) => <RevealCell row={row} /> },
  { key: "ifsc", header: "IFSC Code", cell: (row) => row.ifsc },
  { key: "bank", header: "Bank Name", cell: (row) => row.bank },
  { key: "branch", header: "Branch", cell: (row) => row.branch },
];

export default function BankDetailsPage() {
  const { rows, total, page, pageSize, pageSizes, search, searchError, revealError } = useLoaderData<typeof loader>();
  const location = useLocation();
  const kept = new URLSearchParams(location.search).get("page_size");
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Service Provider Bank Details
        </Heading>
      </div>
      <Form key={location.search} method="get" role="search" style={{ marginBottom: "var(--space-4)" }}>
        {kept ? <input type="hidden" name="page_size" value={kept} /> : null}
        <Flex gap="2" align="center" wrap="wrap">
          <label htmlFor="bank-search" className="visually-hidden">
            Search bank details
          </label>
          <input
            id="bank-search"
            type="search"
            name="search"
            className="native-input"
            defaultValue={search}
            placeholder="Username, holder, bank, IFSC"
            maxLength={100}
            style={{ width: "22rem", maxWidth: "100%" }}
          />
          <Button type="submit">Search</Button>
          {search ? (
            <Button asChild variant="soft" color="gray">
              <Link to={location.pathname}>Clear</Link>
            </Button>
          ) : null}
        </Flex>
        {searchError ? (
          <Text size="1" color="red" role="alert">
            {searchError}
          </Text>
        ) : null}
      </Form>
      {revealError ? (
        <div role="alert" className="form-error" style={{ marginBottom: "var(--space-3)" }}>
          {revealError}
        </div>
      ) : null}
      <DataTable caption="Service Provider Bank Details" columns={columns} rows={rows} rowKey={(row) => row.id} />
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={pageSizes} />
    </>
  );
}
