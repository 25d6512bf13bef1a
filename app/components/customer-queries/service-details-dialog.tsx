import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Flex, Heading, Text } from "~/components/ui";
import type { ServiceDetailsView } from "~/models/customer-queries";

const DASH = "—";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <Heading as="h3" size="3" style={{ margin: "0 0 var(--space-1)" }}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

function List({ items }: { items: string[] }) {
  if (items.length === 0) return <Text as="p" size="2" style={{ margin: 0 }}>{DASH}</Text>;
  return (
    <ul style={{ margin: 0, paddingLeft: "1.25rem" }}>
      {items.map((item, i) => (
        <li key={i}>
          <Text size="2">{item}</Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * What the customer asked about (?query=…&service=<message id>). Requirements are plain text (the
 * HTML's tags dropped, never rendered). The price variation chosen in the chat (else the base
 * price) has a blue outline.
 */
export function ServiceDetailsDialog({ service, closeTo }: { service: ServiceDetailsView; closeTo: string }) {
  return (
    <RouteDialog labelledBy="service-dialog-title" closeTo={closeTo} openKey={`service-${service.messageId}`} style={{ width: "min(48rem, calc(100vw - 32px))" }}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id="service-dialog-title">
          Service details
        </Heading>
        <Text as="p" size="2" color="gray" style={{ margin: 0 }} data-testid="service-sub-category">
          {service.subCategory}
        </Text>
        <Section title="Request Requirements">
          <Text as="p" size="2" style={{ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="service-requirements">
            {service.requirements}
          </Text>
        </Section>
        <Section title="Query">
          <Text as="p" size="2" style={{ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {service.query}
          </Text>
        </Section>
        <Section title="Service Overview">
          <dl style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "var(--space-1) var(--space-3)", margin: 0 }}>
            <dt style={{ fontWeight: 500 }}>Offering</dt>
            <dd style={{ margin: 0 }}>{service.offering}</dd>
            <dt style={{ fontWeight: 500 }}>Type</dt>
            <dd style={{ margin: 0 }}>{service.type}</dd>
          </dl>
        </Section>
        <Section title="Specialties">
          <List items={service.specialties} />
        </Section>
        <Section title="Inclusions">
          <List items={service.inclusions} />
        </Section>
        <Section title="Price Variations">
          <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(13rem, 1fr))", gap: "var(--space-2)" }}>
            {service.prices.map((block) => (
              <div
                key={block.title}
                className="panel price-block"
                data-chosen={block.chosen ? "true" : "false"}
                aria-current={block.chosen ? "true" : undefined}
                style={{
                  padding: "var(--space-2) var(--space-3)",
                  border: block.chosen ? "2px solid var(--blue-9)" : "1px solid var(--gray-a6)",
                  borderRadius: "var(--radius-3)",
                }}
              >
                <Text as="p" size="2" weight="bold" style={{ margin: 0 }}>
                  {block.title}
                  {block.chosen ? <Text size="1" color="blue"> (chosen)</Text> : null}
                </Text>
                {block.description ? (
                  <Text as="p" size="1" color="gray" style={{ margin: 0 }}>
                    {block.description}
                  </Text>
                ) : null}
                <dl style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "0 var(--space-2)", margin: "var(--space-1) 0 0", fontSize: "var(--font-size-2)" }}>
                  <dt style={{ fontWeight: 500 }}>India Price</dt>
                  <dd style={{ margin: 0 }}>{block.price}</dd>
                  <dt style={{ fontWeight: 500 }}>Delivery Time</dt>
                  <dd style={{ margin: 0 }}>{block.deliveryTime}</dd>
                  <dt style={{ fontWeight: 500 }}>Limits</dt>
                  <dd style={{ margin: 0 }}>{block.limits.length ? block.limits.join(", ") : DASH}</dd>
                </dl>
              </div>
            ))}
          </div>
        </Section>
        <Flex justify="end">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a <dialog> focuses its autofocus control on opening (HTML's dialog focusing steps), JS or not */}
          <DialogCloseLink to={closeTo} autoFocus />
        </Flex>
      </Flex>
    </RouteDialog>
  );
}
