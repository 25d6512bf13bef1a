import { useLoaderData, useLocation } from "@remix-run/react";
import { ListExportLinks } from "~/components/export-link";
import { FilterDate, FilterPanel, FilterSelect } from "~/components/filter-panel";
import { NoticeDialog } from "~/components/dialogs-on-demand";
import { Pagination } from "~/components/pagination";
import { Heading, Text } from "~/components/ui";
import { ALL_STEPS_DONE, JOURNEY_STEPS, JOURNEY_TEXTS } from "~contract/booking-journey-labels";
import { ALL_STEPS_DONE_LABEL } from "~/models/booking-journey-labels";
import type { JourneysPageData } from "~/models/booking-journeys";
import { PAGE_SIZES } from "~contract/list-query";
import { JourneyCard } from "./journey-card";
import { JourneyFunnel } from "./journey-funnel";
import { onDemand } from "~/components/on-demand";

// a step's dialog comes when the URL opens it (the server renders it with the page; issue 31 §4)
const JourneyStepDialogView = onDemand(() => import("./step-dialog").then((module) => module.JourneyStepDialogView));

const STEP_OPTIONS = [
  ...JOURNEY_STEPS.map((s) => ({ value: String(s.step), label: s.name })),
  { value: String(ALL_STEPS_DONE), label: ALL_STEPS_DONE_LABEL },
];
const DIALOG_KEYS = ["journey", "journey_step"];

export function JourneysPage() {
  const { cards, total, page, pageSize, filters, filterErrors, filtered, funnel, funnelRange, loadError, dialog, notice } =
    useLoaderData<JourneysPageData>();
  const location = useLocation();
  const listParams = new URLSearchParams(location.search);
  for (const key of DIALOG_KEYS) listParams.delete(key);
  const closeTo = location.pathname + (listParams.size ? `?${listParams}` : "");
  const stepHref = (id: number, step: number) => {
    const next = new URLSearchParams(listParams);
    next.set("journey", String(id));
    next.set("journey_step", String(step));
    return `${location.pathname}?${next}`;
  };

  const filterHref = (step: number) => {
    const next = new URLSearchParams(listParams);
    next.set("step", String(step));
    next.delete("page");
    return `${location.pathname}?${next}`;
  };

  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          {JOURNEY_TEXTS.title}
        </Heading>
        <ListExportLinks path="/admin/track-booking-journey/export" />
      </div>
      <FilterPanel open={filtered} keep={["page_size"]} errors={filterErrors}>
        <FilterSelect name="step" label={JOURNEY_TEXTS.stepFilter} value={filters.step} options={STEP_OPTIONS} />
        <FilterDate name="start_date" label="Started From" value={filters.start_date} />
        <FilterDate name="end_date" label="Started To" value={filters.end_date} />
      </FilterPanel>
      {loadError ? (
        <div role="alert" className="form-error" style={{ marginBottom: "var(--space-4)" }}>
          <Text as="p" size="2" weight="bold" style={{ margin: 0 }}>
            {loadError.title}
          </Text>
          <Text as="p" size="2" style={{ margin: 0 }}>
            {loadError.message}
          </Text>
        </div>
      ) : null}
      {funnel ? <JourneyFunnel funnel={funnel} range={funnelRange} stepHref={filterHref} /> : null}
      <section aria-labelledby="journey-list-title">
        <Heading as="h2" size="4" id="journey-list-title" className="visually-hidden">
          Journeys
        </Heading>
        {cards.length > 0 ? (
          <ul className="journey-cards">
            {cards.map((card) => (
              <li key={card.id}>
                <JourneyCard card={card} stepHref={stepHref} />
              </li>
            ))}
          </ul>
        ) : loadError ? null : (
          <Text as="p" size="2" color="gray" className="panel" style={{ padding: "var(--space-4)", marginBottom: "var(--space-4)" }}>
            {filtered ? "No journey matches these filters." : "No Data Found"}
          </Text>
        )}
      </section>
      <Pagination total={total} page={page} pageSize={pageSize} pageSizes={PAGE_SIZES} />
      {notice ? <NoticeDialog title={notice.title} message={notice.message} closeTo={closeTo} tone={notice.tone} /> : null}
      {dialog ? <JourneyStepDialogView dialog={dialog} closeTo={closeTo} /> : null}
    </>
  );
}
