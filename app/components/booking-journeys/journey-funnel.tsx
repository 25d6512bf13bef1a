import { Link } from "@remix-run/react";
import { ScrollRegion } from "~/components/scroll-region";
import { Heading, Text } from "~/components/ui";
import type { FunnelView } from "~/models/booking-journeys";

type Row = FunnelView["steps"][number];

function FunnelRow({ row, label, linkName, href }: { row: Row; label: string; linkName: string; href: string }) {
  return (
    <tr data-step={row.step}>
      <th scope="row" style={{ background: "none", fontWeight: 500 }}>
        {label}
      </th>
      <td style={{ textAlign: "right" }} data-cell="reached">
        {row.reached}
      </td>
      <td style={{ textAlign: "right" }} data-cell="share">
        {row.percent}
      </td>
      <td style={{ textAlign: "right" }} data-cell="stopped">
        <Link to={href} aria-label={linkName}>
          {row.stopped}
        </Link>
      </td>
      <td aria-hidden="true">
        <div className="funnel-bar">
          <span style={{ width: `${row.width}%` }} />
        </div>
      </td>
    </tr>
  );
}

/**
 * The funnel of the filtered period: how many journeys reached each step, as a table whose last
 * column is a bar (plain HTML and CSS, drawn by the server). The counts and percentages are text;
 * the bars repeat them for the eye and are hidden from screen readers. "Reached" a step = stopped
 * there or later (the last row: completed all five steps); "Stopped here" links to the list's
 * "Stopped at" filter on that step (same dates), which lists exactly that many.
 */
export function JourneyFunnel({ funnel, range, stepHref }: { funnel: FunnelView; range: string; stepHref: (step: number) => string }) {
  const last = funnel.steps[funnel.steps.length - 1];
  return (
    <section
      className="panel journey-funnel"
      aria-labelledby="journey-funnel-title"
      style={{ padding: "var(--space-4)", marginBottom: "var(--space-4)" }}
    >
      <Heading as="h2" size="4" id="journey-funnel-title" style={{ marginBottom: "var(--space-1)" }}>
        Booking funnel
      </Heading>
      <Text as="p" size="2" color="gray" id="journey-funnel-summary" style={{ margin: "0 0 var(--space-3)" }}>
        {funnel.total === 1 ? "1 journey" : `${funnel.total} journeys`} started {range} and did not become an order; {last.reached} reached{" "}
        {last.name} ({last.percent}){funnel.allCompleted > 0 ? `, ${funnel.allCompleted} completed all five steps` : ""}.
      </Text>
      <ScrollRegion label="Booking funnel" className="" style={{ overflowX: "auto" }}>
        <table className="data-table" aria-describedby="journey-funnel-summary">
          <caption className="visually-hidden">Journeys that reached each step, started {range}</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col" style={{ textAlign: "right" }}>
                Reached
              </th>
              <th scope="col" style={{ textAlign: "right" }}>
                Share
              </th>
              <th scope="col" style={{ textAlign: "right" }}>
                Stopped here
              </th>
              <th scope="col" style={{ width: "40%" }}>
                <span className="visually-hidden">Bar</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {funnel.steps.map((s) => (
              <FunnelRow
                key={s.step}
                row={s}
                label={`${s.step}. ${s.name}`}
                linkName={`${s.stopped} stopped at ${s.name}: show them`}
                href={stepHref(s.step)}
              />
            ))}
            <FunnelRow
              row={funnel.completed}
              label={funnel.completed.name}
              linkName={`${funnel.completed.stopped} completed all steps: show them`}
              href={stepHref(funnel.completed.step)}
            />
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
