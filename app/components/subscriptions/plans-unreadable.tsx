import { Button, Flex, Text } from "~/components/ui";

/** "Error Fetching plan data" (spec 2 §8), said on the page with a Retry that is a plain link. */
export function PlansUnreadable({ message, retryHref }: { message: string; retryHref: string }) {
  return (
    <section className="panel" role="alert">
      <Flex direction="column" gap="3" align="start">
        <Text as="p" size="3" weight="medium">
          {message}
        </Text>
        <Text as="p" size="2" color="gray">
          The marketplace API did not answer with the plan data. Nothing was changed; please try again in a moment.
        </Text>
        <Button asChild>
          <a href={retryHref}>Retry</a>
        </Button>
      </Flex>
    </section>
  );
}
