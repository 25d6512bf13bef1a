import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Badge, Button, Flex, Heading, Text } from "~/components/ui";
import { DataTable, tableColumns } from "~/components/data-table";
import { ListExportLinks } from "~/components/export-link";
import { UserLink } from "~/components/user-link";
import { CustomerFilterNote } from "~/components/customer-filter-note";
import { CUSTOMER_PARAM } from "~/models/user-story";
import { Pagination } from "~/components/pagination";
import { NoticeDialog } from "~/components/dialogs-on-demand";
import { BOOKING_COLUMNS } from "~/models/bookings-columns";
import type { BookingsPageData } from "~/models/bookings";
import { OrderDialog } from "~/components/bookings/order-dialog";
import { BOOKING_TABS } from "~contract/order-labels";
import { statusColor, statusLabel } from "./status";

export function BookingsPage() {
  const { tab, search, rows, total, totalKind, page, pageSize, cursors, pageSizes, sort, errors, payment, paymentNotice } =
    useLoaderData<BookingsPageData>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);

  function tabHref(key: string) {
    const next = new URLSearchParams();
    if (key !== "all") next.set("tab", key);
    const size = params.get("page_size");
    if (size) next.set("page_size", size);
    const q = params.get("search");
    if (q) next.set("search", q);
    const user = params.get(CUSTOMER_PARAM);
    if (user) next.set(CUSTOMER_PARAM, user);
    for (const key of ["sortField", "sortOrder"]) {
      const value = params.get(key);
      if (value) next.set(key, value);
    }
    return `${location.pathname}${next.size ? `?${next}` : ""}`;
  }
  function paymentHref(orderId: number) {
    const next = new URLSearchParams(params);
    next.set("payment", String(orderId));
    return `${location.pathname}?${next}`;
  }
  const withoutPayment = (() => {
    const next = new URLSearchParams(params);
    next.delete("payment");
    return `${location.pathname}${next.size ? `?${next}` : ""}`;
  })();

  const columns = tableColumns(
    BOOKING_COLUMNS,
    {
      order: {
        cell: (r) => (
          <Link to={`/admin/bookings/${r.orderId}`} aria-label={`Open booking ${r.shortId}`} style={{ whiteSpace: "nowrap" }}>
            {r.shortId}
            <Text as="span" size="1" color="gray" style={{ display: "block" }}>
              #{r.orderId}
            </Text>
          </Link>
        ),
      },
      created: { cell: (r) => <span style={{ whiteSpace: "nowrap" }}>{r.createdAt}</span> },
      user: { cell: (r) => <UserLink id={r.userId} name={r.user} /> },
      provider: { cell: (r) => r.provider },
      type: { cell: (r) => r.serviceType },
      charges: { cell: (r) => r.charges, align: "right" },
      payment: { cell: (r) => r.paymentStatus },
      status: {
        cell: (r) => (
          <Badge color={statusColor(r.status)} data-status={r.status}>
            {statusLabel(r.status)}
          </Badge>
        ),
      },
    },
    [
      {
        key: "actions",
        header: "Action",
        cell: (r) => (
          <Button asChild size="1" variant="soft" color="gray">
            <Link
              to={paymentHref(r.orderId)}
              preventScrollReset
              aria-label={`Payment details of ${r.shortId}`}
              style={{ whiteSpace: "nowrap" }}
            >
              Payment details
            </Link>
          </Button>
        ),
      },
    ],
  );

  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Booking List
        </Heading>
        <ListExportLinks path="/admin/bookings/export" />
      </div>
      <CustomerFilterNote name={rows[0]?.user ?? null} what="orders" />
      <nav aria-label="Booking status" style={{ marginBottom: "var(--space-3)" }}>
        <Flex gap="2" wrap="wrap" asChild>
          <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {BOOKING_TABS.map((t) => (
              <li key={t.key}>
                <Button asChild size="2" variant={t.key === tab ? "solid" : "soft"}>
                  <Link to={tabHref(t.key)} aria-current={t.key === tab ? "page" : undefined}>
                    {t.label}
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        </Flex>
      </nav>
      <Form key={location.search} method="get" action={location.pathname} role="search" style={{ marginBottom: "var(--space-3)" }}>
        {tab !== "all" ? <input type="hidden" name="tab" value={tab} /> : null}
        <input type="hidden" name="page_size" value={pageSize} />
        {params.get(CUSTOMER_PARAM) ? <input type="hidden" name={CUSTOMER_PARAM} value={params.get(CUSTOMER_PARAM)!} /> : null}
        {sort ? (
          <>
            <input type="hidden" name="sortField" value={sort.field} />
            <input type="hidden" name="sortOrder" value={sort.order} />
          </>
        ) : null}
        <Flex gap="2" align="center">
          <label htmlFor="booking-search" className="visually-hidden">
            Search bookings
          </label>
          <input
            id="booking-search"
            type="search"
            name="search"
            className="native-input"
            placeholder="Search order id, user or provider"
            defaultValue={search}
            maxLength={100}
            style={{ minWidth: "18rem" }}
          />
          <Button type="submit">Search</Button>
        </Flex>
        {errors.length ? (
          <Text as="p" size="2" color="red" role="alert">
            {errors.join(" ")}
          </Text>
        ) : null}
      </Form>
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.orderId} caption="Bookings" sort={sort ?? undefined} />
      <Pagination total={total} totalKind={totalKind} page={page} pageSize={pageSize} pageSizes={pageSizes} cursors={cursors} />
      {payment ? (
        <OrderDialog id="payment-details" title={`Payment details — ${payment.shortId}`} closeTo={withoutPayment} closeButton>
          <Text as="p" size="2">
            Payment status: <strong>{payment.status}</strong>
          </Text>
          {payment.fields.length ? (
            <dl
              className="payment-fields"
              style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "var(--space-1) var(--space-3)", margin: 0 }}
            >
              {payment.fields.map((f) => (
                <div key={f.label} style={{ display: "contents" }}>
                  <dt style={{ fontWeight: 500 }}>{f.label}</dt>
                  <dd style={{ margin: 0, overflowWrap: "anywhere" }}>{f.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {payment.json ? (
            <pre
              aria-label="Gateway response"
              style={{
                maxHeight: "20rem",
                overflow: "auto",
                background: "var(--gray-3)",
                padding: "var(--space-3)",
                borderRadius: "var(--radius-3)",
                fontSize: "12px",
                margin: 0,
              }}
            >
              {payment.json}
            </pre>
          ) : (
            <Text size="2" color="gray">
              No gateway response recorded for this order.
            </Text>
          )}
        </OrderDialog>
      ) : null}
      {paymentNotice ? (
        <NoticeDialog title={paymentNotice.title} message={paymentNotice.message} closeTo={withoutPayment} tone="error" />
      ) : null}
    </>
  );
}
