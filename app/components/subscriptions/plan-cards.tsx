import { Link } from "@remix-run/react";
import { Badge, Button, Flex, Heading, Text } from "~/components/ui";
import type { PlanCard } from "~/models/subscriptions";

/** The Subscriptions page's cards (spec 2 §2): name, price, duration, what the plan gives, status, Edit. */
export function PlanCards({ plans }: { plans: PlanCard[] }) {
  if (plans.length === 0) {
    return (
      <section className="panel">
        <Text as="p" size="2">
          No plans yet. Click the + button to add one.
        </Text>
      </section>
    );
  }
  return (
    <ul
      className="stat-grid"
      style={{ listStyle: "none", margin: 0, padding: 0, gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))" }}
    >
      {plans.map((plan) => (
        <li key={plan.id}>
          <article className="stat-card" aria-labelledby={`plan-${plan.id}-name`} style={{ gap: "var(--space-3)" }}>
            <Flex justify="between" align="center" gap="2">
              <Heading as="h2" size="4" id={`plan-${plan.id}-name`}>
                {plan.name}
              </Heading>
              <Badge color={plan.status === "Active" ? "green" : "gray"} variant="soft" radius="full">
                {plan.status}
              </Badge>
            </Flex>
            <div>
              <span className="stat-value">{plan.price}</span>
              <Text size="2" color="gray">
                {" "}
                / {plan.duration}
              </Text>
            </div>
            <ul style={{ margin: 0, paddingLeft: "1.2em", display: "grid", gap: "var(--space-1)" }}>
              <li>One listing submission</li>
              <li>Expires after {plan.duration}</li>
              <li>Service fee {plan.serviceFee}</li>
              <li>{plan.boosterPoints}</li>
              <li>Approval within {plan.approval}</li>
            </ul>
            <Text size="1" color="gray">
              {plan.heldBy}
            </Text>
            <Button asChild variant="soft" style={{ alignSelf: "start" }}>
              <Link to={`/admin/edit-subscriptions/${plan.id}`} aria-label={`Edit ${plan.name}`}>
                Edit
              </Link>
            </Button>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** The page header's "+" to Add Subscription. */
export function AddPlanButton() {
  return (
    <Button asChild size="3" aria-label="Add Subscription" title="Add Subscription">
      <Link to="/admin/add-subscriptions">
        <span aria-hidden="true" style={{ fontSize: "1.4em", lineHeight: 1 }}>
          +
        </span>
      </Link>
    </Button>
  );
}
