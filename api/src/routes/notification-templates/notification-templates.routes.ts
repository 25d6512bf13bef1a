/**
 * Notification templates (spec 3 §2.7, §7): the events the marketplace notifies about, and one
 * template per user type and event with its web, WhatsApp and email texts.
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): notification-templates.handlers.ts serves them.
 */
import {
  CreateTemplateBody,
  NotificationTemplateRecord,
  NotificationTypeRecord,
  TemplateListQuery,
  UpdateTemplateBody,
} from "~contract/notification-templates";
import { TEMPLATE_MESSAGES } from "~contract/notification-types";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import { ActingAdmin, body, common, conflict, createRoute, data, error, idParam, json, mutating, z } from "../../lib/openapi";

export const Template = NotificationTemplateRecord.openapi("NotificationTemplate");

export const templateId = { params: z.object({ id: idParam("id", "the template's id") }) };

export const unknownTemplate = { 404: error(TEMPLATE_MESSAGES.notFound) };

export const totalHeader = {
  [TOTAL_COUNT_HEADER]: { description: "number of matching templates (ours)", schema: { type: "integer" as const } },
};

export const typesRoute = createRoute({
  method: "get",
  path: "/get-notification-types/",
  summary: "The notification types: key, label, the user types each goes to, its placeholders and their sample values",
  responses: { 200: json(data(z.array(NotificationTypeRecord.openapi("NotificationType"))), "The types"), ...common },
});

export const listRoute = createRoute({
  method: "get",
  path: "/list-create-notification-template/",
  summary: "Templates, by user type then notification type (or by sortField/sortOrder)",
  description:
    "page, page_size, user_type, notification_type, sortField and sortOrder are ours and optional (no page_size answers every template); sortField notification_type orders by the type's label (A→Z), ties go by id; the number of matching templates is in x-total-count.",
  request: { query: TemplateListQuery },
  responses: { 200: { ...json(data(z.array(Template)), "The templates"), headers: totalHeader }, 400: error("Bad query"), ...common },
});

export const createTemplateRoute = createRoute({
  method: "post",
  path: "/list-create-notification-template/",
  summary: "Add a template (one per user type and notification type)",
  description:
    "Every channel may use only its type's placeholders (an unknown one is refused with its name); email_template is sanitised HTML; at least one channel must be filled. 409 names the template that already exists for that user type and notification type.",
  request: { headers: ActingAdmin, body: body(CreateTemplateBody.openapi("CreateTemplateBody")) },
  responses: { 201: json(data(Template), "Created"), ...mutating, 409: error("A template for that pair exists"), ...common },
});

export const readRoute = createRoute({
  method: "get",
  path: "/retrive-notification-template/{id}/",
  summary: "One template",
  request: templateId,
  responses: { 200: json(data(Template), "The template"), 400: error("Bad id"), ...unknownTemplate, ...common },
});

export const updateRoute = createRoute({
  method: "put",
  path: "/update-notification-template/{id}/",
  summary: "Change a template (partial: absent fields are kept; 409 when updated_at is stale)",
  description:
    'Send any of user_type, notification_type, web_notification, whatsapp_template, email_template plus the updated_at you loaded. 400 "No Change Detected" when nothing differs. Audited with before/after holding the changed fields (the audit log\'s revert sends `before` back through this call).',
  request: { ...templateId, headers: ActingAdmin, body: body(UpdateTemplateBody.openapi("UpdateTemplateBody")) },
  responses: { 200: json(data(Template), "Updated"), ...mutating, ...unknownTemplate, ...conflict, ...common },
});

export const deleteRoute = createRoute({
  method: "delete",
  path: "/delete-notification-template/{id}/",
  summary: "Delete a template",
  request: { ...templateId, headers: ActingAdmin },
  responses: { 204: { description: "Deleted" }, ...mutating, ...unknownTemplate, ...common },
});
