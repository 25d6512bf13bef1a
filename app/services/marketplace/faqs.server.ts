import { z } from "zod";
import { FaqRecord } from "~contract/faqs";
import { apiRequest, type Caller } from "./client.server";

const One = z.object({ data: FaqRecord });

export async function listFaqsOfCategory(caller: Caller, categoryId: number) {
  const answer = await apiRequest(`/get-faq-by-category-id/${categoryId}`, {
    caller,
    answer: z.object({ data: z.array(FaqRecord) }),
  });
  return answer.data;
}

export async function getFaq(caller: Caller, faqId: number) {
  return (await apiRequest(`/faq-detail/${faqId}`, { caller, answer: One })).data;
}

export async function createFaq(caller: Caller, body: { category: number; content: string }) {
  return (await apiRequest("/create-faq", { method: "POST", body, caller, answer: One })).data;
}

export async function updateFaq(caller: Caller, faqId: number, body: { content: string; updated_at?: string }) {
  return (await apiRequest(`/faq-detail/${faqId}`, { method: "PUT", body, caller, answer: One })).data;
}

export async function deleteFaq(caller: Caller, faqId: number) {
  await apiRequest(`/faq-detail/${faqId}`, { method: "DELETE", caller });
}
