/** What only the admin uses of ~contract/ratings (the shared part stays in contract/ratings.ts). */
import { type RatingType } from "~contract/rating-labels";

/** The ratings page's filter card, as typed in the URL (shown back even when refused). */
export type RatingFilters = { serviceType: string; type: string; start_date: string; end_date: string };

/** One row of the ratings table, its date formatted (India time). */
export type RatingRow = {
  id: number;
  orderId: number;
  shortId: string;
  /** the order detail page, or null when this admin may not open bookings */
  orderHref: string | null;
  user: string;
  provider: string;
  service: string;
  type: RatingType;
  comment: string;
  date: string;
};

export type RatingsPageData = {
  rows: RatingRow[];
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  filters: RatingFilters;
  filterErrors: string[];
  filtered: boolean;
};
