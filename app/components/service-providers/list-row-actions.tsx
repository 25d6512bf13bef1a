import { createContext, memo, useContext, type ChangeEvent } from "react";
import { Badge, Button, Text } from "~/components/ui";
import type { ProviderRow } from "~/models/service-providers";

/**
 * One row of the Service Providers list: plain markup, no hooks. The row's toggles post one form
 * (in the first cell: the row's ids and the value each toggle sets) and their buttons sit in their
 * own columns with form="…" and the intent as their value; the rating has a form of its own, so
 * Enter in it saves the rating. Without JS that is a plain POST (redirect back + toast); with JS
 * the table catches the submit (one handler for all rows, list-table.tsx) and sends it through a
 * fetcher, so the row updates in place. What a row shows while an action runs or after it
 * answers comes from the table as `ui`, undefined until the admin acts on that row.
 */

/** What the list action answers a fetcher (kept in step with list-actions.server.ts). */
export type RowResult = { intent: string; id: number; ok: boolean; message: string; value?: string };

/** Admin rating bounds and message (spec 1 §5), from the loader: the browser gets no zod models. */
export type RatingRule = { min: number; max: number; message: string };

/** The table's state for one row once the admin acts on it. */
export type RowUi = {
  /** intents being saved */
  busy?: string[];
  /** the last answer shown beside Pro or the rating ("Updated!", "Saved!", a failure) */
  notice?: RowResult;
  /** the rating as typed, and the browser's complaint about it */
  draft?: string;
  error?: string;
};

/** The rating's problem, if any, in the spec's words. */
export function ratingProblem(value: string, rule: RatingRule): string | null {
  const n = Number(value.trim());
  return value.trim() === "" || !Number.isFinite(n) || n < rule.min || n > rule.max ? rule.message : null;
}

/** True once React runs in the browser: only the rating's Save buttons read it (see RatingSave). */
export const ScriptedContext = createContext(false);

type RowProps = {
  row: ProviderRow;
  /** the list URL the forms post to (and the action redirects back to without JS) */
  action: string;
  detailsHref: string;
  boostHref: string;
  deleteHref: string;
  /** the bulk-email form the checkbox belongs to */
  emailForm: string;
  checked: boolean;
  onCheck: (event: ChangeEvent<HTMLInputElement>) => void;
  ui: RowUi | undefined;
  /** a rating the server refused on a plain POST (no JS), for this row */
  refused: RowResult | undefined;
  rule: RatingRule;
};

const STATUS_COLOR: Record<string, string> = { Active: "green", Hold: "amber" };

const busyWith = (ui: RowUi | undefined, intent: string) => ui?.busy?.includes(intent) ?? false;

function ProviderRowView({ row, action, detailsHref, boostHref, deleteHref, emailForm, checked, onCheck, ui, refused, rule }: RowProps) {
  const nextStatus = row.status === "Active" ? "Inactive" : "Active";
  const statusLabel = nextStatus === "Active" ? "Make Active" : "Make Inactive";
  const verifyLabel = row.verified ? "Un-verify" : "Verify Now";
  const proLabel = row.isPro ? "Pro" : "Make Pro";
  const refreshing = busyWith(ui, "refresh");
  const proNotice = ui?.notice?.intent === "toggle-pro" ? ui.notice : undefined;
  const ratingNotice = ui?.notice?.intent === "rating" ? ui.notice : undefined;
  const ratingError = ui?.error ?? (ratingNotice && !ratingNotice.ok ? ratingNotice.message : refused?.message);
  const inputId = `rating-${row.id}`;
  const formId = `provider-${row.id}`;
  return (
    <tr>
      <td>
        <form id={formId} method="post" action={action}>
          <input type="hidden" name="id" value={row.id} />
          <input type="hidden" name="userId" value={row.userId} />
          <input type="hidden" name="status" value={nextStatus} />
          <input type="hidden" name="verified" value={String(!row.verified)} />
          <input type="hidden" name="is_pro" value={String(!row.isPro)} />
        </form>
        <input
          type="checkbox"
          className="native-checkbox"
          form={emailForm}
          name="to"
          value={row.userId}
          checked={checked}
          onChange={onCheck}
          aria-label={`Select ${row.username}`}
        />
      </td>
      <td className="provider-name">{row.username}</td>
      <td>{row.category}</td>
      <td className="nowrap">{row.phone}</td>
      <td className="nowrap">{row.regDate}</td>
      <td className="nowrap">{row.updateDate}</td>
      <td className="nowrap">{row.refreshAt}</td>
      <td>{row.plan}</td>
      <td>{row.stage}</td>
      <td>
        <a href={detailsHref} aria-label={`View ${row.username}`}>
          View
        </a>
      </td>
      <td className="row-stack">
        <Badge color={STATUS_COLOR[row.status] ?? "gray"} radius="full">
          {row.status}
        </Badge>
        <Button
          type="submit"
          form={formId}
          name="intent"
          value="toggle-status"
          size="1"
          variant="soft"
          color={nextStatus === "Active" ? "green" : "gray"}
          disabled={busyWith(ui, "toggle-status")}
          aria-label={`${statusLabel} ${row.username}`}
        >
          {statusLabel}
        </Button>
      </td>
      <td>
        <Button
          type="submit"
          form={formId}
          name="intent"
          value="toggle-verified"
          size="1"
          variant={row.verified ? "soft" : "solid"}
          color={row.verified ? "gray" : "green"}
          disabled={busyWith(ui, "toggle-verified")}
          aria-label={`${verifyLabel} ${row.username}`}
        >
          {verifyLabel}
        </Button>
      </td>
      <td className="nowrap">
        {row.lastLogin}
        <Text size="1" color="gray" className="row-sub">
          {row.agreement}
        </Text>
      </td>
      <td>
        <Button
          type="submit"
          form={formId}
          name="intent"
          value="refresh"
          size="1"
          variant="soft"
          disabled={refreshing}
          aria-label={`Refresh ${row.username}`}
        >
          {refreshing ? "Refreshing…" : "Refresh"}
        </Button>
      </td>
      <td className="nowrap">
        <span>{row.boosterPoints}</span>
        <a href={boostHref} className="row-link" aria-label={`Add boosting point for ${row.username}`}>
          Add
        </a>
      </td>
      <td className="nowrap">
        <Button
          type="submit"
          form={formId}
          name="intent"
          value="toggle-pro"
          size="1"
          variant={row.isPro ? "solid" : "outline"}
          color={row.isPro ? "amber" : undefined}
          disabled={busyWith(ui, "toggle-pro")}
          aria-label={`${proLabel} ${row.username}`}
          aria-pressed={row.isPro}
        >
          {proLabel}
        </Button>
        {proNotice ? <Notice result={proNotice} /> : null}
      </td>
      <td>
        {/* noValidate: the server checks and answers beside the field; the browser's bubble would hide that */}
        <form method="post" action={action} className="row-form" noValidate>
          <input type="hidden" name="id" value={row.id} />
          <input
            name="admin_rating"
            type="number"
            inputMode="decimal"
            min={rule.min}
            max={rule.max}
            step="any"
            required
            defaultValue={refused?.value ?? String(row.adminRating)}
            className="native-input rating-input"
            aria-label={`Admin Rating of ${row.username}`}
            aria-invalid={ratingError ? true : undefined}
            aria-describedby={ratingError ? `${inputId}-error` : undefined}
          />
          <RatingSave row={row} ui={ui} />
          {ratingNotice?.ok ? <Notice result={ratingNotice} /> : null}
          {ratingError ? (
            <Text id={`${inputId}-error`} size="1" color="red" role="alert" className="row-form-error">
              {ratingError}
            </Text>
          ) : null}
        </form>
      </td>
      <td>
        <a href={deleteHref} className="row-link-danger" aria-label={`Delete ${row.username}`}>
          Delete
        </a>
      </td>
    </tr>
  );
}

/** Save is disabled, with JS, while the rating is unchanged or out of range. */
function RatingSave({ row, ui }: { row: ProviderRow; ui: RowUi | undefined }) {
  const scripted = useContext(ScriptedContext);
  const unchanged = ui?.draft === undefined || ui.draft.trim() === String(row.adminRating);
  return (
    <Button
      type="submit"
      name="intent"
      value="rating"
      size="1"
      variant="soft"
      disabled={busyWith(ui, "rating") || (scripted && (unchanged || ui?.error !== undefined))}
      aria-label={`Save rating of ${row.username}`}
    >
      Save
    </Button>
  );
}

function Notice({ result }: { result: RowResult }) {
  return (
    <Text size="1" color={result.ok ? "green" : "red"} role={result.ok ? "status" : "alert"} className="row-notice">
      {result.message}
    </Text>
  );
}

const ROW_KEYS: (keyof ProviderRow)[] = [
  "id",
  "userId",
  "username",
  "category",
  "phone",
  "regDate",
  "updateDate",
  "refreshAt",
  "plan",
  "stage",
  "status",
  "verified",
  "lastLogin",
  "agreement",
  "isPro",
  "adminRating",
  "boosterPoints",
];

/** Revalidation brings new row objects for every row: re-render only the rows whose values changed. */
function sameProps(a: RowProps, b: RowProps): boolean {
  for (const key of Object.keys(a) as (keyof RowProps)[]) {
    if (key === "row") {
      if (a.row !== b.row && ROW_KEYS.some((k) => a.row[k] !== b.row[k])) return false;
    } else if (key === "rule") {
      if (a.rule.min !== b.rule.min || a.rule.max !== b.rule.max || a.rule.message !== b.rule.message) return false;
    } else if (a[key] !== b[key]) return false;
  }
  return true;
}

export const ProviderRowMemo = memo(ProviderRowView, sameProps);
