import { isRecordId } from "~contract/ids";
import { data } from "@remix-run/node";
import type { AdminUser } from "~contract/admin-users";
import { ADMIN_RATING_MAX, ADMIN_RATING_MESSAGE, ADMIN_RATING_MIN, BoostingPointBody } from "~contract/service-providers";
import { fieldErrorsOf } from "~contract/form-result";
import { formFailure } from "~/services/form-result.server";
import { MarketplaceError, type Caller, callerOf } from "~/services/marketplace/client.server";
import { createBoostingPoint } from "~/services/marketplace/points.server";
import { deleteProvider, refreshProvider, updateProvider, updateUser } from "~/services/marketplace/service-providers.server";
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

const idOf = (value: FormDataEntryValue | null) => {
  const s = typeof value === "string" ? value : "";
  return isRecordId(s) ? Number(s) : null;
};

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
async function answer(request: Request, formData: FormData, intent: string, id: number, outcome: Outcome) {
  const backTo = listUrlOf(new URL(request.url));
  const toast: Toast = { type: outcome.ok ? "success" : "error", message: outcome.message };
  if (formData.get("_fetch") === "1") {
    return dataWithToast(
      request,
      { intent, id, ok: outcome.ok, message: outcome.message, value: outcome.value },
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

export async function providerListAction(request: Request, admin: AdminUser) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const caller: Caller = callerOf(admin, request);
  const id = idOf(formData.get("id"));
  const userId = idOf(formData.get("userId"));
  const known = ["toggle-status", "toggle-verified", "refresh", "toggle-pro", "rating", "delete", "boost"];
  if (!known.includes(intent)) {
    throw new Response(`Unknown intent: ${intent}`, { status: 400, statusText: "Bad Request" });
  }
  if (id === null) return answer(request, formData, intent, 0, { ok: false, message: SOME_ERROR });

  switch (intent) {
    case "toggle-status": {
      // from anything but Active (Inactive, Hold) the toggle sets Active
      const status = formData.get("status") === "Inactive" ? "Inactive" : "Active";
      if (userId === null) return answer(request, formData, intent, id, { ok: false, message: SOME_ERROR });
      try {
        await updateUser(caller, userId, { status });
      } catch (error) {
        return answer(request, formData, intent, id, { ok: false, message: failureText(error, SOME_ERROR) });
      }
      return answer(request, formData, intent, id, { ok: true, message: "Status updated successfully" });
    }
    case "toggle-verified": {
      const verified = formData.get("verified") === "true";
      if (userId === null) return answer(request, formData, intent, id, { ok: false, message: SOME_ERROR });
      try {
        await updateUser(caller, userId, { verified });
      } catch (error) {
        return answer(request, formData, intent, id, { ok: false, message: failureText(error, SOME_ERROR) });
      }
      return answer(request, formData, intent, id, {
        ok: true,
        message: verified ? "Service Provider verified successfully" : "Service Provider unverified successfully",
      });
    }
    case "refresh": {
      try {
        await refreshProvider(caller, id);
      } catch (error) {
        return answer(request, formData, intent, id, { ok: false, message: failureText(error, SOME_ERROR) });
      }
      return answer(request, formData, intent, id, { ok: true, message: "Service Provider refreshed successfully" });
    }
    case "toggle-pro": {
      const isPro = formData.get("is_pro") === "true";
      try {
        await updateProvider(caller, id, { is_pro: isPro });
      } catch (error) {
        // with JS both outcomes show beside the button, not as a toast
        return answer(request, formData, intent, id, { ok: false, message: failureText(error, FAILED_TO_UPDATE), toast: false });
      }
      return answer(request, formData, intent, id, { ok: true, message: "Updated!", toast: false });
    }
    case "rating": {
      const value = String(formData.get("admin_rating") ?? "").trim();
      const rating = Number(value);
      if (!value || !Number.isFinite(rating) || rating < ADMIN_RATING_MIN || rating > ADMIN_RATING_MAX) {
        // beside the row's input, with or without JS; nothing is sent
        return data<RowActionResult>({ intent, id, ok: false, message: ADMIN_RATING_MESSAGE, value }, { status: 400 });
      }
      try {
        await updateProvider(caller, id, { admin_rating: rating });
      } catch (error) {
        return answer(request, formData, intent, id, { ok: false, message: failureText(error, FAILED_TO_UPDATE), value, toast: false });
      }
      return answer(request, formData, intent, id, { ok: true, message: "Saved!", toast: false });
    }
    case "delete": {
      try {
        await deleteProvider(caller, id);
      } catch (error) {
        return answer(request, formData, intent, id, { ok: false, message: failureText(error, SOME_ERROR) });
      }
      return answer(request, formData, intent, id, { ok: true, message: "Service Provider deleted successfully" });
    }
    default: {
      const values = {
        points: String(formData.get("points") ?? ""),
        reason: String(formData.get("reason") ?? ""),
        kind: String(formData.get("kind") ?? ""),
      };
      const parsed = BoostingPointBody.safeParse({
        service_provider: id,
        points: values.points.trim() || undefined,
        reason: values.reason,
        kind: values.kind || undefined,
      });
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error.issues);
        if (!values.points.trim()) fieldErrors.points = "Points are required";
        return formFailure(values, { intent: "boost", fieldErrors }, 400);
      }
      try {
        await createBoostingPoint(caller, parsed.data);
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        const formError = Object.keys(error.fieldErrors).length ? undefined : error.message;
        return formFailure(
          values,
          { intent: "boost", fieldErrors: error.fieldErrors, formError },
          error.kind === "unavailable" ? 503 : 400,
        );
      }
      return redirectWithToast(request, listUrlOf(new URL(request.url)), {
        type: "success",
        message: "Boosting point updated successfully",
      });
    }
  }
}
