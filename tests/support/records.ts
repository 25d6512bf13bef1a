/**
 * Records a test makes for itself through the API (route and e2e tests alike): pass the suite's
 * `apiCall`. Names are unique, so parallel tests and retries never meet.
 */
import type { ApiCallInit } from "./api-client";

type ApiCall = <T>(path: string, init?: ApiCallInit) => Promise<T>;
type Category = { category_id: number; categoryName: string; parentCategoryId: number | null };
type Plan = { plan_id: number; plan_name: string; charge: string; status: "Active" | "Inactive"; updated_at: string };

export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new Active category (a top-level one unless `parentCategoryId` is given). */
export async function newCategory<T = Category>(apiCall: ApiCall, fields: Record<string, unknown> = {}): Promise<T> {
  const answer = await apiCall<{ data: T }>("/create-category", {
    method: "POST",
    actingAdmin: "admin",
    body: {
      categoryName: `Test Category ${uniqueSuffix()}`,
      desc: "A category made by a test, with a description over thirty characters",
      status: "Active",
      superCategory: "",
      pageTitle: "",
      metaDescription: "",
      mostPopular: false,
      hide_from_menu_bar: false,
      ...fields,
    },
  });
  return answer.data;
}

/** A new subscription plan (Active unless told). */
export async function newPlan<T = Plan>(apiCall: ApiCall, fields: Record<string, unknown> = {}): Promise<T> {
  const answer = await apiCall<{ data: T }>("/create-plan", {
    method: "POST",
    actingAdmin: "admin",
    body: {
      plan_name: `Test Plan ${uniqueSuffix()}`,
      charge: "1499.50",
      service_fee: "12.50",
      profile_boost: 100,
      plan_validity: 6,
      max_approval: 7,
      status: "Active",
      ...fields,
    },
  });
  return answer.data;
}

/** A setting as the API has it now (GET /get-setting). */
export async function readSetting<T = unknown>(apiCall: ApiCall, name: string) {
  return (
    await apiCall<{ data: { setting1: T | null; setting2: unknown; updated_at: string | null; updated_by: string | null } }>(
      `/get-setting?setting_name=${name}`,
    )
  ).data;
}

/** What POST /test-fixtures/query-chats answers: a new customer and provider chatting, with attempts on both sides. */
export type QueryChatFixture = {
  tag: string;
  group_id: number;
  user_id: number;
  user_name: string;
  provider_id: number;
  provider_user_id: number;
  provider_name: string;
  service_message_id: number;
  messages: { query_chat_id: number; text: string | null }[];
  user_attempts: number[];
  provider_attempts: number[];
};

/** A customer and a provider of the test's own, chatting (`messages` of them, the first a service query). */
export async function newQueryChat(apiCall: ApiCall, messages = 6): Promise<QueryChatFixture> {
  return (await apiCall<{ data: QueryChatFixture }>("/test-fixtures/query-chats", { method: "POST", body: { messages } })).data;
}

type SettingParts = { setting1: Record<string, unknown>; setting2: Record<string, unknown> };

/**
 * Changes a setting through the API from what it holds now (`change` returns the parts to save),
 * again when someone saved in between (409): tests running side by side each change their own
 * category's part of the same setting.
 */
export async function changeSetting(apiCall: ApiCall, name: string, change: (now: SettingParts) => object) {
  for (let attempt = 0; ; attempt++) {
    const now = (
      await apiCall<{
        data: { setting1: Record<string, unknown> | null; setting2: Record<string, unknown> | null; updated_at: string | null };
      }>(`/get-setting?setting_name=${name}`)
    ).data;
    const ok = await apiCall(`/upsert-setting?setting_name=${name}`, {
      method: "PUT",
      actingAdmin: "admin",
      body: { settingName: name, ...change({ setting1: now.setting1 ?? {}, setting2: now.setting2 ?? {} }), updated_at: now.updated_at },
    }).then(
      () => true,
      (error) => (attempt < 4 ? false : Promise.reject(error)),
    );
    if (ok) return;
  }
}

/**
 * An Approved payout of a new provider of the test's own (a copy of the demo's first provider, with
 * its bank account): a completed Service order of theirs paid `amount` rupees, released by admin.
 * Needs the test fixtures (POST /test-fixtures/*).
 */
export async function newApprovedPayout(
  apiCall: ApiCall,
  amount = "1500.00",
): Promise<{ payoutId: number; shortId: string; providerId: number }> {
  const provider = (
    await apiCall<{ data: { serviceProvider_id: number } }>("/test-fixtures/providers", {
      method: "POST",
      body: { variant: 0, prefix: "bankfile" },
    })
  ).data;
  for (const variant of [0, 1]) {
    const order = (
      await apiCall<{ data: { short_id: string; payments: { payment_id: number; payment_status: string }[] } }>("/test-fixtures/orders", {
        method: "POST",
        body: {
          serviceType: "Service",
          status: "Completed",
          variant,
          service_provider_id: provider.serviceProvider_id,
          amount,
          // successful and not released, whatever other tests did to the demo order copied
          payment_status: "PAYMENT_SUCCESS",
        },
      })
    ).data;
    const paid = order.payments.find((p) => p.payment_status === "PAYMENT_SUCCESS");
    if (!paid) continue;
    const released = await apiCall<{ data: { release: { payout_id: number } | null } }>(`/payments/${paid.payment_id}`, {
      method: "PUT",
      actingAdmin: "admin",
      body: { payment_status: "WITHDRAWN" },
    });
    if (!released.data.release) throw new Error(`releasing payment ${paid.payment_id} made no payout`);
    return { payoutId: released.data.release.payout_id, shortId: order.short_id, providerId: provider.serviceProvider_id };
  }
  throw new Error("no demo Completed Service order has a successful payment to copy");
}

/** A bank file (state Generated) of one new approved payout: its id. */
export async function newBankFile(apiCall: ApiCall): Promise<number> {
  const { payoutId } = await newApprovedPayout(apiCall);
  const file = await apiCall<{ data: { bank_file_id: number } }>("/bank-files", {
    method: "POST",
    actingAdmin: "admin",
    body: { payout_ids: [payoutId] },
  });
  return file.data.bank_file_id;
}
