import { OutboxList, OutboxRetryAnswer, type OutboxListQuery } from "~contract/outbox";
import type { OutboxChannel } from "~contract/outbox-labels";
import { apiRequest, type Caller } from "./client.server";

/** GET /outbox (ours): one page of Sent Messages, newest first, with counts per status. */
export async function listOutbox(caller: Caller, query: OutboxListQuery) {
  const answer = await apiRequest("/outbox", { query, caller, answer: OutboxList });
  return { rows: answer.data, counts: answer.counts, total: answer.total_results, delivering: answer.delivering };
}

/** POST /outbox/retry (ours): failed messages queued again; all or nothing. Answers how many. */
export async function retryOutbox(caller: Caller, ids: number[]) {
  const answer = await apiRequest("/outbox/retry", { method: "POST", body: { ids }, caller, answer: OutboxRetryAnswer });
  return answer.data.requeued;
}

/** POST /outbox/retry-failed (ours): every failed message (of a channel) queued again. Answers how many. */
export async function retryFailedOutbox(caller: Caller, channel: OutboxChannel | undefined) {
  const answer = await apiRequest("/outbox/retry-failed", {
    method: "POST",
    body: channel ? { channel } : {},
    caller,
    answer: OutboxRetryAnswer,
  });
  return answer.data.requeued;
}
