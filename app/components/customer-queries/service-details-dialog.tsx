import { DialogCloseLink, RouteDialog } from "~/components/route-dialog";
import { Flex, Heading, Text } from "~/components/ui";
import type { ServiceDetailsView } from "~/models/customer-queries";

const DASH = "—";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <Heading as="h3" size="3" className="cq-h3">
        {title}
      </Heading>
      {children}
    </section>
  );
}

function List({ items }: { items: string[] }) {
  if (items.length === 0)
    return (
      <Text as="p" size="2" className="cq-p">
        {DASH}
      </Text>
    );
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
    <RouteDialog
      labelledBy="service-dialog-title"
      closeTo={closeTo}
      openKey={`service-${service.messageId}`}
      style={{ width: "min(48rem, calc(100vw - 32px))" }}
    >
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id="service-dialog-title">
          Service details
        </Heading>
        <Text as="p" size="2" color="gray" className="cq-p" data-testid="service-sub-category">
          {service.subCategory}
        </Text>
        <Section title="Request Requirements">
          <Text as="p" size="2" className="cq-p cq-pre" data-testid="service-requirements">
            {service.requirements}
          </Text>
        </Section>
        <Section title="Query">
          <Text as="p" size="2" className="cq-p cq-pre">
            {service.query}
          </Text>
        </Section>
        <Section title="Service Overview">
          <dl className="cq-dl">
            <dt>Offering</dt>
            <dd>{service.offering}</dd>
            <dt>Type</dt>
            <dd>{service.type}</dd>
          </dl>
        </Section>
        <Section title="Specialties">
          <List items={service.specialties} />
        </Section>
        <Section title="Inclusions">
          <List items={service.inclusions} />
        </Section>
        <Section title="Price Variations">
          <div className="cq-prices">
            {service.prices.map((block) => (
              <div
                key={block.title}
                className="panel cq-price price-block"
                data-chosen={block.chosen ? "true" : "false"}
                aria-current={block.chosen ? "true" : undefined}
              >
                <Text as="p" size="2" weight="bold" className="cq-p">
                  {block.title}
                  {block.chosen ? (
                    <Text size="1" color="blue">
                      {" "}
                      (chosen)
                    </Text>
                  ) : null}
                </Text>
                {block.description ? (
                  <Text as="p" size="1" color="gray" className="cq-p">
                    {block.description}
                  </Text>
                ) : null}
                <dl className="cq-dl" style={{ marginTop: "var(--space-1)" }}>
                  <dt>India Price</dt>
                  <dd>{block.price}</dd>
                  <dt>Delivery Time</dt>
                  <dd>{block.deliveryTime}</dd>
                  <dt>Limits</dt>
                  <dd>{block.limits.length ? block.limits.join(", ") : DASH}</dd>
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
