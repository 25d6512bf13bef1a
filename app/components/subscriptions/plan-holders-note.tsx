import { Text } from "~/components/ui";

/**
 * Above the Edit Subscription form: how many service providers hold the plan, and what a save
 * changes for them (the plan is read live through their plan_id: nothing is copied per provider but
 * each order's service fee).
 */
export function PlanHoldersNote({ heldBy }: { heldBy: number }) {
  if (heldBy === 0) {
    return (
      <Text as="p" size="2" color="gray" mb="4">
        No service provider holds this plan: a change reaches new subscribers only.
      </Text>
    );
  }
  const holders = `${heldBy.toLocaleString("en-IN")} service provider${heldBy === 1 ? " holds" : "s hold"} this plan`;
  return (
    <div
      role="note"
      aria-label="Who this change reaches"
      className="callout"
      style={{ marginBottom: "var(--space-4)", padding: "var(--space-3)", borderRadius: "var(--radius-2)", background: "var(--amber-a3)" }}
    >
      <Text as="div" size="2">
        <strong>{holders}.</strong> A save reaches them at once:
        <ul style={{ margin: "var(--space-1) 0 0", paddingInlineStart: "1.25rem" }}>
          <li>Plan Name: the name their dashboard and profile show.</li>
          <li>Service Fee: the commission on their new orders (orders already placed keep the fee they were placed with).</li>
          <li>Approval Time: how long they are told their review takes.</li>
          <li>
            Status Inactive: they keep the plan, but no new provider can choose it, and they must pick an Active plan if they change theirs.
          </li>
          <li>
            Plan Amount, Plan Duration and Booster Points: what new subscribers pay and get; what holders paid, and points already credited,
            stay as they are.
          </li>
        </ul>
      </Text>
    </div>
  );
}
