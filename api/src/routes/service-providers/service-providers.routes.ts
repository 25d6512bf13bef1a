import {
  BoosterPointsBody,
  ProviderDetail,
  ProviderListQuery,
  ProviderListRow,
  RefreshDateBody,
  UpdateProviderBody,
} from "~contract/service-providers";
import { endOnOrAfterStart } from "~contract/list-query-schema";
import { ActingAdmin, body, chosenByUs, common, createRoute, data, error, json, message, mutating, paged, z } from "../../lib/openapi";
import { ProviderIdQuery } from "../../lib/providers";

export const Detail = ProviderDetail.openapi("ProviderDetail");

export const unknownProvider = { 404: error("Unknown or deleted provider") };

export const providerId = { query: ProviderIdQuery };

export const listRoute = createRoute({
  method: "get",
  path: "/get-all-serviceProvider",
  summary: "One page of live (not deleted) service providers",
  description:
    'Filtered, sorted and paged in SQL. search matches username, first/last/full name, email and phone. parentCategory matches the category and its sub-categories ("" or "All": every category). Default order: created_at desc. total_results, current_page and page_size sit next to data.',
  request: {
    query: ProviderListQuery.extend({
      // the filter panel's "All" category is sent as "" or "All": no filter
      parentCategory: z.preprocess((v) => (v === "" || v === "All" ? undefined : v), ProviderListQuery.shape.parentCategory),
    }).superRefine(endOnOrAfterStart),
  },
  // the rows nested as data.data, as the spec's list answers (the admin reads them there)
  responses: {
    200: json(paged(data(data(z.array(ProviderListRow.openapi("ProviderListRow"))))), "The page"),
    400: error("Bad query"),
    ...common,
  },
});

export const byIdRoute = createRoute({
  method: "get",
  path: "/get-serviceProvider-by-id",
  summary: "One provider with details and documents",
  request: providerId,
  responses: { 200: json(data(Detail), "The provider"), 400: error("Bad id"), ...unknownProvider, ...common },
});

export const detailRoute = createRoute({
  method: "get",
  path: "/get-serviceProvider-detail",
  summary: "The provider details page's fetch: the same record nested as data.data",
  ...chosenByUs(),
  request: providerId,
  responses: { 200: json(data(data(Detail)), "The provider"), 400: error("Bad id"), ...unknownProvider, ...common },
});

export const updateRoute = createRoute({
  method: "put",
  path: "/update-serviceProvider",
  summary: "Set admin_rating (10–50) or is_pro",
  request: { ...providerId, headers: ActingAdmin, body: body(UpdateProviderBody.openapi("UpdateProviderBody")) },
  responses: { 200: json(data(Detail), "The updated provider"), ...mutating, ...unknownProvider, ...common },
});

export const refreshRoute = createRoute({
  method: "put",
  path: "/update_service_provider_refresh_date",
  summary: "Set the provider's refresh date to now",
  request: { headers: ActingAdmin, body: body(RefreshDateBody.openapi("RefreshDateBody")) },
  responses: {
    200: json(data(z.object({ serviceProvider_id: z.number().int(), refresh_at: z.string() })), "The new refresh date"),
    ...mutating,
    ...unknownProvider,
    ...common,
  },
});

export const boosterRoute = createRoute({
  method: "put",
  path: "/update-booster-points",
  summary: "Set the provider's booster points (details page); the difference is recorded as a grant or a correction",
  ...chosenByUs(),
  request: { ...providerId, headers: ActingAdmin, body: body(BoosterPointsBody.openapi("BoosterPointsBody")) },
  responses: {
    200: json(message.extend({ data: Detail }), "Booster Points Updated Successfully"),
    ...mutating,
    ...unknownProvider,
    ...common,
  },
});

export const deleteRoute = createRoute({
  method: "delete",
  path: "/delete-serviceProvider",
  summary: "Delete a provider: hidden everywhere, the user cannot sign in and must register again",
  request: { ...providerId, headers: ActingAdmin },
  responses: { 200: json(message, "Deleted"), ...mutating, ...unknownProvider, ...common },
});
