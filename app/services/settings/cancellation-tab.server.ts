import {
  CANCELLATION_REASON_MESSAGES,
  CancellationReasonFields,
  PARTIES,
  UpdateCancellationReasonBody,
  type CancellationReason,
  type Party,
} from "~contract/orders";
import type { AdminUser } from "~contract/admin-users";
import { fieldErrorsOf } from "~contract/form-result";
import { isRecordId } from "~contract/ids";
import {
  CANCELLATION_TAB_URL,
  movedTo,
  PARTY_LABELS,
  REASON_DELETE_FAILED,
  REASON_DELETED,
  REASON_NO_CHANGE,
  REORDER_FAILED,
  SETTINGS_SAVED,
  type ReasonDialog,
  type ReasonFormValues,
  type ReasonRow,
} from "~/models/settings-tabs";
import { throwLoaderError } from "~/services/errors.server";
import { apiFailure, formFailure, SOME_ERROR } from "~/services/form-result.server";
import { readRowDialog } from "~/services/list-query.server";
import {
  createReason,
  deleteReason,
  getReason,
  listPartyReasons,
  reorderReasons,
  updateReason,
} from "~/services/marketplace/cancellation-reasons.server";
import { callerOf, MarketplaceError } from "~/services/marketplace/client.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDateTime } from "~/utils/dates";
import { isOneOf } from "~shared/one-of";

const isParty = (value: unknown): value is Party => typeof value === "string" && isOneOf(PARTIES, value);
const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

const toRow = (r: CancellationReason, index: number): ReasonRow => ({
  id: r.reasons_id,
  reason: r.reason,
  repercussion: r.repercussion,
  status: r.status,
  serviceType: r.service_type,
  position: index + 1,
});

const valuesOf = (r: CancellationReason): ReasonFormValues => ({
  reason: r.reason,
  repercussion: r.repercussion,
  status: r.status,
  service_type: r.service_type,
  user_type: r.user_type,
  updated_at: r.updated_at,
});

/**
 * The Cancellation Settings tab: the Service Provider and the User lists in their stored order (the
 * order the booking page's cancel dialog offers), and the dialog the URL asks for
 * (?dialog=add&party=…, ?dialog=edit&id=…, ?dialog=delete&id=…).
 */
export async function cancellationTabLoader(request: Request, admin: AdminUser, url: URL) {
  const caller = callerOf(admin, request);
  const [provider, user] = await Promise.all([listPartyReasons(caller, "ServiceProvider"), listPartyReasons(caller, "User")]).catch(
    throwLoaderError,
  );
  const lists: Record<Party, CancellationReason[]> = { ServiceProvider: provider, User: user };

  const params = url.searchParams;
  let dialog: ReasonDialog | null = null;
  let dialogError: string | null = null;
  if (params.get("dialog") === "add") {
    const party = params.get("party");
    dialog = {
      kind: "add",
      values: { reason: "", repercussion: "", status: "", service_type: "", user_type: isParty(party) ? party : "" },
    };
  } else {
    const editId = readRowDialog(params, "edit");
    const deleteId = readRowDialog(params, "delete");
    if (editId !== null) {
      // the form edits the reason as it is now, with the version it was loaded at
      try {
        const record = await getReason(caller, editId);
        dialog = {
          kind: "edit",
          id: editId,
          values: valuesOf(record),
          updatedText: `${formatDateTime(record.updated_at)}${record.updated_by ? ` by ${record.updated_by}` : ""}`,
        };
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        dialogError = error.kind === "not-found" ? "This cancellation reason no longer exists." : error.message || SOME_ERROR;
      }
    } else if (deleteId !== null) {
      const record = [...lists.ServiceProvider, ...lists.User].find((r) => r.reasons_id === deleteId);
      if (record) dialog = { kind: "delete", id: deleteId, reason: record.reason, party: record.user_type };
      else dialogError = "This cancellation reason no longer exists.";
    }
  }

  return {
    tables: {
      ServiceProvider: lists.ServiceProvider.map(toRow),
      User: lists.User.map(toRow),
    },
    dialog,
    dialogError,
  };
}

/** The add/edit form as posted (what refills it). */
function readReasonForm(formData: FormData): ReasonFormValues {
  const values: ReasonFormValues = {
    reason: text(formData, "reason"),
    repercussion: text(formData, "repercussion"),
    status: text(formData, "status"),
    service_type: text(formData, "service_type"),
    user_type: text(formData, "user_type"),
  };
  const updatedAt = text(formData, "updated_at");
  if (updatedAt) values.updated_at = updatedAt;
  return values;
}

async function createIntent(request: Request, admin: AdminUser, formData: FormData) {
  const values = readReasonForm(formData);
  const parsed = CancellationReasonFields.safeParse(values);
  if (!parsed.success) return formFailure(values, { intent: "create", fieldErrors: fieldErrorsOf(parsed.error.issues) }, 400);
  try {
    await createReason(callerOf(admin, request, formData), parsed.data);
  } catch (error) {
    return apiFailure(error, values, "cancellation reason", { intent: "create", notFound: "form" });
  }
  return redirectWithToast(request, CANCELLATION_TAB_URL, { type: "success", message: SETTINGS_SAVED });
}

async function saveIntent(request: Request, admin: AdminUser, formData: FormData) {
  const values = readReasonForm(formData);
  const id = text(formData, "id");
  if (!isRecordId(id)) return formFailure(values, { intent: "save", formError: "This cancellation reason no longer exists." }, 404);
  const fields = CancellationReasonFields.safeParse(values);
  const version = UpdateCancellationReasonBody.safeParse({ updated_at: values.updated_at });
  if (!fields.success || !version.success) {
    const fieldErrors = fields.success ? {} : fieldErrorsOf(fields.error.issues);
    return formFailure(
      values,
      { intent: "save", fieldErrors, formError: version.success ? undefined : "Reload the page and try again." },
      400,
    );
  }
  try {
    await updateReason(callerOf(admin, request), Number(id), { ...fields.data, updated_at: version.data.updated_at });
  } catch (error) {
    if (error instanceof MarketplaceError && error.kind === "invalid" && error.message === CANCELLATION_REASON_MESSAGES.noChange) {
      return redirectWithToast(request, CANCELLATION_TAB_URL, { type: "info", message: REASON_NO_CHANGE });
    }
    return apiFailure(error, values, "cancellation reason", { intent: "save", notFound: "form" });
  }
  return redirectWithToast(request, CANCELLATION_TAB_URL, { type: "success", message: SETTINGS_SAVED });
}

async function deleteIntent(request: Request, admin: AdminUser, formData: FormData) {
  const id = text(formData, "id");
  if (!isRecordId(id))
    return redirectWithToast(request, CANCELLATION_TAB_URL, {
      type: "error",
      title: REASON_DELETE_FAILED,
      message: "Unknown cancellation reason",
    });
  try {
    await deleteReason(callerOf(admin, request), Number(id));
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return redirectWithToast(request, CANCELLATION_TAB_URL, {
      type: "error",
      title: REASON_DELETE_FAILED,
      message: error.message || SOME_ERROR,
    });
  }
  return redirectWithToast(request, CANCELLATION_TAB_URL, { type: "success", message: REASON_DELETED });
}

/**
 * A new order of one party's list: `move` is "up:<id>" / "down:<id>" (the Move buttons: one place)
 * or "to:<id>:<target>" (a drag: to the target's place), applied to `ids`; without a move, `ids` is
 * the new order itself. Null when the move names no reason of the list.
 */
export function newOrderOf(ids: number[], move: string): number[] | null {
  if (!move) return ids;
  const drag = /^to:(\d+):(\d+)$/.exec(move);
  if (drag) {
    const [id, target] = [Number(drag[1]), Number(drag[2])];
    return ids.includes(id) && ids.includes(target) ? movedTo(ids, id, target) : null;
  }
  const matched = /^(up|down):(\d+)$/.exec(move);
  if (!matched) return null;
  const index = ids.indexOf(Number(matched[2]));
  if (index < 0) return null;
  const to = matched[1] === "up" ? index - 1 : index + 1;
  if (to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

async function reorderIntent(request: Request, admin: AdminUser, formData: FormData) {
  const raw = formData.getAll("ids").map(String);
  const party = text(formData, "party");
  const move = text(formData, "move");
  const fail = (message: string) => redirectWithToast(request, CANCELLATION_TAB_URL, { type: "error", title: REORDER_FAILED, message });
  if (raw.length === 0 || !raw.every(isRecordId) || new Set(raw).size !== raw.length)
    return fail(CANCELLATION_REASON_MESSAGES.reorderEmpty);
  try {
    // a move applies to the list as it is now, not as this page showed it: another admin's move
    // made meanwhile is kept (a whole order posted without a move replaces the list, if still whole)
    if (move && isParty(party)) {
      // read, move, write only if nobody reordered in between (409: read again, once more)
      for (let attempt = 1; ; attempt++) {
        const base = (await listPartyReasons(callerOf(admin, request), party)).map((r) => r.reasons_id);
        const ids = newOrderOf(base, move);
        if (!ids) return fail(SOME_ERROR);
        try {
          await reorderReasons(callerOf(admin, request), ids, base);
          break;
        } catch (error) {
          if (attempt >= 3 || !(error instanceof MarketplaceError) || error.kind !== "conflict") throw error;
        }
      }
    } else {
      const ids = newOrderOf(raw.map(Number), move);
      if (!ids) return fail(SOME_ERROR);
      await reorderReasons(callerOf(admin, request), ids);
    }
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const detail = error.fieldErrors.ordered_ids ?? error.message ?? SOME_ERROR;
    // a list changed meanwhile (a reason added or deleted): the page reloads with the current one
    return fail(isParty(party) ? `${PARTY_LABELS[party]}: ${detail}` : detail);
  }
  return redirectWithToast(request, CANCELLATION_TAB_URL, { type: "success", message: SETTINGS_SAVED });
}

/** The tab's action: create, save (edit), delete or reorder, by intent. */
export async function cancellationTabAction(request: Request, admin: AdminUser, formData: FormData) {
  const intent = formData.get("intent");
  switch (intent) {
    case "create":
      return createIntent(request, admin, formData);
    case "save":
      return saveIntent(request, admin, formData);
    case "delete":
      return deleteIntent(request, admin, formData);
    case "reorder":
      return reorderIntent(request, admin, formData);
    default:
      throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
}
