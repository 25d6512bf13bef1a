import type { AdminUser } from "~contract/admin-users";
import { BoosterPointsBody } from "~contract/service-providers";
import { type BoosterPointsValues } from "~/models/service-providers";
import { formFailure } from "~/services/form-result.server";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError, callerOf } from "~/services/marketplace/client.server";
import { updateBoosterPoints } from "~/services/marketplace/service-providers.server";
import { redirectWithToast } from "~/services/toast.server";

/** The details page's Update Points: saved → back with a toast; refused → the messages beside what was typed. */
export async function providerDetailsAction(request: Request, admin: AdminUser, providerId: number) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== "update-points") {
    throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
  const raw = String(formData.get("boosterPoints") ?? "").trim();
  const reason = String(formData.get("reason") ?? "");
  const values: BoosterPointsValues = { boosterPoints: raw, reason };
  const refuse = (errors: { boosterPoints?: string | null; reason?: string | null; form?: string }, status: number) => {
    const fieldErrors: Record<string, string> = {};
    if (errors.boosterPoints) fieldErrors.boosterPoints = errors.boosterPoints;
    if (errors.reason) fieldErrors.reason = errors.reason;
    return formFailure(values, { fieldErrors, formError: errors.form }, status);
  };

  const parsed = BoosterPointsBody.safeParse({ boosterPoints: raw, reason });
  // z.coerce turns "" into 0: an empty box is a missing value, not zero
  const boosterError =
    raw === ""
      ? "Booster points are required"
      : parsed.success
        ? null
        : (parsed.error.issues.find((i) => i.path[0] === "boosterPoints")?.message ?? null);
  const reasonError = parsed.success ? null : (parsed.error.issues.find((i) => i.path[0] === "reason")?.message ?? null);
  if (!parsed.success || boosterError) {
    return refuse(
      {
        boosterPoints: boosterError === "Expected number, received nan" ? "Booster points must be a number" : boosterError,
        reason: reasonError,
      },
      422,
    );
  }
  try {
    await updateBoosterPoints(callerOf(admin, request), providerId, parsed.data);
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    if (error.kind === "not-found") throw new Response("Not Found", { status: 404, statusText: "Not Found" });
    if (error.kind === "invalid") {
      const fields = error.fieldErrors;
      const known = fields.boosterPoints ?? fields.reason;
      return refuse({ boosterPoints: fields.boosterPoints ?? (known ? null : error.message), reason: fields.reason }, 422);
    }
    return refuse({ form: error.kind === "unavailable" ? API_UNAVAILABLE_MESSAGE : error.message }, error.status >= 500 ? 503 : 400);
  }
  const url = new URL(request.url);
  return redirectWithToast(request, url.pathname + url.search, { type: "success", message: "Booster Points Updated Successfully" });
}
