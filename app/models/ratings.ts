/** What only the admin uses of ~contract/ratings (the shared part stays in contract/ratings.ts). */
import { type RatingSortField, type RatingType } from "~contract/rating-labels";
import { plain, type ListColumn } from "~/models/list-columns";

/** The ratings page's filter card, as typed in the URL (shown back even when refused). */
export type RatingFilters = { serviceType: string; type: string; start_date: string; end_date: string };

/** One row of the ratings table, its date formatted (India time). */
export type RatingRow = {
  id: number;
  orderId: number;
  shortId: string;
  /** the order detail page, or null when this admin may not open bookings */
  orderHref: string | null;
  /** the customer's users.id: their name links to their page */
  userId: number | null;
  user: string;
  provider: string;
  service: string;
  type: RatingType;
  comment: string;
  date: string;
};

/** The ratings list's columns: the table's and the export's (the Order Id as its short id). */
export const RATING_COLUMNS: readonly ListColumn<RatingRow>[] = [
  { key: "order", header: "Order Id", width: 12, value: (r) => r.shortId },
  { key: "user", header: "User", width: 22, value: (r) => r.user },
  { key: "provider", header: "Service Provider", width: 22, value: (r) => r.provider },
  { key: "service", header: "Service", width: 16, value: (r) => r.service },
  { key: "type", header: "Type", sortField: "type", width: 12, value: (r) => r.type },
  { key: "comment", header: "Comment", width: 50, value: (r) => plain(r.comment) },
  { key: "date", header: "Date", sortField: "created_at", width: 14, value: (r) => r.date },
];

export type RatingsPageData = {
  rows: RatingRow[];
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  filters: RatingFilters;
  /** the sort the URL asks for (null: newest first) */
  sort: { field: RatingSortField; order: "asc" | "desc" } | null;
  filterErrors: string[];
  filtered: boolean;
};
