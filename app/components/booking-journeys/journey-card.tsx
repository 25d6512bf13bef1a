import { Link } from "@remix-run/react";
import { Heading, Text } from "~/components/ui";
import { UserLink } from "~/components/user-link";
import type { JourneyCard as Card } from "~/models/booking-journeys";
import { JOURNEY_STEPS } from "~contract/booking-journey-labels";

const STATE_WORDS = { complete: "completed", active: "current step, not completed", upcoming: "not completed" } as const;

function Person({ title, person }: { title: string; person: Card["user"] }) {
  return (
    <div>
      <Text as="p" size="1" color="gray" weight="medium" style={{ margin: 0, textTransform: "uppercase", letterSpacing: "0.04em" }}>
        {title}
      </Text>
      <dl>
        <dt className="visually-hidden">Full name</dt>
        <dd style={{ fontWeight: 500 }}>
          <UserLink id={person.id} name={person.fullname || person.username} />
        </dd>
        <dt className="visually-hidden">Username</dt>
        <dd>
          <Text size="2" color="gray">
            @{person.username}
          </Text>
        </dd>
        <dt className="visually-hidden">Phone</dt>
        <dd>
          <Text size="2">{person.phone || "—"}</Text>
        </dd>
      </dl>
    </div>
  );
}

/** One journey: service, the customer and the provider, the five steps (each opens its dialog), and its times. */
export function JourneyCard({ card, stepHref }: { card: Card; stepHref: (id: number, step: number) => string }) {
  const titleId = `journey-${card.id}-title`;
  return (
    <article className="panel journey-card" aria-labelledby={titleId} data-journey={card.id}>
      <Heading as="h2" size="3" id={titleId} style={{ overflowWrap: "anywhere" }}>
        {card.serviceName}
      </Heading>
      <div className="journey-people">
        <Person title="User" person={card.user} />
        <Person title="Provider" person={card.provider} />
      </div>
      <ol
        className="journey-steps"
        aria-label={`Progress of the ${card.serviceName} journey of ${card.user.fullname || card.user.username}`}
      >
        {JOURNEY_STEPS.map(({ step, name }, i) => {
          const state = card.steps[i];
          return (
            <li key={step} data-state={state} aria-current={state === "active" ? "step" : undefined}>
              <Link
                to={stepHref(card.id, step)}
                preventScrollReset
                className="journey-step-link"
                aria-label={`${name}: ${STATE_WORDS[state]}`}
              >
                <span className="journey-step-dot" aria-hidden="true">
                  {state === "complete" ? "✓" : step}
                </span>
                <span className="journey-step-name" aria-hidden="true">
                  {name}
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
      <dl className="journey-fields" style={{ fontSize: "var(--font-size-2)" }}>
        <dt>Started</dt>
        <dd>{card.startedAt}</dd>
        <dt>Last Updated</dt>
        <dd>{card.lastUpdatedAt}</dd>
      </dl>
    </article>
  );
}
