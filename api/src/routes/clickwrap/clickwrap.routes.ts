/**
 * Terms and conditions versions (spec 3 §2.5, §3 Terms version, §7): the list, add, read and edit.
 * A published version is fixed: its version and text never change and it never goes back to draft;
 * a change to the terms is a new version. Only a draft can be deleted (ours: the spec has no delete;
 * a published version stays, providers' accepted agreements name it).
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): clickwrap.handlers.ts serves them.
 */
import {
  CLICKWRAP_MESSAGES,
  ClickwrapList,
  ClickwrapListQuery,
  ClickwrapRecord,
  CreateClickwrapBody,
  UpdateClickwrapBody,
} from "~contract/clickwrap";
import { sortTogether } from "~contract/list-query-schema";
import { ActingAdmin, body, common, conflict, createRoute, data, error, idParam, json, mutating, z } from "../../lib/openapi";

export const Clickwrap = ClickwrapRecord.openapi("ClickwrapRecord");

export const clickwrapId = { params: z.object({ id: idParam("id", "the terms version's id") }) };

export const unknown = { 404: error(CLICKWRAP_MESSAGES.notFound) };

export const listRoute = createRoute({
  method: "get",
  path: "/clickwrap/clickwraps/",
  summary: "Terms versions, newest first or sorted (list in results)",
  description:
    "page and page_size (default 1 and 10), status (draft or published), search (part of the version, any case) and sortField with sortOrder are ours and optional; total_results, current_page and page_size sit beside results. version sorts in any case and in natural order (1.10 after 1.9); published_at puts drafts (no date) last either way; ties go by id.",
  request: { query: ClickwrapListQuery.superRefine(sortTogether) },
  responses: { 200: json(ClickwrapList.extend({ results: z.array(Clickwrap) }), "The versions"), 400: error("Bad query"), ...common },
});

export const addRoute = createRoute({
  method: "post",
  path: "/clickwrap/clickwraps/",
  summary: "Add a terms version (draft, or published at once)",
  description: "version is required and unique in any case (400 names the field); text is sanitised HTML; publishing needs a text.",
  request: { headers: ActingAdmin, body: body(CreateClickwrapBody.openapi("CreateClickwrapBody")) },
  responses: { 201: json(data(Clickwrap), "Created"), ...mutating, ...common },
});

export const detailRoute = createRoute({
  method: "get",
  path: "/clickwrap/clickwraps/{id}/",
  summary: "One terms version",
  request: clickwrapId,
  responses: { 200: json(data(Clickwrap), "The version"), 400: error("Bad id"), ...unknown, ...common },
});

export const updateRoute = createRoute({
  method: "put",
  path: "/clickwrap/clickwraps/{id}/",
  summary: "Change a draft terms version, or publish it (409 when updated_at is stale)",
  description: `Absent fields are kept. A published version's version and text cannot change and it cannot go back to draft: 409 "${CLICKWRAP_MESSAGES.published}".`,
  request: { ...clickwrapId, headers: ActingAdmin, body: body(UpdateClickwrapBody.openapi("UpdateClickwrapBody")) },
  responses: { 200: json(data(Clickwrap), "Updated"), ...mutating, ...unknown, ...conflict, ...common },
});

export const deleteRoute = createRoute({
  method: "delete",
  path: "/clickwrap/clickwraps/{id}/",
  summary: "Delete a draft terms version (ours; a published one: 409)",
  request: { ...clickwrapId, headers: ActingAdmin },
  responses: {
    200: json(z.object({ message: z.string() }), CLICKWRAP_MESSAGES.deleted),
    ...mutating,
    ...unknown,
    409: error(CLICKWRAP_MESSAGES.publishedNotDeletable),
    ...common,
  },
});
