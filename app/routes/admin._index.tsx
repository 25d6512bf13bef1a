import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Flex, Heading, Text } from "~/components/ui";
import { FormError } from "~/components/forms";
import { requireAdmin } from "~/services/auth.server";
import { dashboardCards, type DashboardCard } from "~/services/dashboard/dashboard-cards.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request }: LoaderFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "always");
  const { cards, error } = await dashboardCards(admin, api);
  return { username: admin.adminUsername, cards, error };
}

export default function Dashboard() {
  const { username, cards, error } = useLoaderData<typeof loader>();
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
