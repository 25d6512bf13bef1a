import { Form, useLocation } from "@remix-run/react";
import { Button, Flex } from "~/components/ui";
import { FilterDate, FilterPanel, FilterSelect } from "~/components/filter-panel";
import type { ProviderFilters } from "~/models/service-providers";

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
      <FilterSelect name="plan" label="Plan" value={filters.plan} options={asOptions(choices.plan)} minWidth="9rem" />
      <FilterSelect name="stage" label="Stage" value={filters.stage} options={asOptions(choices.stage)} minWidth="9rem" />
      <FilterSelect name="status" label="Status" value={filters.status} options={asOptions(choices.status)} minWidth="9rem" />
      <FilterSelect
        name="verification"
        label="Verification"
        value={filters.verification}
        options={asOptions(choices.verification)}
        minWidth="9rem"
      />
      <FilterSelect
        name="parentCategory"
        label="Category"
        value={filters.parentCategory}
        options={categoryOptions ?? []}
        error={categoryOptions ? null : "Error fetching categories"}
        minWidth="12rem"
      />
      <FilterDate name="start_date" label="Registration From Date" value={filters.start_date} />
      <FilterDate name="end_date" label="Registration Till Date" value={filters.end_date} />
    </FilterPanel>
  );
}

/** The search box: a GET form keeping the filters, sort and page size, back to page 1. */
export function ProviderSearch({ search }: { search: string }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const kept = [
    "page_size",
    "sortField",
    "sortOrder",
    "start_date",
    "end_date",
    "plan",
    "stage",
    "status",
    "verification",
    "parentCategory",
  ];
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
