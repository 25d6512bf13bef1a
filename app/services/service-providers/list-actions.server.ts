import { isRecordId } from "~contract/ids";
import { data } from "@remix-run/node";
import { z } from "zod";
import { ADMIN_RATING_MAX, ADMIN_RATING_MESSAGE, ADMIN_RATING_MIN, BoostingPointBody } from "~contract/service-providers";
import { postedRecordId } from "~/models/form-fields";
import { handleForm, intent, type IntentContext } from "~/services/form-action.server";
import { formFailure } from "~/services/form-result.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import type { Toast } from "~/models/toast";
import { redirectWithToast, toastCookie } from "~/services/toast.server";
import { listUrlOf } from "~/services/service-providers/list-query.server";

export const SOME_ERROR = "Some error occurred";
export const FAILED_TO_UPDATE = "Failed to update";

/** What a row action answers a fetcher (with JS); without JS the same outcome is a redirect + toast. */
export type RowActionResult = {
  intent: string;
  id: number;
  ok: boolean;
  message: string;
  /** the rating as typed, when it was refused */
  value?: string;
};

const idOf = (value: string | null) => (value !== null && isRecordId(value) ? Number(value) : null);

/** Data with the flash toast set (a fetcher's answer: the layout's loader shows it on revalidation). */
async function dataWithToast(request: Request, result: RowActionResult, toast: Toast | null, status = 200) {
  if (!toast) return data(result, { status });
  return data(result, { status, headers: { "Set-Cookie": await toastCookie(request, toast) } });
}

type Outcome = { ok: boolean; message: string; status?: number; value?: string; toast?: boolean };

/**
 * One intent's answer: a fetcher (the form carried _fetch=1) gets data and, for toggles, the toast;
 * a plain form post is redirected back to the same list URL with the toast.
 */
async function answer(request: Request, { values, intent }: IntentContext, id: number, outcome: Outcome) {
  const backTo = listUrlOf(new URL(request.url));
  const toast: Toast = { type: outcome.ok ? "success" : "error", message: outcome.message };
  if (values._fetch === "1") {
    return dataWithToast(
      request,
      // the intent's family ("toggle-pro"), not the button's whole value ("toggle-pro:12:true")
      { intent: familyOf(intent), id, ok: outcome.ok, message: outcome.message, value: outcome.value },
      outcome.toast === false ? null : toast,
      outcome.status ?? (outcome.ok ? 200 : 400),
    );
  }
  return redirectWithToast(request, backTo, toast);
}

function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof MarketplaceError)) throw error;
  return error.kind === "unavailable" ? error.message : fallback;
}

/**
 * A row's buttons post the table's one form and say everything in their own value, after their
 * family's colon: "toggle-status:<id>:<userId>:<Active|Inactive>", "toggle-verified:<id>:<userId>:<true|false>",
 * "toggle-pro:<id>:<true|false>", "refresh:<id>", "rating:<id>" (with the row's admin_rating field).
 */
const familyOf = (intent: string) => intent.split(":")[0];
const intentArgs = (intent: string) => intent.split(":").slice(1);

/** The row a post names: the button's (row intents) or the form's `id` field (the Delete dialog). */
const rowId = (context: IntentContext) => idOf(intentArgs(context.intent)[0] ?? context.values.id ?? null) ?? 0;

const ratingTyped = (context: IntentContext) => (context.values.admin_rating ?? "").trim();

/** A row button's value read by `read` (its parts after the family); what it cannot read is SOME_ERROR. */
const rowIntent = <Data extends { id: number }>(read: (args: string[]) => Data | null) =>
  z.string().transform((intent, ctx): Data => {
    const data = read(intentArgs(intent));
    if (data === null) {
      ctx.addIssue({ code: "custom", message: SOME_ERROR });
      return z.NEVER;
    }
    return data;
  });
/** A row intent's data, from the `intent` field alone. */
const fromIntent = <Data extends { id: number }>(read: (args: string[]) => Data | null) =>
  z.object({ intent: z.string() }).transform(({ intent }, ctx): Data => {
    const data = read(intentArgs(intent));
    if (data === null) {
      ctx.addIssue({ code: "custom", path: ["intent"], message: SOME_ERROR });
      return z.NEVER;
    }
    return data;
  });

const Row = fromIntent(([id]) => {
  const row = idOf(id ?? null);
  return row === null ? null : { id: row };
});
const userRow = (id: string | undefined, userId: string | undefined) => {
  const [row, user] = [idOf(id ?? null), idOf(userId ?? null)];
  return row === null || user === null ? null : { id: row, userId: user };
};
const ToggleStatus = fromIntent(([id, userId, status]) => {
  const ids = userRow(id, userId);
  // from anything but Active (Inactive, Hold) the toggle sets Active
  return ids && { ...ids, status: status === "Inactive" ? ("Inactive" as const) : ("Active" as const) };
});
const ToggleVerified = fromIntent(([id, userId, verified]) => {
  const ids = userRow(id, userId);
  return ids && { ...ids, verified: verified === "true" };
});
const TogglePro = fromIntent(([id, isPro]) => {
  const row = idOf(id ?? null);
  return row === null ? null : { id: row, is_pro: isPro === "true" };
});
/** The Delete dialog's form: the row in its `id` field. */
const DeleteRow = z.object({ id: postedRecordId(SOME_ERROR) });
const AdminRating = z
  .object({
    intent: rowIntent(([id]) => {
      const row = idOf(id ?? null);
      return row === null ? null : { id: row };
    }),
    admin_rating: z.preprocess(
      (value) => (typeof value === "string" ? value.trim() : ""),
      z
        .string()
        .min(1, ADMIN_RATING_MESSAGE)
        .pipe(
          z.coerce
            .number({ invalid_type_error: ADMIN_RATING_MESSAGE })
            .finite(ADMIN_RATING_MESSAGE)
            .min(ADMIN_RATING_MIN, ADMIN_RATING_MESSAGE)
            .max(ADMIN_RATING_MAX, ADMIN_RATING_MESSAGE),
        ),
    ),
  })
  .transform(({ intent, admin_rating }) => ({ id: intent.id, admin_rating }));
/** The Boosting dialog: the provider's id, then the API's rules (an empty Points box is a missing value). */
const Boost = z
  .object({ id: postedRecordId(SOME_ERROR), points: z.unknown(), reason: z.unknown(), kind: z.unknown() })
  .transform(({ id, points, reason, kind }) => ({
    service_provider: id,
    points: typeof points === "string" && points.trim() ? points.trim() : undefined,
    reason: typeof reason === "string" ? reason : "",
    kind: typeof kind === "string" && kind ? kind : undefined,
  }))
  .pipe(BoostingPointBody);

const boostValues = (values: Record<string, string>) => ({
  points: values.points ?? "",
  reason: values.reason ?? "",
  kind: values.kind ?? "",
});

/**
 * The list's buttons. A row's button (a toggle, Refresh, the rating; Delete in its dialog): done → its message; a
 * row the form does not name, or the API refusing → "Some error occurred" (or the API's words when
 * it is not answering). Boost: the dialog's fields, refused beside them.
 */
export function providerListAction(request: Request, api: Marketplace) {
  const row = <Data extends { id: number }>(
    schema: z.ZodType<Data, z.ZodTypeDef, unknown>,
    work: (data: Data) => Promise<Outcome>,
    fallback = SOME_ERROR,
    toast?: false,
  ) =>
    intent(schema, async (data, context) => answer(request, context, data.id, await work(data)), {
      invalid: (_errors, context) => answer(request, context, rowId(context), { ok: false, message: SOME_ERROR }),
      refused: (error, context) => answer(request, context, rowId(context), { ok: false, message: failureText(error, fallback), toast }),
    });
  return handleForm(request, api, {
    "toggle-status:": row(ToggleStatus, async ({ userId, status }) => {
      await api.updateUser(userId, { status });
      return { ok: true, message: "Status updated successfully" };
    }),
    "toggle-verified:": row(ToggleVerified, async ({ userId, verified }) => {
      await api.updateUser(userId, { verified });
      return {
        ok: true,
        message: verified ? "Service Provider verified successfully" : "Service Provider unverified successfully",
      };
    }),
    "refresh:": row(Row, async ({ id }) => {
      await api.refreshProvider(id);
      return { ok: true, message: "Service Provider refreshed successfully" };
    }),
    // with JS both outcomes show beside the button, not as a toast
    "toggle-pro:": row(
      TogglePro,
      async ({ id, is_pro }) => {
        await api.updateProvider(id, { is_pro });
        return { ok: true, message: "Updated!", toast: false };
      },
      FAILED_TO_UPDATE,
      false,
    ),
    "rating:": intent(
      AdminRating,
      async ({ id, admin_rating }, context) => {
        await api.updateProvider(id, { admin_rating });
        return answer(request, context, id, { ok: true, message: "Saved!", toast: false });
      },
      {
        invalid: (errors, context) => {
          if (errors.intent) return answer(request, context, 0, { ok: false, message: SOME_ERROR });
          // beside the row's input, with or without JS; nothing is sent
          const result: RowActionResult = {
            intent: "rating",
            id: rowId(context),
            ok: false,
            message: ADMIN_RATING_MESSAGE,
            value: ratingTyped(context),
          };
          return data(result, { status: 400 });
        },
        refused: (error, context) =>
          answer(request, context, rowId(context), {
            ok: false,
            message: failureText(error, FAILED_TO_UPDATE),
            value: ratingTyped(context),
            toast: false,
          }),
      },
    ),
    delete: row(DeleteRow, async ({ id }) => {
      await api.deleteProvider(id);
      return { ok: true, message: "Service Provider deleted successfully" };
    }),
    boost: intent(
      Boost,
      async (body) => {
        await api.createBoostingPoint(body);
        return redirectWithToast(request, listUrlOf(new URL(request.url)), {
          type: "success",
          message: "Boosting point updated successfully",
        });
      },
      {
        invalid: (fieldErrors, context) => {
          if (fieldErrors.id) return answer(request, context, 0, { ok: false, message: SOME_ERROR });
          const values = boostValues(context.values);
          const errors = { ...fieldErrors };
          if (!values.points.trim()) errors.points = "Points are required";
          return formFailure(values, { intent: "boost", fieldErrors: errors }, 400);
        },
        refused: (error, context) => {
          const formError = Object.keys(error.fieldErrors).length ? undefined : error.message;
          return formFailure(
            boostValues(context.values),
            { intent: "boost", fieldErrors: error.fieldErrors, formError },
            error.kind === "unavailable" ? 503 : 400,
          );
        },
      },
    ),
  });
}
