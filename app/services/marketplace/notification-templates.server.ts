import { z } from "zod";
import {
  NotificationTemplateRecord,
  NotificationTypeRecord,
  type CreateTemplateBody,
  type UpdateTemplateBody,
} from "~contract/notification-templates";
import type { TemplateSortField } from "~/models/notification-types";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import { API_UNAVAILABLE_MESSAGE, apiRequest, apiRequestWithHeaders, MarketplaceError, type Caller } from "./client.server";

const One = z.object({ data: NotificationTemplateRecord });

/** The notification types with their placeholders and sample values (GET /get-notification-types/). */
export async function listNotificationTypes(caller: Caller) {
  return (await apiRequest("/get-notification-types/", { caller, answer: z.object({ data: z.array(NotificationTypeRecord) }) })).data;
}

/** One page of templates (GET /list-create-notification-template/; the total in x-total-count). */
export async function listTemplates(
  caller: Caller,
  query: {
    page: number;
    page_size: number;
    user_type?: string;
    notification_type?: string;
    sortField?: TemplateSortField;
    sortOrder?: "asc" | "desc";
  },
) {
  const { data, headers } = await apiRequestWithHeaders("/list-create-notification-template/", {
    query,
    caller,
    answer: z.object({ data: z.array(NotificationTemplateRecord) }),
  });
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  if (!Number.isInteger(total) || total < 0) throw new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, 502);
  return { rows: data.data, total };
}

export async function getTemplate(caller: Caller, id: number) {
  return (await apiRequest(`/retrive-notification-template/${id}/`, { caller, answer: One })).data;
}

export async function createTemplate(caller: Caller, body: CreateTemplateBody) {
  return (await apiRequest("/list-create-notification-template/", { method: "POST", body, caller, answer: One })).data;
}

export async function updateTemplate(caller: Caller, id: number, body: UpdateTemplateBody) {
  return (await apiRequest(`/update-notification-template/${id}/`, { method: "PUT", body, caller, answer: One })).data;
}

export async function deleteTemplate(caller: Caller, id: number) {
  await apiRequest(`/delete-notification-template/${id}/`, { method: "DELETE", caller });
}
