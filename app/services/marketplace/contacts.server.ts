import { z } from "zod";
import { ContactRecord, type ContactSortField } from "~contract/contacts";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import { API_UNAVAILABLE_MESSAGE, apiRequest, apiRequestWithHeaders, MarketplaceError, type Caller } from "./client.server";

const ContactList = z.object({ data: z.array(ContactRecord) });

/** One page of contact leads, newest first or sorted (GET /get-all-contacts; the total comes in x-total-count). */
export async function listContacts(
  caller: Caller,
  query: { page: number; page_size: number; search?: string; sortField?: ContactSortField; sortOrder?: "asc" | "desc" },
) {
  const { data, headers } = await apiRequestWithHeaders("/get-all-contacts", { query, caller, answer: ContactList });
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  if (!Number.isInteger(total) || total < 0) throw new MarketplaceError("unavailable", API_UNAVAILABLE_MESSAGE, 502);
  return { rows: data.data, total };
}

/** One contact lead by id (GET /get-contact-by-id). */
export async function getContact(caller: Caller, id: number): Promise<ContactRecord> {
  const answer = await apiRequest("/get-contact-by-id", { query: { id }, caller, answer: z.object({ data: ContactRecord }) });
  return answer.data;
}
