import { Form, useLocation } from "@remix-run/react";
import { Button, Flex, Text } from "~/components/ui";
import { FilterPanel } from "~/components/FilterPanel";
import type { ProviderFilters } from "./list-query.server";

function FilterSelect({ id, name, label, value, options }: { id: string; name: string; label: string; value: string; options: readonly { value: string; label: string }[] }) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      <select id={id} name={name} className="native-input" defaultValue={value} style={{ minWidth: "9rem" }}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Flex>
  );
}

const asOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** The values each select offers; sent by the loader so the browser gets no zod models. */
export type FilterChoices = Record<"plan" | "stage" | "status" | "verification", readonly string[]>;

export function ProviderFilterPanel({
  filters,
  choices,
  open,
  errors,
  categoryOptions,
}: {
  filters: ProviderFilters;
  choices: FilterChoices;
  open: boolean;
  errors: string[];
  categoryOptions: { value: string; label: string }[] | null;
}) {
  return (
    <FilterPanel open={open} keep={["page_size", "sortField", "sortOrder", "search"]} errors={errors}>
      <FilterSelect id="filter-plan" name="plan" label="Plan" value={filters.plan} options={asOptions(choices.plan)} />
      <FilterSelect id="filter-stage" name="stage" label="Stage" value={filters.stage} options={asOptions(choices.stage)} />
      <FilterSelect id="filter-status" name="status" label="Status" value={filters.status} options={asOptions(choices.status)} />
      <FilterSelect id="filter-verification" name="verification" label="Verification" value={filters.verification} options={asOptions(choices.verification)} />
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="filter-parent-category">
          Category
        </Text>
        <select
          id="filter-parent-category"
          name="parentCategory"
          className="native-input"
          defaultValue={filters.parentCategory}
          style={{ minWidth: "12rem" }}
          aria-describedby={categoryOptions ? undefined : "filter-parent-category-error"}
        >
          <option value="">All</option>
          {(categoryOptions ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {categoryOptions ? null : (
          <Text id="filter-parent-category-error" size="1" color="red" role="alert">
            Error fetching categories
          </Text>
        )}
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="filter-start-date">
          Registration From Date
        </Text>
        <input id="filter-start-date" type="date" name="start_date" className="native-input" defaultValue={filters.start_date} />
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="filter-end-date">
          Registration Till Date
        </Text>
        <input id="filter-end-date" type="date" name="end_date" className="native-input" defaultValue={filters.end_date} />
      </Flex>
    </FilterPanel>
  );
}

/** The search box: a GET form keeping the filters, sort and page size, back to page 1. */
export function ProviderSearch({ search }: { search: string }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const kept = ["page_size", "sortField", "sortOrder", "start_date", "end_date", "plan", "stage", "status", "verification", "parentCategory"];
  return (
    <Form key={location.search} method="get" action="/admin/service-provider" role="search" style={{ marginBottom: "var(--space-3)" }}>
      {kept.map((key) => {
        const value = params.get(key);
        return value ? <input key={key} type="hidden" name={key} value={value} /> : null;
      })}
      <Flex gap="2" align="center" wrap="wrap">
        <label htmlFor="provider-search" className="visually-hidden">
          Search Service Provider
        </label>
        <input
          id="provider-search"
          type="search"
          name="search"
          className="native-input"
          placeholder="Search Service Provider"
          defaultValue={search}
          maxLength={100}
          style={{ width: "min(22rem, 100%)" }}
        />
        <Button type="submit" variant="soft">
          Search
        </Button>
      </Flex>
    </Form>
  );
}
