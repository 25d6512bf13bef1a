import { z } from "zod";
import type { SendEmailBody } from "~contract/service-providers";
import { apiRequest, type Caller } from "./client.server";

/** POST /send-email; `to` holds user ids. Answers how many outbox rows were queued. */
export async function sendEmail(caller: Caller, body: SendEmailBody) {
  const answer = await apiRequest("/send-email", {
    method: "POST",
    body,
    caller,
    answer: z.object({ data: z.object({ queued: z.number().int() }) }),
  });
  return answer.data.queued;
}
