import { useEffect, useState, type ReactNode } from "react";
import { useActionData, useFetcher } from "@remix-run/react";
import { Badge, Button, Flex, Text } from "~/components/ui";
import type { ProviderRow } from "./list-query.server";

/** What the list action answers a fetcher (kept in step with list-actions.server.ts). */
type RowResult = { intent: string; id: number; ok: boolean; message: string; value?: string };

export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

type RowFormProps = {
  /** the list URL the form posts to (and the action redirects back to without JS) */
  action: string;
  intent: string;
  row: ProviderRow;
  fields?: Record<string, string>;
  /** the server checks (and answers beside the field); the browser's own bubbles would hide that */
  noValidate?: boolean;
  children: (state: { busy: boolean; result: RowResult | undefined }) => ReactNode;
};

/**
 * A row action: a plain POST form with an intent (redirect back without JS); with JS the same
 * form goes through a fetcher, so the row updates in place after revalidation.
 */
function RowForm({ action, intent, row, fields = {}, noValidate, children }: RowFormProps) {
  const fetcher = useFetcher<RowResult>({ key: `${intent}-${row.id}` });
  const hydrated = useHydrated();
  return (
    <fetcher.Form method="post" action={action} preventScrollReset noValidate={noValidate} style={{ display: "inline" }}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="userId" value={row.userId} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hydrated ? <input type="hidden" name="_fetch" value="1" /> : null}
      {children({ busy: fetcher.state !== "idle", result: fetcher.data })}
    </fetcher.Form>
  );
}

const STATUS_COLOR: Record<string, string> = { Active: "green", Hold: "amber" };

export function StatusCell({ row, action }: { row: ProviderRow; action: string }) {
  const next = row.status === "Active" ? "Inactive" : "Active";
  return (
    <Flex direction="column" gap="1" align="start">
      <Badge color={STATUS_COLOR[row.status] ?? "gray"} radius="full">
        {row.status}
      </Badge>
      <RowForm action={action} intent="toggle-status" row={row} fields={{ status: next }}>
        {({ busy }) => (
          <Button type="submit" size="1" variant="soft" color={next === "Active" ? "green" : "gray"} disabled={busy} aria-label={`${next === "Active" ? "Make Active" : "Make Inactive"} ${row.username}`}>
            {next === "Active" ? "Make Active" : "Make Inactive"}
          </Button>
        )}
      </RowForm>
    </Flex>
  );
}

export function VerifyCell({ row, action }: { row: ProviderRow; action: string }) {
  return (
    <RowForm action={action} intent="toggle-verified" row={row} fields={{ verified: String(!row.verified) }}>
      {({ busy }) => (
        <Button type="submit" size="1" variant={row.verified ? "soft" : "solid"} color={row.verified ? "gray" : "green"} disabled={busy} aria-label={`${row.verified ? "Un-verify" : "Verify Now"} ${row.username}`}>
          {row.verified ? "Un-verify" : "Verify Now"}
        </Button>
      )}
    </RowForm>
  );
}

export function RefreshCell({ row, action }: { row: ProviderRow; action: string }) {
  return (
    <RowForm action={action} intent="refresh" row={row}>
      {({ busy }) => (
        <Button type="submit" size="1" variant="soft" disabled={busy} aria-label={`Refresh ${row.username}`}>
          {busy ? "Refreshing…" : "Refresh"}
        </Button>
      )}
    </RowForm>
  );
}

/** A notice beside a control for about 1.5 s after each answer (spec 1 §4). */
function useFlash(result: RowResult | undefined) {
  // a refused save rendered by the server (no JS) shows at once
  const [shown, setShown] = useState<RowResult | undefined>(result);
  useEffect(() => {
    if (!result) return;
    setShown(result);
    if (!result.ok) return;
    const timer = setTimeout(() => setShown(undefined), 1500);
    return () => clearTimeout(timer);
  }, [result]);
  return shown;
}

function Notice({ result }: { result: RowResult | undefined }) {
  if (!result) return null;
  return (
    <Text size="1" color={result.ok ? "green" : "red"} role={result.ok ? "status" : "alert"}>
      {result.message}
    </Text>
  );
}

export function ProCell({ row, action }: { row: ProviderRow; action: string }) {
  return (
    <RowForm action={action} intent="toggle-pro" row={row} fields={{ is_pro: String(!row.isPro) }}>
      {({ busy, result }) => <ProButton row={row} busy={busy} result={result} />}
    </RowForm>
  );
}

function ProButton({ row, busy, result }: { row: ProviderRow; busy: boolean; result: RowResult | undefined }) {
  const shown = useFlash(result);
  return (
    <Flex gap="2" align="center" wrap="nowrap">
      <Button type="submit" size="1" variant={row.isPro ? "solid" : "outline"} color={row.isPro ? "amber" : undefined} disabled={busy} aria-label={`${row.isPro ? "Pro" : "Make Pro"} ${row.username}`} aria-pressed={row.isPro}>
        {row.isPro ? "Pro" : "Make Pro"}
      </Button>
      <Notice result={shown} />
    </Flex>
  );
}

/** Admin rating bounds and message (spec 1 §5), from the loader: the browser gets no zod models. */
export type RatingRule = { min: number; max: number; message: string };

export function RatingCell({ row, action, rule }: { row: ProviderRow; action: string; rule: RatingRule }) {
  const actionData = useActionData<RowResult>();
  // without JS a refused rating comes back as the page's action data, for this row only
  const refused = actionData && actionData.intent === "rating" && actionData.id === row.id && !actionData.ok ? actionData : undefined;
  return (
    <RowForm action={action} intent="rating" row={row} noValidate>
      {({ busy, result }) => <RatingEditor row={row} busy={busy} result={result ?? refused} rule={rule} />}
    </RowForm>
  );
}

function RatingEditor({ row, busy, result, rule }: { row: ProviderRow; busy: boolean; result: RowResult | undefined; rule: RatingRule }) {
  const hydrated = useHydrated();
  const initial = result && !result.ok && result.value !== undefined ? result.value : String(row.adminRating);
  const [value, setValue] = useState(initial);
  const [clientError, setClientError] = useState<string | null>(null);
  const shown = useFlash(result);
  // a saved value becomes the row's current one after revalidation
  const [seen, setSeen] = useState(row.adminRating);
  if (seen !== row.adminRating) {
    setSeen(row.adminRating);
    setValue(String(row.adminRating));
  }
  const inputId = `rating-${row.id}`;
  const error = clientError ?? (shown && !shown.ok ? shown.message : null);
  const unchanged = value.trim() === String(row.adminRating);
  return (
    <Flex direction="column" gap="1">
      <Flex gap="2" align="center" wrap="nowrap">
        <label htmlFor={inputId} className="visually-hidden">
          Admin Rating of {row.username}
        </label>
        <input
          id={inputId}
          name="admin_rating"
          type="number"
          inputMode="decimal"
          min={rule.min}
          max={rule.max}
          step="any"
          required
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            const n = Number(event.currentTarget.value);
            setClientError(event.currentTarget.value === "" || n < rule.min || n > rule.max ? rule.message : null);
          }}
          onInvalid={(event) => {
            event.preventDefault();
            setClientError(rule.message);
          }}
          className="native-input"
          style={{ width: "4.5rem" }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <Button type="submit" size="1" variant="soft" disabled={busy || (hydrated && (unchanged || clientError !== null))} aria-label={`Save rating of ${row.username}`}>
          Save
        </Button>
        {shown?.ok ? <Notice result={shown} /> : null}
      </Flex>
      {error ? (
        <Text id={`${inputId}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}
