import { useEffect, useRef, useState } from "react";
import { ErrorText } from "~/components/forms";
import { Text } from "~/components/ui";
import { ALL_COUNTRIES, SERVICE_COUNTRIES } from "~contract/provider-wizard-labels";

const EVERY = [ALL_COUNTRIES, ...SERVICE_COUNTRIES];
const initial = (selected: readonly string[]) => new Set(selected.includes(ALL_COUNTRIES) ? EVERY : selected);

/**
 * The countries served: "All" and the spec's 26 as checkboxes named `countries`. Without
 * JavaScript a plain group ("All" ticked means every country); with it "All" ticks or clears the
 * rest, and ticking every country ticks "All".
 */
export function CountriesField({ selected, error }: { selected: readonly string[]; error?: string }) {
  const [checked, setChecked] = useState(() => initial(selected));
  const group = useRef<HTMLFieldSetElement>(null);

  // boxes ticked before the page was interactive count
  useEffect(() => {
    const boxes = group.current?.querySelectorAll<HTMLInputElement>("input[type=checkbox]") ?? [];
    setChecked(new Set([...boxes].filter((box) => box.checked).map((box) => box.value)));
  }, []);

  const toggle = (country: string, on: boolean) =>
    setChecked((current) => {
      if (country === ALL_COUNTRIES) return new Set(on ? EVERY : []);
      const next = new Set(current);
      if (on) next.add(country);
      else next.delete(country);
      if (SERVICE_COUNTRIES.every((c) => next.has(c))) next.add(ALL_COUNTRIES);
      else next.delete(ALL_COUNTRIES);
      return next;
    });

  return (
    <fieldset ref={group} className="plain-fieldset details-countries" aria-describedby={error ? "countries-error" : "countries-hint"}>
      <Text as="legend" size="2" weight="medium">
        Countries
      </Text>
      <Text as="p" id="countries-hint" size="1" color="gray">
        The countries you serve; All means every country.
      </Text>
      <ul className="details-checks">
        {EVERY.map((country) => (
          <li key={country} className={country === ALL_COUNTRIES ? "details-check-all" : undefined}>
            <label className="choice">
              <input
                type="checkbox"
                className="native-checkbox"
                name="countries"
                value={country}
                checked={checked.has(country)}
                onChange={(event) => toggle(country, event.target.checked)}
                aria-invalid={error ? true : undefined}
              />
              <Text size="2">{country}</Text>
            </label>
          </li>
        ))}
      </ul>
      <ErrorText id="countries-error" error={error} />
    </fieldset>
  );
}
