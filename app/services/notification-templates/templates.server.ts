import { data } from "@remix-run/node";
import type { AdminUser } from "~contract/admin-users";
import { fieldErrorsOf } from "~contract/form-result";
import { type FormFailure } from "~/models/form-result";
import { PAGE_SIZES } from "~contract/list-query";
import { TemplateFields, templateIssues, type NotificationTemplateRecord } from "~contract/notification-templates";
import {
  NOTIFICATION_USER_TYPES,
  notificationTypeLabel,
  TEMPLATE_CHANNELS,
  TEMPLATE_MESSAGES,
  TEMPLATE_SORT_FIELDS,
} from "~contract/notification-types";
import {
  CHANNEL_SHORT,
  fillWith,
  type TemplateEditorData,
  type TemplatePreviews,
  type TemplatesPageData,
  type TemplateValues,
  type TypeOption,
} from "~/models/notification-types";
import { redirectPastLastPage, throwLoaderError } from "~/services/errors.server";
import { apiFailure, SOME_ERROR, submittedValues } from "~/services/form-result.server";
import { readPaging, readSort } from "~/services/list-query.server";
import { callerOf, MarketplaceError, type Caller } from "~/services/marketplace/client.server";
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listNotificationTypes,
  listTemplates,
  updateTemplate,
} from "~/services/marketplace/notification-templates.server";
import { isOneOf } from "~shared/one-of";
import { redirectWithToast } from "~/services/toast.server";
import { formatDateTime } from "~/utils/dates";
import { sanitizeRichText } from "~shared/sanitize";

export const TEMPLATES_LIST = "/admin/notification";

/** The list: one page, filtered by user type and notification type, sorted by a column (all in the URL). */
export async function templatesListLoader(request: Request, admin: AdminUser) {
  const caller = callerOf(admin, request);
  const url = new URL(request.url);
  const paging = readPaging(url.searchParams);
  const sort = readSort(url.searchParams, TEMPLATE_SORT_FIELDS);
  const userType = url.searchParams.get("user_type") ?? "";
  const typeKey = (url.searchParams.get("notification_type") ?? "").slice(0, 60);
  const filters = {
    user_type: isOneOf(NOTIFICATION_USER_TYPES, userType) ? userType : "",
    notification_type: typeKey,
  };
  const [types, list] = await Promise.all([
    listNotificationTypes(caller),
    listTemplates(caller, {
      ...paging,
      user_type: filters.user_type || undefined,
      notification_type: filters.notification_type || undefined,
      sortField: sort?.field,
      sortOrder: sort?.order,
    }),
  ]).catch(throwLoaderError);
  redirectPastLastPage(url, url.searchParams, paging.page, paging.page_size, list.total);
  const labels = new Map(types.map((t) => [t.key, t.label]));
  return data<TemplatesPageData>({
    rows: list.rows.map((t) => ({
      id: t.id,
      userType: t.user_type,
      typeLabel: labels.get(t.notification_type) ?? notificationTypeLabel(t.notification_type),
      channels: TEMPLATE_CHANNELS.filter((name) => t[name].trim()).map((name) => CHANNEL_SHORT[name]),
      updatedAt: formatDateTime(t.updated_at),
    })),
    total: list.total,
    page: paging.page,
    pageSize: paging.page_size,
    pageSizes: PAGE_SIZES,
    filters,
    sort,
    typeOptions: types.map((t) => ({ value: t.key, label: t.label })),
  });
}

/** Each channel with the type's sample values in place of its placeholders; the email made safe. */
export function previewsOf(values: TemplateValues, types: TypeOption[]): TemplatePreviews | null {
  const type = types.find((t) => t.key === values.notification_type);
  if (!type) return null;
  return {
    web: fillWith(values.web_notification, type.samples),
    whatsapp: fillWith(values.whatsapp_template, type.samples),
    emailHtml: sanitizeRichText(fillWith(values.email_template, type.samples)),
  };
}

const valuesOf = (t: NotificationTemplateRecord): TemplateValues => ({
  user_type: t.user_type,
  notification_type: t.notification_type,
  web_notification: t.web_notification,
  whatsapp_template: t.whatsapp_template,
  email_template: t.email_template,
  updated_at: t.updated_at,
});

const EMPTY: TemplateValues = { user_type: "", notification_type: "", web_notification: "", whatsapp_template: "", email_template: "" };

export async function addTemplateLoader(request: Request, admin: AdminUser): Promise<TemplateEditorData> {
  const types = await listNotificationTypes(callerOf(admin, request)).catch(throwLoaderError);
  const url = new URL(request.url);
  // a type asked for in the URL (the list's filter carries over) starts selected
  const asked = url.searchParams.get("notification_type") ?? "";
  const userType = url.searchParams.get("user_type") ?? "";
  return {
    mode: "add",
    types,
    defaults: {
      ...EMPTY,
      notification_type: types.some((t) => t.key === asked) ? asked : "",
      user_type: isOneOf(NOTIFICATION_USER_TYPES, userType) ? userType : "",
    },
    previews: null,
    template: null,
    deleting: false,
  };
}

export async function editTemplateLoader(request: Request, admin: AdminUser, id: number): Promise<TemplateEditorData> {
  const caller = callerOf(admin, request);
  const [types, template] = await Promise.all([listNotificationTypes(caller), getTemplate(caller, id)]).catch(throwLoaderError);
  const values = valuesOf(template);
  return {
    mode: "edit",
    types,
    defaults: values,
    previews: previewsOf(values, types),
    template: {
      id: template.id,
      label: `${template.user_type} · ${types.find((t) => t.key === template.notification_type)?.label ?? template.notification_type}`,
      updatedText: `${formatDateTime(template.updated_at)}${template.updated_by ? ` by ${template.updated_by}` : ""}`,
    },
    deleting: new URL(request.url).searchParams.get("dialog") === "delete",
  };
}

/** What a refused or previewed post answers: the messages, the typed values and their previews. */
export type TemplateFormAnswer = FormFailure<TemplateValues> & { previews?: TemplatePreviews | null };

function readForm(formData: FormData) {
  const values = submittedValues(formData) as Record<string, string>;
  const typed: TemplateValues = {
    user_type: values.user_type ?? "",
    notification_type: values.notification_type ?? "",
    web_notification: values.web_notification ?? "",
    whatsapp_template: values.whatsapp_template ?? "",
    email_template: values.email_template ?? "",
    updated_at: values.updated_at,
  };
  const parsed = TemplateFields.safeParse(typed);
  if (!parsed.success) return { typed, fields: null, errors: fieldErrorsOf(parsed.error.issues) };
  const errors = templateIssues(parsed.data);
  return { typed, fields: Object.keys(errors).length ? null : parsed.data, errors };
}

async function typesFor(caller: Caller) {
  try {
    return await listNotificationTypes(caller);
  } catch {
    return [];
  }
}

async function refused(
  typed: TemplateValues,
  errors: Record<string, string>,
  status: number,
  caller: Caller,
  extra: Partial<TemplateFormAnswer> = {},
) {
  const previews = previewsOf(typed, await typesFor(caller));
  return data<TemplateFormAnswer>({ fieldErrors: errors, repopulateFields: typed, previews, ...extra }, { status });
}

/** A failed API write: field messages beside their fields (the pair taken beside the type), the rest on the form. */
async function writeFailure(error: unknown, typed: TemplateValues, caller: Caller) {
  if (error instanceof MarketplaceError && error.kind === "conflict" && !error.conflict) {
    return refused(typed, { notification_type: error.message || SOME_ERROR }, 409, caller);
  }
  const answer = apiFailure(error, typed, "template");
  const body = answer.data as TemplateFormAnswer;
  return data<TemplateFormAnswer>({ ...body, previews: previewsOf(typed, await typesFor(caller)) }, answer.init ?? undefined);
}

/** Add Template's post: Preview (values kept, previews shown) or Add. */
export async function addTemplateAction(request: Request, admin: AdminUser) {
  const caller = callerOf(admin, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { typed, fields, errors } = readForm(formData);
  if (intent === "preview") return refused(typed, errors, 200, caller, { intent: "preview" });
  if (intent !== "save") throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  if (!fields) return refused(typed, errors, 422, caller);
  try {
    await createTemplate(callerOf(admin, request, formData), fields);
  } catch (error) {
    return writeFailure(error, typed, caller);
  }
  return redirectWithToast(request, TEMPLATES_LIST, { type: "success", message: TEMPLATE_MESSAGES.added });
}

/** Edit Template's posts: Preview, Update, Delete (after the URL's confirm dialog). */
export async function editTemplateAction(request: Request, admin: AdminUser, id: number) {
  const caller = callerOf(admin, request);
  const here = `${TEMPLATES_LIST}/edit/${id}`;
  const formData = await request.formData();
  const intent = formData.get("intent");
  switch (intent) {
    case "preview":
    case "save": {
      const { typed, fields, errors } = readForm(formData);
      if (intent === "preview") return refused(typed, errors, 200, caller, { intent: "preview" });
      if (!fields) return refused(typed, errors, 422, caller);
      if (!typed.updated_at) return refused(typed, {}, 400, caller, { formError: "Reload the page and try again" });
      try {
        await updateTemplate(caller, id, { ...fields, updated_at: typed.updated_at });
      } catch (error) {
        if (error instanceof MarketplaceError && error.message === TEMPLATE_MESSAGES.noChange) {
          return redirectWithToast(request, here, { type: "info", message: TEMPLATE_MESSAGES.noChange });
        }
        return writeFailure(error, typed, caller);
      }
      return redirectWithToast(request, TEMPLATES_LIST, { type: "success", message: TEMPLATE_MESSAGES.updated });
    }
    case "delete": {
      try {
        await deleteTemplate(caller, id);
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        if (error.kind === "not-found") {
          return redirectWithToast(request, TEMPLATES_LIST, { type: "error", message: "This template no longer exists." });
        }
        return redirectWithToast(request, here, { type: "error", message: error.message || SOME_ERROR });
      }
      return redirectWithToast(request, TEMPLATES_LIST, { type: "success", message: TEMPLATE_MESSAGES.deleted });
    }
    default:
      throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
}
