import { Button, Flex, Text } from "~/components/ui";
import type { TrendRangeView } from "~/models/dashboard";

/**
 * The range of the charts, kept in the URL: links for the last 7, 30 and 90 days, and a plain GET
 * form for any two days (works the same with and without JavaScript).
 */
export function TrendRangePicker({ range }: { range: TrendRangeView }) {
  return (
    <Flex direction="column" gap="2">
      <nav aria-label="Range of the charts">
        <ul className="trend-presets">
          {range.presets.map((preset) => (
            <li key={preset.days}>
              <a href={preset.href} aria-current={preset.current ? "page" : undefined}>
                {preset.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form method="get" action="/admin" className="trend-dates">
        <label htmlFor="trend-from">From</label>
        <input id="trend-from" name="from" type="date" defaultValue={range.from} required className="native-input" />
        <label htmlFor="trend-to">To</label>
        <input id="trend-to" name="to" type="date" defaultValue={range.to} required className="native-input" />
        <Button type="submit" variant="soft">
          Show
        </Button>
      </form>
      <Text as="p" size="2" color="gray" aria-live="polite">
        Showing {range.label}
      </Text>
    </Flex>
  );
}
