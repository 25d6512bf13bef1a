import { FilterDate, FilterPanel, FilterSelect } from "~/components/filter-panel";
import { USER_STATUS_FILTERS } from "~/models/user-labels";
import type { UserFilters } from "~/models/users";

const STATUS_OPTIONS = USER_STATUS_FILTERS.map((value) => ({ value, label: value }));

/** The Users screen's filter card (a GET form in a <details>): status and joined dates. */
export function UserFilterPanel({ filters, open, errors }: { filters: UserFilters; open: boolean; errors: string[] }) {
  return (
    <FilterPanel open={open} keep={["page_size", "search", "sortField", "sortOrder"]} errors={errors}>
      <FilterSelect name="status" label="Status" value={filters.status} options={STATUS_OPTIONS} />
      <FilterDate name="start_date" label="Joined from" value={filters.start_date} />
      <FilterDate name="end_date" label="Joined to" value={filters.end_date} />
    </FilterPanel>
  );
}
