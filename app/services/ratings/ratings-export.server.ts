import { RATING_COLUMNS, type RatingRow } from "~/models/ratings";
import { EXPORT_PAGE_SIZE, type ListExport } from "~/services/list-export.server";
import { readRatingListQuery } from "~/services/ratings/list-query.server";
import { toRatingRow } from "~/services/ratings/ratings-list.server";

/** The ratings list as an export: its columns, its filter card's URL and sort, its numbered pages (in the list's order). */
export const RATINGS_EXPORT: ListExport<ReturnType<typeof readRatingListQuery>["query"], RatingRow> = {
  list: "ratings",
  path: "/admin/rating",
  columns: RATING_COLUMNS,
  readQuery: (params) => {
    const { query, errors } = readRatingListQuery(params);
    return { query, errors };
  },
  page: async (api, query, at) => {
    const list = await api.listRatings({ ...query, page: at.page, page_size: EXPORT_PAGE_SIZE });
    // the row's order link is the table's alone: the export writes the short id
    return { rows: list.rows.map((rating) => toRatingRow(rating, [])), total: list.total };
  },
};
