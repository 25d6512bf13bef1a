import { FilterPanel } from "~/components/filter-panel";
import { Flex, Text } from "~/components/ui";
import type { DocumentsFilters } from "~/models/documents";

/** Search and dates, always open (a GET form keeping the page size and the sort). */
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
    </FilterPanel>
  );
}
