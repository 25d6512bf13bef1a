import { CUSTOMER_PARAM } from "~/models/user-story";
import { FilterDate, FilterPanel, FilterSelect } from "~/components/filter-panel";
import { SERVICE_TYPE_LABELS } from "~contract/order-labels";
import { RATING_TYPES } from "~contract/rating-labels";
import type { RatingFilters } from "~/models/ratings";

const SERVICE_OPTIONS = Object.entries(SERVICE_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const TYPE_OPTIONS = RATING_TYPES.map((value) => ({ value, label: value }));

/** The ratings list's filter card (a GET form: service, type, dates). */
export function RatingFilterPanel({ filters, open, errors }: { filters: RatingFilters; open: boolean; errors: string[] }) {
  return (
    <FilterPanel open={open} keep={["page_size", "sortField", "sortOrder", CUSTOMER_PARAM]} errors={errors}>
      <FilterSelect name="serviceType" label="Service" value={filters.serviceType} options={SERVICE_OPTIONS} />
      <FilterSelect name="type" label="Type" value={filters.type} options={TYPE_OPTIONS} />
      <FilterDate name="start_date" label="From Date" value={filters.start_date} />
      <FilterDate name="end_date" label="To Date" value={filters.end_date} />
    </FilterPanel>
  );
}
