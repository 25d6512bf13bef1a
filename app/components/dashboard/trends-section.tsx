import { Heading } from "~/components/ui";
import type { TrendsView } from "~/models/dashboard";
import { TrendChartPanel } from "./trend-chart";
import { TrendRangePicker } from "./trend-range-picker";

/**
 * The dashboard's trends: the range, what could not be shown, the figures and the charts. Drawn
 * on the server only (services/server-html.server.ts, drawIsland): plain links and a GET form, the same with and
 * without JavaScript.
 */
export function TrendsSection({ trends }: { trends: TrendsView }) {
  return (
    <section aria-labelledby="trends-title" className="trends">
      <Heading as="h2" size="4" mb="3" id="trends-title">
        Trends
      </Heading>
      <TrendRangePicker range={trends.range} />
      {trends.errors.map((message) => (
        <div key={message} role="alert" className="form-error">
          {message}
        </div>
      ))}
      {trends.figures.length > 0 ? (
        <ul className="stat-grid" style={{ listStyle: "none", margin: "var(--space-4) 0 0", padding: 0 }}>
          {trends.figures.map((figure) => {
            const body = (
              <>
                <span className="stat-label">{figure.label}</span>
                <span className="stat-value">{figure.value}</span>
                {figure.note ? <span className="stat-note">{figure.note}</span> : null}
              </>
            );
            return (
              <li key={figure.label}>
                {figure.href ? (
                  <a href={figure.href} className="stat-card">
                    {body}
                  </a>
                ) : (
                  <div className="stat-card">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="trend-grid">
        {trends.charts.map((chart) => (
          <TrendChartPanel key={chart.id} chart={chart} />
        ))}
      </div>
    </section>
  );
}
