import { CreateFaqBody, FaqRecord, UpdateFaqBody } from "~contract/faqs";
import { ActingAdmin, body, common, conflict, createRoute, data, error, idParam, json, mutating, z } from "../../lib/openapi";

export const Faq = FaqRecord.openapi("FaqRecord");

export const faqId = { params: z.object({ id: idParam("id", "the FAQ's id") }) };

export const unknownFaq = { 404: error("Unknown FAQ") };

export const categoryFaqsRoute = createRoute({
  method: "get",
  path: "/get-faq-by-category-id/{categoryId}",
  summary: "FAQs of a category, ordered by id",
  request: { params: z.object({ categoryId: idParam("categoryId", "the category's id") }) },
  responses: { 200: json(data(z.array(Faq)), "The FAQs"), 400: error("Bad id"), 404: error("Unknown category"), ...common },
});

export const createFaqRoute = createRoute({
  method: "post",
  path: "/create-faq",
  summary: "Add an FAQ to a category (the question must be in an h3)",
  description:
    "content is rich-text HTML, sanitised before it is stored (the editor's tags only: no scripts, event handlers, images or javascript: links); its question must be in an h3, also after sanitising.",
  request: { headers: ActingAdmin, body: body(CreateFaqBody.openapi("CreateFaqBody")) },
  responses: { 201: json(data(Faq), "Created"), ...mutating, ...common },
});

export const faqRoute = createRoute({
  method: "get",
  path: "/faq-detail/{id}",
  summary: "One FAQ",
  request: faqId,
  responses: { 200: json(data(Faq), "The FAQ"), 400: error("Bad id"), ...unknownFaq, ...common },
});

export const updateFaqRoute = createRoute({
  method: "put",
  path: "/faq-detail/{id}",
  summary: "Replace an FAQ's content (409 when updated_at is stale)",
  description: "content is sanitised as on create.",
  request: { ...faqId, headers: ActingAdmin, body: body(UpdateFaqBody.openapi("UpdateFaqBody")) },
  responses: { 200: json(data(Faq), "Updated"), ...mutating, ...unknownFaq, ...conflict, ...common },
});

export const deleteFaqRoute = createRoute({
  method: "delete",
  path: "/faq-detail/{id}",
  summary: "Delete an FAQ",
  request: { ...faqId, headers: ActingAdmin },
  responses: { 204: { description: "Deleted" }, ...mutating, ...unknownFaq, ...common },
});
