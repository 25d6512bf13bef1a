import { Heading, Text } from "~/components/ui";
import type { TrendBar, TrendChart } from "~/models/dashboard";

/** A figure as a link to the list of its rows, or as text where there is none to open. */
function Figure({ text, href, name }: { text: string; href: string | null; name: string }) {
  return href ? (
    <a href={href} aria-label={name}>
      {text}
    </a>
  ) : (
    <>{text}</>
  );
}

/** Bar heights in 0–100 of the plot (a figure above zero stays visible). */
const heights = (bars: TrendBar[]) => {
  const top = Math.max(0, ...bars.map((b) => b.value));
  return bars.map((b) => (top === 0 || b.value <= 0 ? 0 : Math.max(1, (b.value / top) * 100)));
};

/**
 * Bars over time, drawn on the server: the SVG is one picture (role img, named by its title and
 * described by its desc: the total in words); each bar's <title> is its tooltip. The bars link to
 * their rows through a layer of plain links over the plot (hidden from screen readers and the Tab
 * key: the table under the chart has the same figures and links, for every reader).
 */
function Columns({ chart }: { chart: TrendChart }) {
  const n = chart.bars.length;
  const h = heights(chart.bars);
  const top = chart.bars.reduce((max, b) => (b.value > max.value ? b : max), chart.bars[0]);
  return (
    <div className="trend-columns">
      <div className="trend-plot">
        <svg
          role="img"
          aria-labelledby={`${chart.id}-svg-title ${chart.id}-svg-desc`}
          viewBox={`0 0 ${n} 100`}
          preserveAspectRatio="none"
          width="100%"
          height="100%"
        >
          <title id={`${chart.id}-svg-title`}>{chart.title}</title>
          <desc id={`${chart.id}-svg-desc`}>{chart.description}</desc>
          {chart.bars.map((bar, i) => (
            <rect
              key={bar.label}
              className="trend-bar"
              x={i + (n > 60 ? 0.05 : 0.15)}
              width={n > 60 ? 0.9 : 0.7}
              y={100 - h[i]}
              height={h[i]}
            >
              <title>{bar.title}</title>
            </rect>
          ))}
          <line className="trend-axis" x1={0} x2={n} y1={100} y2={100} vectorEffect="non-scaling-stroke" />
        </svg>
        <div className="trend-hits" aria-hidden="true" style={{ gridTemplateColumns: `repeat(${n}, 1fr)` }}>
          {chart.bars.map((bar) =>
            bar.href ? <a key={bar.label} href={bar.href} tabIndex={-1} title={bar.title} /> : <span key={bar.label} title={bar.title} />,
          )}
        </div>
      </div>
      <div className="trend-ticks" aria-hidden="true">
        <span>{chart.bars[0]?.label}</span>
        {top && top.value > 0 ? <span>highest {top.text}</span> : <span>none</span>}
        <span>{chart.bars[n - 1]?.label}</span>
      </div>
      <details className="trend-figures">
        <summary>Figures of {chart.title.toLowerCase()}</summary>
        <FiguresTable chart={chart} />
      </details>
    </div>
  );
}

/** The chart's figures as a table: a row per bar, each figure linking to its rows where a list shows them. */
function FiguresTable({ chart, withBars = false }: { chart: TrendChart; withBars?: boolean }) {
  const h = heights(chart.bars);
  return (
    <table className="trend-table" aria-describedby={withBars ? `${chart.id}-desc` : undefined}>
      {withBars ? <caption className="visually-hidden">{chart.title}</caption> : null}
      <thead>
        <tr>
          <th scope="col">{chart.headers[0]}</th>
          <th scope="col">{chart.headers[1]}</th>
          {chart.stopped ? <th scope="col">{chart.stopped.header}</th> : null}
          {withBars ? (
            <th scope="col">
              <span className="visually-hidden">Bar</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {chart.bars.map((bar, i) => {
          const stopped = chart.stopped?.cells[i];
          return (
            <tr key={bar.label}>
              <th scope="row">{bar.label}</th>
              <td data-cell="figure">
                <Figure text={bar.text} href={bar.href} name={bar.title} />
              </td>
              {chart.stopped ? (
                <td data-cell="stopped">{stopped ? <Figure text={stopped.text} href={stopped.href} name={stopped.name} /> : null}</td>
              ) : null}
              {withBars ? (
                <td className="trend-row-bar" aria-hidden="true">
                  <svg viewBox="0 0 100 1" preserveAspectRatio="none" width="100%" height="100%">
                    <title>{bar.title}</title>
                    <rect className="trend-bar" x={0} y={0} width={h[i]} height={1} />
                  </svg>
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** One chart's panel: its title, the sentence that describes it, the picture and its figures, and the way to its list. */
export function TrendChartPanel({ chart }: { chart: TrendChart }) {
  return (
    <section className="panel trend-panel" aria-labelledby={`${chart.id}-title`} data-chart={chart.id}>
      <Heading as="h3" size="3" id={`${chart.id}-title`}>
        {chart.title}
      </Heading>
      <Text as="p" size="2" color="gray" id={`${chart.id}-desc`}>
        {chart.description}
      </Text>
      {chart.kind === "columns" ? <Columns chart={chart} /> : <FiguresTable chart={chart} withBars />}
      {chart.list ? (
        <Text as="p" size="2">
          <a href={chart.list.href}>Open {chart.list.name}</a>
        </Text>
      ) : null}
    </section>
  );
}
