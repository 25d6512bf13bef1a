/**
 * Contact leads (spec 2 §2 Contacts, §7 GET /get-all-contacts): the admin's read-only list, one
 * lead by id for its message dialog, and the marketplace contact form's POST.
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): contacts.handlers.ts serves them.
 */
import { CONTACT_MESSAGES, ContactListQuery, ContactRecord, CreateContactBody } from "~contract/contacts";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import { body, chosenByUs, common, createRoute, data, error, idParam, json, message, z } from "../../lib/openapi";

export const Contact = ContactRecord.openapi("ContactRecord");

export const totalHeader = {
  [TOTAL_COUNT_HEADER]: { description: "number of matching contacts (ours)", schema: { type: "integer" as const } },
};

export const listRoute = createRoute({
  method: "get",
  path: "/get-all-contacts",
  summary: "Contact leads, newest first",
  description:
    "The spec's call takes no query. page, page_size and search are ours (all optional; no page_size answers every lead); the number of matching leads is in x-total-count. search matches part of the name, email, contact number, context, subject or message, in any case. sortField (name, created_at) with sortOrder (asc, desc) orders the list; without them it is newest first.",
  request: { query: ContactListQuery },
  responses: {
    200: { ...json(data(z.array(Contact)), "The contacts"), headers: totalHeader },
    400: error("Bad query"),
    ...common,
  },
});

export const detailRoute = createRoute({
  method: "get",
  path: "/get-contact-by-id",
  summary: "One contact lead",
  ...chosenByUs("Used by the admin's message dialog when the lead is not on the page shown (a bookmarked or shared URL)."),
  request: { query: z.object({ id: idParam("id", "the contact's id") }) },
  responses: { 200: json(data(Contact), "The contact"), 400: error("Bad id"), 404: error("Unknown contact"), ...common },
});

export const createContactRoute = createRoute({
  method: "post",
  path: "/create-contact",
  summary: "Record a contact lead (the marketplace's public contact form)",
  ...chosenByUs(
    "Sent by the marketplace's public contact form on a visitor's behalf, so it takes no x-acting-admin and writes no audit row (no admin acts). name, a valid email and message are required; contactNo, context and subject may be left out.",
  ),
  request: { body: body(CreateContactBody.openapi("CreateContactBody")) },
  responses: {
    201: json(message.extend({ data: Contact }), CONTACT_MESSAGES.created),
    400: error("Invalid input, field messages in errors"),
    ...common,
  },
});
