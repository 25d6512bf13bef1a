import type { ReactNode } from "react";
import { Flex, Heading } from "~/components/ui";

/** A page that only tells something (nothing to print, a screen still to come): a title, words and a way on. */
export function MessagePanel({ id, title, children, action }: { id: string; title: string; children: ReactNode; action: ReactNode }) {
  return (
    <section className="panel" aria-labelledby={id}>
      <Flex direction="column" gap="3" align="start">
        <Heading as="h1" size="6" id={id}>
          {title}
        </Heading>
        {children}
        {action}
      </Flex>
    </section>
  );
}
