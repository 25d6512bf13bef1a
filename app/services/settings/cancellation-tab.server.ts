import { CANCELLATION_REASON_MESSAGES, PARTIES, type CancellationReason, type Party } from "~contract/orders";
import { CreateReasonForm, DeleteReasonForm, ReorderReasonsForm, SaveReasonForm } from "~/models/settings-forms";
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
import { handleForm, intent, type IntentContext } from "~/services/form-action.server";
import { apiFailure, formFailure, SOME_ERROR } from "~/services/form-result.server";
import { readRowDialog } from "~/services/list-query.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDateTime } from "~/utils/dates";
import { isOneOf } from "~shared/one-of";

const isParty = (value: unknown): value is Party => typeof value === "string" && isOneOf(PARTIES, value);

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
export async function cancellationTabLoader(api: Marketplace, url: URL) {
  const [provider, user] = await Promise.all([api.listPartyReasons("ServiceProvider"), api.listPartyReasons("User")]);
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
        const record = await api.raw.getReason(editId);
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

const REASON = "cancellation reason";
const GONE = "This cancellation reason no longer exists.";

/** Back to the tab with a toast (a refused delete or reorder, or No Change Detected). */
const toTab = (request: Request, toast: Parameters<typeof redirectWithToast>[2]) => redirectWithToast(request, CANCELLATION_TAB_URL, toast);
const saved = (request: Request) => toTab(request, { type: "success", message: SETTINGS_SAVED });

/**
 * The tab's action: Add (create), the edit dialog's Save, Delete (confirmed) and the lists' new
 * order (reorder), by intent. Add and Save refused: the dialog says why, with what was typed.
 */
export function cancellationTabAction(request: Request, api: Marketplace) {
  return handleForm(request, api, {
    create: intent(
      CreateReasonForm,
      async (fields) => {
        await api.createReason(fields);
        return saved(request);
      },
      { what: REASON, notFound: "form" },
    ),
    save: intent(
      SaveReasonForm,
      async ({ id, ...fields }) => {
        await api.updateReason(id, fields);
        return saved(request);
      },
      {
        what: REASON,
        notFound: "form",
        // an unknown id: the reason is gone; a missing version: the form is not one the page made
        invalid: ({ id, updated_at, ...fieldErrors }, { values }) =>
          id
            ? formFailure(values, { intent: "save", formError: GONE }, 404)
            : formFailure(
                values,
                { intent: "save", fieldErrors, formError: updated_at ? "Reload the page and try again." : undefined },
                400,
              ),
        refused: (error, { values }) => {
          if (error instanceof MarketplaceError && error.kind === "invalid" && error.message === CANCELLATION_REASON_MESSAGES.noChange) {
            return toTab(request, { type: "info", message: REASON_NO_CHANGE });
          }
          return apiFailure(error, values, REASON, { intent: "save", notFound: "form" });
        },
      },
    ),
    delete: intent(
      DeleteReasonForm,
      async ({ id }) => {
        await api.deleteReason(id);
        return toTab(request, { type: "success", message: REASON_DELETED });
      },
      {
        invalid: (fieldErrors) => toTab(request, { type: "error", title: REASON_DELETE_FAILED, message: fieldErrors.id ?? SOME_ERROR }),
        refused: (error) => {
          return toTab(request, { type: "error", title: REASON_DELETE_FAILED, message: error.message || SOME_ERROR });
        },
      },
    ),
    reorder: intent(ReorderReasonsForm, (posted) => reorder(request, api, posted), {
      invalid: (fieldErrors) => reorderFailed(request, Object.values(fieldErrors)[0] ?? CANCELLATION_REASON_MESSAGES.reorderEmpty),
      refused: (error, context) => {
        const party = partyOf(context);
        const detail = error.fieldErrors.ordered_ids ?? error.message ?? SOME_ERROR;
        // a list changed meanwhile (a reason added or deleted): the page reloads with the current one
        return reorderFailed(request, party ? `${PARTY_LABELS[party]}: ${detail}` : detail);
      },
    }),
  });
}

const reorderFailed = (request: Request, message: string) => toTab(request, { type: "error", title: REORDER_FAILED, message });
const partyOf = ({ values }: IntentContext): Party | null => (isParty(values.party) ? values.party : null);

/** The new order saved: a move applies to the list as it is now; a whole order posted without a move replaces the list. */
async function reorder(request: Request, api: Marketplace, { ids: shown, party, move }: { ids: number[]; party: string; move: string }) {
  // a move applies to the list as it is now, not as this page showed it: another admin's move
  // made meanwhile is kept (a whole order posted without a move replaces the list, if still whole)
  if (move && isParty(party)) {
    // read, move, write only if nobody reordered in between (409: read again, once more)
    for (let attempt = 1; ; attempt++) {
      const base = (await api.listPartyReasons(party)).map((r) => r.reasons_id);
      const ids = newOrderOf(base, move);
      if (!ids) return reorderFailed(request, SOME_ERROR);
      try {
        await api.reorderReasons(ids, base);
        break;
      } catch (error) {
        if (attempt >= 3 || !(error instanceof MarketplaceError) || error.kind !== "conflict") throw error;
      }
    }
  } else {
    const ids = newOrderOf(shown, move);
    if (!ids) return reorderFailed(request, SOME_ERROR);
    await api.reorderReasons(ids);
  }
  return saved(request);
}
