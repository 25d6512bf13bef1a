import { data } from "@remix-run/node";
import { openEntryPath } from "~/models/access";
import type { AdminUser } from "~contract/admin-users";
import { PAGE_SIZES } from "~contract/list-query";
import { serviceTypeLabel } from "~/models/order-labels";
import type { RatingRecord } from "~contract/ratings";
import type { RatingRow, RatingsPageData } from "~/models/ratings";
import { redirectPastLastPage } from "~/services/errors.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { readRatingListQuery } from "~/services/ratings/list-query.server";
import { formatDate } from "~/utils/dates";

/** A rating as the table shows it, for an admin with this access list. */
export function toRatingRow(rating: RatingRecord, accessList: readonly string[]): RatingRow {
  return {
    id: rating.rating_id,
    orderId: rating.order_id,
    shortId: rating.short_id,
    // the order detail belongs to Booking List: linked only for an admin who may open it
    orderHref: openEntryPath(accessList, "/admin/bookings", `/admin/bookings/${rating.order_id}`),
    userId: rating.user_id ?? null,
    user: rating.userUsername,
    provider: rating.serviceProviderUsername,
    service: serviceTypeLabel(rating.serviceType),
    type: rating.type,
    comment: rating.comment,
    date: formatDate(rating.created_at),
  };
}

/** The ratings list: one filtered page (400 with the reasons when a filter is refused). */
export async function ratingsListLoader(request: Request, admin: AdminUser, api: Marketplace) {
  const url = new URL(request.url);
  const { query, raw, sort, errors } = readRatingListQuery(url.searchParams);
  const list = await api.listRatings(query);
  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total);
  return data<RatingsPageData>(
    {
      rows: list.rows.map((rating) => toRatingRow(rating, admin.adminAccessRoleSettings)),
      total: list.total,
      page: query.page,
      pageSize: query.page_size,
      pageSizes: PAGE_SIZES,
      filters: raw,
      sort,
      filterErrors: errors,
      filtered: Boolean(raw.serviceType || raw.type || raw.start_date || raw.end_date),
    },
    { status: errors.length > 0 ? 400 : 200 },
  );
}
