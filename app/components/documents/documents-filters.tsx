import { FilterPanel } from "~/components/filter-panel";
import { Flex, Text } from "~/components/ui";
import type { DocumentsFilters } from "~/models/documents";
import { DOCUMENT_REVIEW_STATUSES } from "~contract/document-labels";

/** Search, dates and review status, always open (a GET form keeping the page size and the sort). */
export function DocumentsFilterPanel({ filters, errors }: { filters: DocumentsFilters; errors: string[] }) {
  return (
    <FilterPanel open keep={["page_size", "sortField", "sortOrder"]} errors={errors} summary="Search and filter">
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="documents-search">
          Search
        </Text>
        <input
          id="documents-search"
          type="search"
          name="search"
          className="native-input"
          defaultValue={filters.search}
          placeholder="Username, phone or category"
          maxLength={100}
        />
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="documents-start-date">
          Start Date
        </Text>
        <input id="documents-start-date" type="date" name="start_date" className="native-input" defaultValue={filters.start_date} />
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="documents-end-date">
          End Date
        </Text>
        <input id="documents-end-date" type="date" name="end_date" className="native-input" defaultValue={filters.end_date} />
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="documents-review-status">
          Review
        </Text>
        <select id="documents-review-status" name="review_status" className="native-input" defaultValue={filters.review_status}>
          <option value="">All</option>
          {DOCUMENT_REVIEW_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </Flex>
    </FilterPanel>
  );
}
