import { z } from "zod";
import { FaqRecord } from "~contract/faqs";
import { apiRequest, type Caller } from "./client.server";

const One = z.object({ data: FaqRecord });

export async function listFaqsOfCategory(categoryId: number, caller: Caller) {
  const answer = await apiRequest(`/get-faq-by-category-id/${categoryId}`, {
    caller,
    answer: z.object({ data: z.array(FaqRecord) }),
  });
  return answer.data;
}

export async function getFaq(faqId: number, caller: Caller) {
  return (await apiRequest(`/faq-detail/${faqId}`, { caller, answer: One })).data;
}

export async function createFaq(body: { category: number; content: string }, caller: Caller) {
  return (await apiRequest("/create-faq", { method: "POST", body, caller, answer: One })).data;
}

export async function updateFaq(faqId: number, body: { content: string; updated_at?: string }, caller: Caller) {
  return (await apiRequest(`/faq-detail/${faqId}`, { method: "PUT", body, caller, answer: One })).data;
}

export async function deleteFaq(faqId: number, caller: Caller) {
  await apiRequest(`/faq-detail/${faqId}`, { method: "DELETE", caller });
}
