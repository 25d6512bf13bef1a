import { Form } from "@remix-run/react";
import { Button, Flex, Heading, Text } from "~/components/ui";
import type { Appearance } from "~/models/admin-users";

const CHOICES: { value: Appearance; label: string; hint: string }[] = [
  { value: "light", label: "Light", hint: "Always light" },
  { value: "dark", label: "Dark", hint: "Always dark" },
  { value: "system", label: "System", hint: "Follows this device's setting" },
];

/** Light, Dark or System: kept for this admin on the server and applied by every page it renders. */
export function AppearanceForm({ appearance }: { appearance: Appearance }) {
  return (
    <section className="panel" aria-labelledby="appearance-heading">
      <Heading as="h2" size="4" id="appearance-heading">
        Appearance
      </Heading>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="appearance" />
        <fieldset className="plain-fieldset">
          <legend className="visually-hidden">Appearance</legend>
          <Flex gap="4" wrap="wrap" my="3">
            {CHOICES.map((choice) => (
              <label key={choice.value} className="choice">
                <input type="radio" name="appearance" value={choice.value} defaultChecked={appearance === choice.value} />{" "}
                <Text weight="medium">{choice.label}</Text>{" "}
                <Text size="1" color="gray">
                  ({choice.hint})
                </Text>
              </label>
            ))}
          </Flex>
        </fieldset>
        <Button type="submit" variant="soft">
          Save Appearance
        </Button>
      </Form>
    </section>
  );
}
