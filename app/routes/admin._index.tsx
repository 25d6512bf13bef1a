import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Flex, Heading, Text } from "~/components/ui";
import { hasAccess } from "~/models/access";
import type { DashboardStats } from "~/models/audit";
import { OrderDashboardStats } from "~/models/payment";
import { FormError } from "~/components/forms";
import { requireAdmin } from "~/services/auth.server";
import { getDashboardStats } from "~/services/marketplace/dashboard.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import { formatInr } from "~/services/money";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

type Card = { label: string; value: string; note?: string; to: string | null };

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "always");
  let stats: DashboardStats | null = null;
  let error: string | null = null;
  try {
    stats = await getDashboardStats({ adminUserId: admin.adminUserId });
  } catch (failure) {
    if (!(failure instanceof MarketplaceError)) throw failure;
    error = failure.message;
  }
  const access = admin.adminAccessRoleSettings;
  const categories = hasAccess(access, "Category") ? "/admin/category" : null;
  const cards: Card[] | null = stats
    ? [
        { label: "Categories", value: count(stats.categories), to: categories },
        { label: "Sub-categories", value: count(stats.subCategories), to: categories },
        { label: "FAQs", value: count(stats.faqs), to: categories },
        ...moneyCards(stats, access),
        {
          label: "Admin users",
          value: count(stats.adminUsers),
          note: `${count(stats.activeAdminUsers)} active`,
          to: hasAccess(access, "AdminUsers") ? "/admin/list-admin-users" : null,
        },
      ]
    : null;
  return { username: admin.adminUsername, cards, error };
}

/** Bookings today, payments awaiting release and this month's revenue (when the API gives them). */
function moneyCards(stats: DashboardStats, access: string[]): Card[] {
  const money = OrderDashboardStats.safeParse(stats);
  if (!money.success) return [];
  const payments = hasAccess(access, "Payment");
  return [
    { label: "Bookings today", value: count(money.data.bookingsToday), to: hasAccess(access, "Bookings") ? "/admin/bookings" : null },
    {
      label: "Payments awaiting release",
      value: count(money.data.paymentsAwaitingRelease),
      to: payments ? "/admin/payments?status=PAYMENT_SUCCESS" : null,
    },
    {
      label: "Revenue this month",
      value: formatInr(money.data.revenueThisMonth),
      note: "successful payments, IST month",
      to: payments ? "/admin/order-payment-status" : null,
    },
  ];
}

function count(n: number) {
  return n.toLocaleString("en-IN");
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
        {cards ? (
          <ul className="stat-grid" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {cards.map((card) => (
              <li key={card.label}>
                <StatCard card={card} />
              </li>
            ))}
          </ul>
        ) : (
          <FormError error={error ?? "Figures unavailable"} />
        )}
      </section>
    </Flex>
  );
}

function StatCard({ card }: { card: Card }) {
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
