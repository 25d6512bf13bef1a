import { renderToStaticMarkup } from "react-dom/server";
import type { TrendsView } from "~/models/dashboard";
import { TrendsSection } from "./trends-section";

/** The trends' markup, drawn once on the server: the page shows it as an island (components/server-html.tsx). */
export function trendsHtml(trends: TrendsView): string {
  return renderToStaticMarkup(<TrendsSection trends={trends} />);
}
