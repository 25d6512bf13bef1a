import { PAYMENT_COLUMNS } from "~/models/payments-columns";
import type { PaymentListRow } from "~/models/payments";
import { EXPORT_PAGE_SIZE, type ListExport } from "~/services/list-export.server";
import { readPaymentListQuery } from "~/services/payments/list-query.server";
import { toRow } from "~/services/payments/payments-list.server";

type Query = ReturnType<typeof readPaymentListQuery>["query"];

/** The Payments list as an export: its filter panel's filters, its numbered pages, the amount in rupees. */
export const PAYMENTS_EXPORT: ListExport<Query, PaymentListRow> = {
  list: "payments",
  path: "/admin/payments",
  columns: PAYMENT_COLUMNS,
  readQuery: (params) => {
    const { query, errors } = readPaymentListQuery(params);
    return { query, errors };
  },
  notFilter: ["dialog", "id"],
  page: async (api, query, at) => {
    const list = await api.listPayments({ ...query, page: at.page, page_size: EXPORT_PAGE_SIZE });
    return { rows: list.rows.map((p) => toRow(p)), total: list.total };
  },
};
