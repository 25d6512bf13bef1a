import { useRef, useState } from "react";
import { ErrorText } from "~/components/forms";
import { Button, Text, useHydrated } from "~/components/ui";
import { WEEK_DAYS, WIZARD_MESSAGES } from "~contract/provider-wizard-labels";
import { type WeekDay } from "~/models/provider-wizard-labels";
import { SERVICE_DETAILS_INTENTS, type DayTimeDraft } from "~/models/provider-wizard-service-details-view";

type PreferredTimesFieldProps = {
  days: Record<WeekDay, DayTimeDraft>;
  errors: Record<string, string>;
  /** the Keep Same Time message from the server (JavaScript off) */
  keepSameTimeError?: string;
  /** the server has just copied Monday's times (JavaScript off) */
  copiedByServer?: boolean;
};

const nameOf = (day: WeekDay, end: "startTime" | "endTime") => `preferred_days_time.${day}.${end}`;

/**
 * Preferred days and time, Monday to Sunday, each a start and an end time (HH:mm). Keep Same Time
 * For All Days copies Monday's times to every day, once Monday has both ("Please Select Monday's
 * start-end Time first"): with JavaScript in place, without it a form post that answers the form
 * with the days copied (nothing saved until Save & Continue).
 */
export function PreferredTimesField({ days, errors, keepSameTimeError, copiedByServer = false }: PreferredTimesFieldProps) {
  const hydrated = useHydrated();
  const table = useRef<HTMLTableElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [copied, setCopied] = useState(copiedByServer);
  const input = (day: WeekDay, end: "startTime" | "endTime") =>
    table.current?.querySelector<HTMLInputElement>(`input[name="${nameOf(day, end)}"]`);

  const keepSameTime = () => {
    const start = input("Monday", "startTime")?.value ?? "";
    const end = input("Monday", "endTime")?.value ?? "";
    if (!start || !end) {
      setMessage(WIZARD_MESSAGES.mondayFirst);
      setCopied(false);
      return;
    }
    for (const day of WEEK_DAYS) {
      const from = input(day, "startTime");
      const to = input(day, "endTime");
      if (from) from.value = start;
      if (to) to.value = end;
    }
    setMessage(null);
    setCopied(true);
  };

  const keepError = hydrated ? message : keepSameTimeError;
  const listError = errors.preferred_days_time;
  return (
    <fieldset className="plain-fieldset details-days" aria-describedby={listError ? "preferred_days_time-error" : undefined}>
      <Text as="legend" size="2" weight="medium">
        Preferred Days and Time
      </Text>
      <table ref={table} className="details-days-table">
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Start time</th>
            <th scope="col">End time</th>
          </tr>
        </thead>
        <tbody>
          {WEEK_DAYS.map((day) => {
            const startError = errors[nameOf(day, "startTime")];
            const endError = errors[nameOf(day, "endTime")];
            return (
              <tr key={day}>
                <th scope="row">{day}</th>
                {(["startTime", "endTime"] as const).map((end) => {
                  const error = end === "startTime" ? startError : endError;
                  const id = nameOf(day, end);
                  return (
                    <td key={end}>
                      <input
                        type="time"
                        id={id}
                        name={id}
                        defaultValue={days[day][end]}
                        className="native-input"
                        aria-label={`${day} ${end === "startTime" ? "start" : "end"} time`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                        onChange={() => setCopied(false)}
                      />
                      <ErrorText id={`${id}-error`} error={error} />
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      <ErrorText id="preferred_days_time-error" error={listError} />
      <div className="details-keep-same">
        {hydrated ? (
          <Button
            type="button"
            variant="soft"
            size="1"
            onClick={keepSameTime}
            aria-describedby={keepError ? "keepSameTime-error" : undefined}
          >
            Keep Same Time For All Days
          </Button>
        ) : (
          <Button
            type="submit"
            name="intent"
            value={SERVICE_DETAILS_INTENTS.keepSameTime}
            variant="soft"
            size="1"
            aria-describedby={keepError ? "keepSameTime-error" : undefined}
          >
            Keep Same Time For All Days
          </Button>
        )}
        <ErrorText id="keepSameTime-error" error={keepError} />
        <Text size="1" color="gray" aria-live="polite">
          {copied ? "Monday's time is now on every day; Save & Continue to keep it." : "Copies Monday's start and end time to every day."}
        </Text>
      </div>
    </fieldset>
  );
}
