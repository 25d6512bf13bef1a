import { CUSTOMER_PARAM } from "~/models/user-story";
import { FilterDate, FilterPanel, FilterSelect } from "~/components/filter-panel";
import { Flex, Text } from "~/components/ui";
import { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from "~contract/payment-labels";
import type { PaymentFilters } from "~/models/payments";
import { RELEASE_STATE_FILTERS, RELEASE_STATE_OF_FILTER } from "~contract/payouts";

const STATUS_OPTIONS = PAYMENT_STATUSES.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }));
const RELEASE_OPTIONS = [{ value: "yes", label: "Can be released now" }];
const RELEASE_STATE_OPTIONS = RELEASE_STATE_FILTERS.map((value) => ({ value, label: RELEASE_STATE_OF_FILTER[value] }));

/** The payments list's filter panel (a GET form: provider, status, release, dates). */
export function PaymentFilterPanel({ filters, open, errors }: { filters: PaymentFilters; open: boolean; errors: string[] }) {
  return (
    <FilterPanel open={open} keep={["page_size", "sortField", "sortOrder", CUSTOMER_PARAM]} errors={errors}>
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="filter-provider">
          Provider
        </Text>
        <input
          id="filter-provider"
          name="provider"
          className="native-input"
          defaultValue={filters.provider}
          placeholder="Username or id"
          maxLength={100}
        />
      </Flex>
      <FilterSelect name="status" label="Status" value={filters.status} options={STATUS_OPTIONS} />
      <FilterSelect name="releasable" label="Release" value={filters.releasable} options={RELEASE_OPTIONS} />
      <FilterSelect name="release_state" label="Release state" value={filters.release_state} options={RELEASE_STATE_OPTIONS} />
      <FilterDate name="start_date" label="From Date" value={filters.start_date} />
      <FilterDate name="end_date" label="To Date" value={filters.end_date} />
    </FilterPanel>
  );
}
