/**
 * The Order Payment Status report (spec 2 §2, §7): one row per order with its latest payment, as
 * one JSON page (capped) or every matching row streamed as NDJSON for the Excel export.
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): order-payment-status.handlers.ts serves them.
 */
import { endOnOrAfterStart } from "~contract/list-query-schema";
import { OrderPaymentStatusQuery, OrderPaymentStatusRow } from "~contract/order-payment-status";
import { common, createRoute, data, error, z } from "../../lib/openapi";
import { MONEY } from "../orders";

/** Rows per SQL query of the streamed form (?format=ndjson), which has no cap; ?batch_size= may lower it. */
export const ORDER_PAYMENT_STATUS_BATCH = 5_000;

export const Row = OrderPaymentStatusRow.openapi("OrderPaymentStatusRow");

export const batchSizeMessage = `batch_size is a whole number from 1 to ${ORDER_PAYMENT_STATUS_BATCH}`;

export const reportRoute = createRoute({
  method: "get",
  path: "/order-payment-status/",
  summary: "The order payment status report: one row per order with its latest payment",
  description: `start_date/end_date filter the order's creation day (IST). final_pay_status WITHDRAWN is shown as Released. At most 10,000 rows (newest first); total_results and truncated sit beside data (format=ndjson streams every row). ${MONEY}`,
  request: {
    query: OrderPaymentStatusQuery.extend({
      format: z
        .enum(["json", "ndjson"], { errorMap: () => ({ message: "format is json or ndjson" }) })
        .default("json")
        .openapi({
          description:
            "json: one JSON body of at most 10,000 rows. ndjson: every matching row, streamed as application/x-ndjson (one OrderPaymentStatusRow per line, same order), read from the database in keyset-paginated batches (the database writes each batch's lines; the next batch is read while one is sent; the first batch is at most 500 rows); bad filters still answer 400 JSON before any row",
        }),
      batch_size: z
        .string()
        .regex(/^\d{1,4}$/, batchSizeMessage)
        .transform(Number)
        .refine((n) => n >= 1 && n <= ORDER_PAYMENT_STATUS_BATCH, batchSizeMessage)
        .optional()
        .openapi({ description: "ndjson only: rows per database batch (tests); default 5000" }),
    }).superRefine(endOnOrAfterStart),
  },
  responses: {
    200: {
      description:
        "format=json: the rows in data.data. format=ndjson: one row per line, all matching rows (no cap); a stream that ends early (connection dropped) is an error",
      content: {
        "application/json": { schema: z.object({ data: data(z.array(Row)), total_results: z.number().int(), truncated: z.boolean() }) },
        "application/x-ndjson": { schema: Row },
      },
    },
    400: error("Bad query"),
    ...common,
  },
});
