import { BoosterPointsForm } from "~/models/service-providers";
import { handleForm, intent, type IntentContext } from "~/services/form-action.server";
import { formFailure } from "~/services/form-result.server";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";

/** The API refusing the points: its messages beside the fields (or the form), a provider gone → 404. */
function refusedPoints(error: unknown, { values }: IntentContext) {
  if (!(error instanceof MarketplaceError)) throw error;
  if (error.kind === "not-found") throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  if (error.kind === "invalid") {
    const fields = error.fieldErrors;
    const known = fields.boosterPoints ?? fields.reason;
    const fieldErrors: Record<string, string> = {};
    const boosterPoints = fields.boosterPoints ?? (known ? null : error.message);
    if (boosterPoints) fieldErrors.boosterPoints = boosterPoints;
    if (fields.reason) fieldErrors.reason = fields.reason;
    return formFailure(values, { fieldErrors }, 400);
  }
  const formError = error.kind === "unavailable" ? API_UNAVAILABLE_MESSAGE : error.message;
  return formFailure(values, { formError }, error.status >= 500 ? 503 : 400);
}

/** The details page's Update Points: saved → back with a toast; refused → the messages beside what was typed. */
export function providerDetailsAction(request: Request, api: Marketplace, providerId: number) {
  return handleForm(request, api, {
    "update-points": intent(
      BoosterPointsForm,
      async (points) => {
        await api.updateBoosterPoints(providerId, points);
        const url = new URL(request.url);
        return redirectWithToast(request, url.pathname + url.search, { type: "success", message: "Booster Points Updated Successfully" });
      },
      { refused: refusedPoints },
    ),
  });
}
