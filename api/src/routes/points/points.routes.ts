import { BoostingHistory, BoostingPointBody, BoostingPointRecord } from "~contract/service-providers";
import { ActingAdmin, body, common, createRoute, error, idParam, json, mutating, z } from "../../lib/openapi";

export const unknownProvider = { 404: error("Unknown or deleted provider") };

export const historyRoute = createRoute({
  method: "get",
  path: "/points/get-boosting-point-history/{serviceProviderId}",
  summary: "A provider's booster point changes, newest first, and the provider's total (their sum)",
  request: { params: z.object({ serviceProviderId: idParam("serviceProviderId", "the provider's id") }) },
  responses: { 200: json(BoostingHistory.openapi("BoostingHistory"), "The history"), 400: error("Bad id"), ...unknownProvider, ...common },
});

export const grantRoute = createRoute({
  method: "post",
  path: "/points/create-boosting-point",
  summary: "Record a change of booster points (grant, correction or opening balance); the provider's total changes in the same transaction",
  request: { headers: ActingAdmin, body: body(BoostingPointBody.openapi("BoostingPointBody")) },
  responses: {
    201: json(
      z.object({ data: BoostingPointRecord.openapi("BoostingPointRecord"), total_booster_points: z.number().int() }),
      "The new row",
    ),
    ...mutating,
    ...unknownProvider,
    ...common,
  },
});
