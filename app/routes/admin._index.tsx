import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Flex, Heading, Text } from "~/components/ui";
import { FormError } from "~/components/forms";
import { ServerHtml } from "~/components/server-html";
import { TrendsSection } from "~/components/dashboard/trends-section";
import { requireAdmin } from "~/services/auth.server";
import { dashboardCards, type DashboardCard } from "~/services/dashboard/dashboard-cards.server";
import { dashboardTrends } from "~/services/dashboard/dashboard-trends.server";
import { drawIsland } from "~/services/server-html.server";
import dashboardStyles from "~/styles/dashboard.css";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

// the charts' styles: only this page links them
export const links: LinksFunction = () => [{ rel: "stylesheet", href: dashboardStyles }];

/** the trends' island (components/server-html.tsx): drawn on the server, no code or data of it in the page's scripts */
const TRENDS_ISLAND = "dashboard-trends";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "always");
  const [{ cards, error }, trends] = await Promise.all([
    dashboardCards(admin, api),
    dashboardTrends(admin, api, new URL(request.url).searchParams),
  ]);
  // no trends key for an admin who may see none (as no card): the page shows neither
  return {
    username: admin.adminUsername,
    cards,
    error,
    ...(trends ? { trends: drawIsland(context, TRENDS_ISLAND, <TrendsSection trends={trends} />) } : {}),
  };
}

export default function Dashboard() {
  const { username, cards, error, trends } = useLoaderData<typeof loader>();
  return (
    <Flex direction="column" gap="5">
      <Flex direction="column" gap="1">
        <Heading as="h1" size="7">
          Welcome, {username}
        </Heading>
        <Text as="p" size="3" color="gray">
          The whole marketplace site is managed from here: pick an area in the sidebar.
        </Text>
      </Flex>
      <section aria-labelledby="figures-title">
        <Heading as="h2" size="4" mb="3" id="figures-title">
          At a glance
        </Heading>
        {error ? (
          <FormError error={error} />
        ) : cards.length === 0 ? (
          <Text as="p" size="2" color="gray">
            No figures for your account: the dashboard shows figures of the areas your account can open, and it opens none yet. Ask an
            administrator if you need access to an area.
          </Text>
        ) : (
          <ul className="stat-grid" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {cards.map((card) => (
              <li key={card.label}>
                <StatCard card={card} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {trends !== undefined ? <ServerHtml id={TRENDS_ISLAND} html={trends} /> : null}
    </Flex>
  );
}

function StatCard({ card }: { card: DashboardCard }) {
  const body = (
    <>
      <span className="stat-label">{card.label}</span>
      <span className="stat-value">{card.value}</span>
      {card.note ? <span className="stat-note">{card.note}</span> : null}
    </>
  );
  return card.to ? (
    <Link to={card.to} className="stat-card">
      {body}
    </Link>
  ) : (
    <div className="stat-card">{body}</div>
  );
}
