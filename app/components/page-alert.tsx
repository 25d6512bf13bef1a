import { Text } from "~/components/ui";

/** A page's own failure above its table (the API unreachable, an action refused): a bold title and what happened. */
export function PageAlert({ alert }: { alert: { title: string; message: string } | null | undefined }) {
  if (!alert) return null;
  return (
    <div role="alert" className="form-error" style={{ marginBottom: "var(--space-4)" }}>
      <Text as="p" size="2" weight="bold" style={{ margin: 0 }}>
        {alert.title}
      </Text>
      <Text as="p" size="2" style={{ margin: 0 }}>
        {alert.message}
      </Text>
    </div>
  );
}
