import { createContext, memo, useContext, type ChangeEvent } from "react";
import type { ProviderRow } from "~/models/service-providers";

/**
 * One row of the Service Providers list: plain markup, no hooks. Its buttons belong to the table's
 * one form (ROWS_FORM_ID, outside the table) and carry what they do in their own value, the row's
 * ids and the value the toggle sets included ("toggle-status:<id>:<userId>:<next status>"); the
 * rating has a small form of its own, so Enter in it saves that row's rating. Without JS that is a
 * plain POST (redirect back + toast); with JS the table catches the submit (one handler for all
 * rows, list-table.tsx) and sends it through a fetcher, so the row updates in place. What a row
 * shows while an action runs or after it answers comes from the table as `ui`, undefined until
 * the admin acts on that row.
 */

/** The table's one form, which every row button but the rating's Save posts. */
export const ROWS_FORM_ID = "provider-rows";
/** The bulk-email form (above the table) the rows' checkboxes belong to. */
export const EMAIL_FORM_ID = "bulk-email";

/** What the list action answers a fetcher (kept in step with list-actions.server.ts). */
export type RowResult = { intent: string; id: number; ok: boolean; message: string; value?: string };

/** Admin rating bounds and message (spec 1 §5), from the loader: the browser gets no zod models. */
export type RatingRule = { min: number; max: number; message: string };

/** The table's state for one row once the admin acts on it. */
export type RowUi = {
  /** intents (their family: "toggle-pro", "rating") being saved */
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

/** A row button's intent ("toggle-pro:12:true"): its family ("toggle-pro") and its row's id (12), or null. */
export function rowIntentOf(value: string): { family: string; id: number } | null {
  const [family, id] = value.split(":");
  return family && id && /^[1-9]\d{0,15}$/.test(id) ? { family, id: Number(id) } : null;
}

/** True once React runs in the browser: only the rating's Save buttons read it (see RatingSave). */
export const ScriptedContext = createContext(false);

type RowProps = {
  row: ProviderRow;
  detailsHref: string;
  boostHref: string;
  deleteHref: string;
  checked: boolean;
  onCheck: (event: ChangeEvent<HTMLInputElement>) => void;
  ui: RowUi | undefined;
  /** a rating the server refused on a plain POST (no JS), for this row */
  refused: RowResult | undefined;
  rule: RatingRule;
  /** the list URL the rating's form posts to (and the action redirects back to without JS) */
  action: string;
};

/*
 * The classes ~/components/ui's Button, Badge and Text give these controls, worked out once here
 * rather than for every row (size 1; the tinted variants and solid green in Radix's high contrast).
 */
const BUTTON = "rt-reset rt-BaseButton rt-r-size-1";
const SOFT = `${BUTTON} rt-variant-soft rt-high-contrast rt-Button`;
const SOLID_HIGH = `${BUTTON} rt-variant-solid rt-high-contrast rt-Button`;
const SOLID = `${BUTTON} rt-variant-solid rt-Button`;
const OUTLINE = `${BUTTON} rt-variant-outline rt-high-contrast rt-Button`;
const BADGE = "rt-reset rt-Badge rt-r-size-1 rt-variant-soft rt-high-contrast";
const SMALL_TEXT = "rt-Text rt-r-size-1";
const STATUS_COLOR: Record<string, string> = { Active: "green", Hold: "amber" };

const busyWith = (ui: RowUi | undefined, intent: string) => ui?.busy?.includes(intent) ?? false;
/** data-disabled as Button sets it */
const disabledMark = (disabled: boolean) => (disabled ? "true" : undefined);

function ProviderRowView({ row, action, detailsHref, boostHref, deleteHref, checked, onCheck, ui, refused, rule }: RowProps) {
  const { id, userId, username } = row;
  const nextStatus = row.status === "Active" ? "Inactive" : "Active";
  const statusLabel = nextStatus === "Active" ? "Make Active" : "Make Inactive";
  const verifyLabel = row.verified ? "Un-verify" : "Verify Now";
  const proLabel = row.isPro ? "Pro" : "Make Pro";
  const statusBusy = busyWith(ui, "toggle-status");
  const verifyBusy = busyWith(ui, "toggle-verified");
  const refreshing = busyWith(ui, "refresh");
  const proBusy = busyWith(ui, "toggle-pro");
  const proNotice = ui?.notice?.intent === "toggle-pro" ? ui.notice : undefined;
  const ratingNotice = ui?.notice?.intent === "rating" ? ui.notice : undefined;
  const ratingError = ui?.error ?? (ratingNotice && !ratingNotice.ok ? ratingNotice.message : refused?.message);
  const errorId = `rating-${id}-error`;
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          className="native-checkbox"
          form={EMAIL_FORM_ID}
          name="to"
          value={userId}
          checked={checked}
          onChange={onCheck}
          aria-label={`Select ${username}`}
        />
      </td>
      <td className="provider-name">{username}</td>
      <td>{row.category}</td>
      <td className="nowrap">{row.phone}</td>
      <td className="nowrap">{row.regDate}</td>
      <td className="nowrap">{row.updateDate}</td>
      <td className="nowrap">{row.refreshAt}</td>
      <td>{row.plan}</td>
      <td>{row.stage}</td>
      <td>
        <a href={detailsHref} aria-label={`View ${username}`}>
          View
        </a>
      </td>
      <td className="row-stack">
        <span className={BADGE} data-accent-color={STATUS_COLOR[row.status] ?? "gray"} data-radius="full">
          {row.status}
        </span>
        <button
          type="submit"
          form={ROWS_FORM_ID}
          name="intent"
          value={`toggle-status:${id}:${userId}:${nextStatus}`}
          className={SOFT}
          data-accent-color={nextStatus === "Active" ? "green" : "gray"}
          disabled={statusBusy}
          data-disabled={disabledMark(statusBusy)}
          aria-label={`${statusLabel} ${username}`}
        >
          {statusLabel}
        </button>
      </td>
      <td>
        <button
          type="submit"
          form={ROWS_FORM_ID}
          name="intent"
          value={`toggle-verified:${id}:${userId}:${!row.verified}`}
          className={row.verified ? SOFT : SOLID_HIGH}
          data-accent-color={row.verified ? "gray" : "green"}
          disabled={verifyBusy}
          data-disabled={disabledMark(verifyBusy)}
          aria-label={`${verifyLabel} ${username}`}
        >
          {verifyLabel}
        </button>
      </td>
      <td className="nowrap">
        {row.lastLogin}
        <span className={`${SMALL_TEXT} row-sub`} data-accent-color="gray">
          {row.agreement}
        </span>
      </td>
      <td>
        <button
          type="submit"
          form={ROWS_FORM_ID}
          name="intent"
          value={`refresh:${id}`}
          className={SOFT}
          data-accent-color=""
          disabled={refreshing}
          data-disabled={disabledMark(refreshing)}
          aria-label={`Refresh ${username}`}
        >
          {refreshing ? "Refreshing…" : "Refresh"}
        </button>
      </td>
      <td className="nowrap">
        {/* its own element: the total is found (and read) apart from the Add link */}
        <span>{row.boosterPoints}</span>
        <a href={boostHref} className="row-link" aria-label={`Add boosting point for ${username}`}>
          Add
        </a>
      </td>
      <td className="nowrap">
        <button
          type="submit"
          form={ROWS_FORM_ID}
          name="intent"
          value={`toggle-pro:${id}:${!row.isPro}`}
          className={row.isPro ? SOLID : OUTLINE}
          data-accent-color={row.isPro ? "amber" : ""}
          disabled={proBusy}
          data-disabled={disabledMark(proBusy)}
          aria-label={`${proLabel} ${username}`}
          aria-pressed={row.isPro}
        >
          {proLabel}
        </button>
        {proNotice ? <Notice result={proNotice} /> : null}
      </td>
      <td>
        {/* its own form: Enter in the rating saves it (the form's one button). noValidate: the
            server checks and answers beside the field; the browser's bubble would hide that */}
        <form method="post" action={action} className="row-form" noValidate>
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
            aria-label={`Admin Rating of ${username}`}
            aria-invalid={ratingError ? true : undefined}
            aria-describedby={ratingError ? errorId : undefined}
          />
          <RatingSave row={row} ui={ui} />
          {ratingNotice?.ok ? <Notice result={ratingNotice} /> : null}
          {ratingError ? (
            <span id={errorId} className={`${SMALL_TEXT} row-form-error`} data-accent-color="red" role="alert">
              {ratingError}
            </span>
          ) : null}
        </form>
      </td>
      <td>
        <a href={deleteHref} className="row-link-danger" aria-label={`Delete ${username}`}>
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
  const disabled = busyWith(ui, "rating") || (scripted && (unchanged || ui?.error !== undefined));
  return (
    <button
      type="submit"
      name="intent"
      value={`rating:${row.id}`}
      className={SOFT}
      data-accent-color=""
      disabled={disabled}
      data-disabled={disabledMark(disabled)}
      aria-label={`Save rating of ${row.username}`}
    >
      Save
    </button>
  );
}

function Notice({ result }: { result: RowResult }) {
  return (
    <span className={`${SMALL_TEXT} row-notice`} data-accent-color={result.ok ? "green" : "red"} role={result.ok ? "status" : "alert"}>
      {result.message}
    </span>
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
