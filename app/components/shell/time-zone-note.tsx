import { TIME_ZONE_NOTE } from "~/utils/time-zone";

/** The page's one statement of the time zone its dates are in (no date repeats it). */
export function TimeZoneNote() {
  return (
    <p className="time-zone-note" data-testid="time-zone-note">
      {TIME_ZONE_NOTE}
    </p>
  );
}
