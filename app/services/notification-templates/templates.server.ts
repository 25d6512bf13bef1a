import { data } from "@remix-run/node";
import { type FormFailure } from "~/models/form-result";
import { PAGE_SIZES } from "~contract/list-query";
import { type NotificationTemplateRecord } from "~contract/notification-templates";
import {
  NOTIFICATION_USER_TYPES,
  notificationTypeLabel,
  TEMPLATE_CHANNELS,
  TEMPLATE_MESSAGES,
  TEMPLATE_SORT_FIELDS,
} from "~contract/notification-types";
import { DeleteTemplateForm, TemplateForm } from "~/models/notification-template-forms";
import {
  CHANNEL_SHORT,
  fillWith,
  type TemplateEditorData,
  type TemplatePreviews,
  type TemplatesPageData,
  type TemplateValues,
  type TypeOption,
} from "~/models/notification-types";
import { redirectPastLastPage } from "~/services/errors.server";
import { handleForm, intent, type IntentContext } from "~/services/form-action.server";
import { apiFailure, SOME_ERROR } from "~/services/form-result.server";
import { readPaging, readSort } from "~/services/list-query.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { isOneOf } from "~shared/one-of";
import { redirectWithToast } from "~/services/toast.server";
import { formatDateTime } from "~/utils/dates";
import { sanitizeRichText } from "~shared/sanitize";

export const TEMPLATES_LIST = "/admin/notification";

/** The list: one page, filtered by user type and notification type, sorted by a column (all in the URL). */
export async function templatesListLoader(request: Request, api: Marketplace) {
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
    api.listNotificationTypes(),
    api.listTemplates({
      ...paging,
      user_type: filters.user_type || undefined,
      notification_type: filters.notification_type || undefined,
      sortField: sort?.field,
      sortOrder: sort?.order,
    }),
  ]);
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

export async function addTemplateLoader(request: Request, api: Marketplace): Promise<TemplateEditorData> {
  const types = await api.listNotificationTypes();
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

export async function editTemplateLoader(request: Request, api: Marketplace, id: number): Promise<TemplateEditorData> {
  const [types, template] = await Promise.all([api.listNotificationTypes(), api.getTemplate(id)]);
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

/** The form as typed (for its refill and its previews). */
const typedOf = ({ values }: IntentContext): TemplateValues => ({
  user_type: values.user_type ?? "",
  notification_type: values.notification_type ?? "",
  web_notification: values.web_notification ?? "",
  whatsapp_template: values.whatsapp_template ?? "",
  email_template: values.email_template ?? "",
  updated_at: values.updated_at,
});

/** The types for the previews: none when they cannot be read (the answer still keeps what was typed). */
const typesFor = (api: Marketplace) => api.raw.listNotificationTypes().catch((): TypeOption[] => []);

/** The form back with its messages (none: a preview), what was typed and its previews. */
async function answer(
  api: Marketplace,
  typed: TemplateValues,
  errors: Record<string, string>,
  status: number,
  extra: Partial<TemplateFormAnswer> = {},
) {
  const previews = previewsOf(typed, await typesFor(api));
  return data<TemplateFormAnswer>({ fieldErrors: errors, repopulateFields: typed, previews, ...extra }, { status });
}

/** A failed API write: field messages beside their fields (the pair taken beside the type), the rest on the form. */
async function writeFailure(api: Marketplace, error: unknown, typed: TemplateValues) {
  if (error instanceof MarketplaceError && error.kind === "conflict" && !error.conflict) {
    return answer(api, typed, { notification_type: error.message || SOME_ERROR }, 409);
  }
  const failed = apiFailure(error, typed, "template");
  const previews = previewsOf(typed, await typesFor(api));
  return data<TemplateFormAnswer>({ ...failed.data, repopulateFields: typed, previews }, failed.init ?? undefined);
}

/** Show placeholders and preview: the values kept, the previews shown, and what a save would refuse (status 200). */
const previewIntent = (api: Marketplace) =>
  intent(TemplateForm, (_fields, context) => answer(api, typedOf(context), {}, 200, { intent: "preview" }), {
    invalid: (errors, context) => answer(api, typedOf(context), errors, 200, { intent: "preview" }),
  });

/** A save whose fields do not pass: the messages beside them, the values and their previews kept. */
const invalidSave = (api: Marketplace) => (errors: Record<string, string>, context: IntentContext) =>
  answer(api, typedOf(context), errors, 400);

/** Add Template's post: Preview (values kept, previews shown) or Add. */
export function addTemplateAction(request: Request, api: Marketplace) {
  return handleForm(request, api, {
    preview: previewIntent(api),
    save: intent(
      TemplateForm,
      async ({ updated_at: _unused, ...fields }) => {
        await api.createTemplate(fields);
        return redirectWithToast(request, TEMPLATES_LIST, { type: "success", message: TEMPLATE_MESSAGES.added });
      },
      { invalid: invalidSave(api), refused: (error, context) => writeFailure(api, error, typedOf(context)) },
    ),
  });
}

/** Edit Template's posts: Preview, Update, Delete (after the URL's confirm dialog). */
export function editTemplateAction(request: Request, api: Marketplace, id: number) {
  const here = `${TEMPLATES_LIST}/edit/${id}`;
  return handleForm(request, api, {
    preview: previewIntent(api),
    save: intent(
      TemplateForm,
      async ({ updated_at, ...fields }, context) => {
        if (!updated_at) return answer(api, typedOf(context), {}, 400, { formError: "Reload the page and try again" });
        await api.updateTemplate(id, { ...fields, updated_at });
        return redirectWithToast(request, TEMPLATES_LIST, { type: "success", message: TEMPLATE_MESSAGES.updated });
      },
      {
        invalid: invalidSave(api),
        refused: (error, context) => {
          if (error instanceof MarketplaceError && error.message === TEMPLATE_MESSAGES.noChange) {
            return redirectWithToast(request, here, { type: "info", message: TEMPLATE_MESSAGES.noChange });
          }
          return writeFailure(api, error, typedOf(context));
        },
      },
    ),
    delete: intent(
      DeleteTemplateForm,
      async () => {
        await api.deleteTemplate(id);
        return redirectWithToast(request, TEMPLATES_LIST, { type: "success", message: TEMPLATE_MESSAGES.deleted });
      },
      {
        refused: (error) => {
          if (error.kind === "not-found") {
            return redirectWithToast(request, TEMPLATES_LIST, { type: "error", message: "This template no longer exists." });
          }
          return redirectWithToast(request, here, { type: "error", message: error.message || SOME_ERROR });
        },
      },
    ),
  });
}
