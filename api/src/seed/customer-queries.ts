/**
 * Customer queries (spec 3 §2.8): demo chats between customers and providers before any order (15
 * pairs, a few messages each, some asking about a service with its query data, one long chat of
 * 120 messages), the contact details caught in them (phones, emails, links, by customers and by
 * providers), and `npm run seed -- --query-chats N` generated pairs (1–3 messages each, over a
 * year) written by the database itself in a few statements. Customers are other providers' users
 * (as the demo orders' are); the groups' search_text comes from refreshSearchText.
 */
import { asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { contactShareAttempts, queryChatGroups, queryChats, serviceProviders, type ServiceQueryData } from "../db/schema";
import type { Tx } from "../lib/audit";
import { recountGroup, refreshSearchText } from "../routes/customer-queries/query-chats";
import type { Random } from "./random";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const DEMO_QUERY_GROUPS = 15;
/** the long chat's messages (more than a page: shows "Older messages") */
export const LONG_CHAT_MESSAGES = 120;

const QUESTIONS = [
  "Hi, is this service available this week?",
  "Can you share a sample of your previous work?",
  "What documents do you need from me before we start?",
  "Is the price negotiable for a small business?",
  "How long does the first consultation take?",
  "Do you work on weekends?",
] as const;
const ANSWERS = [
  "Yes, I have slots on Thursday and Friday.",
  "Sure, I will attach a redacted sample in the order chat.",
  "Your PAN, last year's returns and bank statements for the year.",
  "The listed price already includes a small business discount.",
  "About 45 minutes, and you get written notes afterwards.",
  "Saturdays yes, Sundays only for urgent work.",
] as const;
/** messages that try to move the chat off the platform: [text, what was caught, kind, notes] */
const SHARES = [
  ["Call me on 98765 43210, easier to talk", "98765 43210", "phone", "Phone number in the message; masked before delivery."],
  ["Mail me the files at priya.files@gmail.com", "priya.files@gmail.com", "email", "Email address caught; the user was warned."],
  [
    "See my portfolio at https://my-portfolio.example.com",
    "https://my-portfolio.example.com",
    "link",
    "External link removed from the message.",
  ],
  ["My WhatsApp is nine eight seven six five, then 43210", null, "phone", "Spelled-out number; content could not be read exactly."],
  ["Reach me on +91 99887 76655 for a discount", "+91 99887 76655", "phone", "Second attempt by this person in a week."],
] as const;

/** Service query data as the marketplace's "Ask before ordering" sends it (requirements are HTML). */
function serviceQuery(n: number, lpv: number | null | undefined): ServiceQueryData {
  const variations = [
    { indiaPrice: 2999, deliveryTime: "5 days", limits: [{ value: "Up to 50 transactions" }], description: "Small business" },
    {
      indiaPrice: 5499,
      deliveryTime: "7 days",
      limits: [{ value: "Up to 200 transactions" }, { value: "Two revisions" }],
      description: "Growing business",
    },
  ];
  const data: ServiceQueryData = {
    requirements:
      n % 2 === 0
        ? "<p>I need my <strong>GST returns</strong> filed for <em>three quarters</em>.</p><ul><li>Sales register ready</li><li>Purchase bills scanned</li></ul>"
        : "<p>Looking for a <b>logo and brand kit</b> &amp; a one-page site.</p>",
    query: n % 2 === 0 ? "Can you also reconcile input tax credit?" : "Do you provide the source files?",
    service: {
      inclusions: [
        {
          i: 0,
          value: n % 2 === 0 ? "GSTR-1 and GSTR-3B filing" : "Three logo concepts",
          subCategory: n % 2 === 0 ? "GST Filing" : "Logo Design",
        },
        { i: 1, value: n % 2 === 0 ? "Input tax credit review" : "Brand colour palette" },
      ],
      offerings: n % 2 === 0 ? "Quarterly GST return filing" : "Brand identity starter",
      serviceType: n % 2 === 0 ? "Retainership" : "Project",
      specialty: n % 2 === 0 ? ["GST", "Small business accounts"] : ["Logo design", "Brand guidelines"],
      indiaPrice: n % 2 === 0 ? 1999 : 4999,
      deliveryTime: "3 days",
      limits: [{ value: "Up to 20 transactions" }],
      limitsPriceVariation: variations,
    },
  };
  if (lpv !== undefined) data.lpv_index = lpv;
  return data;
}

type Pair = { user_id: number; service_provider_id: number; provider_user_id: number };

/** Distinct customer/provider pairs from the providers present (the customer another provider's user). */
async function pairsFor(tx: Tx | Database, total: number): Promise<Pair[]> {
  const providers = await tx
    .select({ id: serviceProviders.serviceProvider_id, user_id: serviceProviders.user_id })
    .from(serviceProviders)
    .orderBy(asc(serviceProviders.serviceProvider_id))
    .limit(60);
  const pairs: Pair[] = [];
  const seen = new Set<string>();
  for (let k = 0; pairs.length < total && k < total * 4; k++) {
    const provider = providers[(k * 7 + 2) % providers.length];
    const customer = providers[(k * 11 + 5) % providers.length];
    const key = `${customer.user_id}:${provider.id}`;
    if (customer.user_id === provider.user_id || seen.has(key)) continue;
    seen.add(key);
    pairs.push({ user_id: customer.user_id, service_provider_id: provider.id, provider_user_id: provider.user_id });
  }
  return pairs;
}

/** The demo chats and attempts; returns how many pairs. */
export async function seedDemoQueryChats(tx: Tx, random: Random, base: Date): Promise<number> {
  const pairs = await pairsFor(tx, DEMO_QUERY_GROUPS);
  if (pairs.length === 0) return 0;
  for (const [k, pair] of pairs.entries()) {
    const long = k === 0;
    const messages = long ? LONG_CHAT_MESSAGES : 3 + Math.floor(random() * 6);
    let at = base.getTime() - (k * 3 + 2) * DAY - Math.floor(random() * 12) * HOUR;
    const [group] = await tx
      .insert(queryChatGroups)
      .values({
        user_id: pair.user_id,
        service_provider_id: pair.service_provider_id,
        first_chat_at: new Date(at),
        last_chat_at: new Date(at),
      })
      .returning({ id: queryChatGroups.id });
    const rows: (typeof queryChats.$inferInsert)[] = [];
    const shareAt = k % 3 === 1 ? 1 : k % 3 === 2 ? 2 : -1;
    const shares: { index: number; share: (typeof SHARES)[number] }[] = [];
    for (let m = 0; m < messages; m++) {
      const fromCustomer = m % 2 === 0;
      let text: string | null = fromCustomer ? QUESTIONS[(k + m) % QUESTIONS.length] : ANSWERS[(k + m) % ANSWERS.length];
      let data: ServiceQueryData | null = null;
      if (m === 0 && k % 2 === 1) {
        // the customer's first message asks about a service: with no variation chosen, the first, or the second
        data = serviceQuery(k, k % 4 === 1 ? undefined : k % 8 === 3 ? 0 : 1);
        if (k % 3 === 0) text = null;
      }
      if (m === shareAt || (long && m % 40 === 5)) {
        const share = SHARES[(k + m) % SHARES.length];
        text = share[0];
        shares.push({ index: m, share });
      }
      at += (long ? 20 : 30 + Math.floor(random() * 180)) * MINUTE;
      rows.push({
        group_id: group.id,
        sender_id: fromCustomer ? pair.user_id : pair.provider_user_id,
        text,
        service_query_data: data,
        created_at: new Date(at),
      });
    }
    const made = await tx
      .insert(queryChats)
      .values(rows)
      .returning({ id: queryChats.query_chat_id, sender_id: queryChats.sender_id, created_at: queryChats.created_at });
    if (shares.length > 0) {
      await tx.insert(contactShareAttempts).values(
        shares.map(({ index, share }) => ({
          user_id: made[index].sender_id,
          group_id: group.id,
          query_chat_id: made[index].id,
          content: share[1],
          kind: share[2],
          notes: share[3],
          created_at: made[index].created_at,
        })),
      );
    }
    await recountGroup(tx, group.id);
  }
  await refreshSearchText(tx);
  return pairs.length;
}

/**
 * `count` generated pairs: customers are the users present (every live one), providers the
 * providers present, each pair new (a pair already chatting is skipped, so fewer may be added when
 * users × providers runs out); 1–3 messages each, the last one within the year before `base`.
 */
export async function seedExtraQueryChats(db: Database, { count: total, base }: { count: number; base: Date }): Promise<number> {
  if (total <= 0) return 0;
  return db.transaction(async (tx) => {
    const [{ before, existing }] = await tx
      .select({ before: sql<number>`coalesce(max(${queryChatGroups.id}), 0)::int`, existing: sql<number>`count(*)::int` })
      .from(queryChatGroups);
    const baseIso = base.toISOString();
    const questions = JSON.stringify(QUESTIONS);
    const answers = JSON.stringify(ANSWERS);
    // candidates (twice as many: self-pairs and pairs already chatting are skipped), the first `count` kept;
    // pair number g → the (g mod U)-th customer and the ((g mod U) + g div U) mod P-th provider: distinct pairs while g < U × P
    await tx.execute(sql`
      WITH u AS (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM users WHERE NOT is_deleted),
           p AS (SELECT "serviceProvider_id" AS id, user_id, (row_number() OVER (ORDER BY "serviceProvider_id") - 1)::int AS n FROM service_providers),
           sizes AS (SELECT (SELECT count(*) FROM u)::bigint AS nu, (SELECT count(*) FROM p)::bigint AS np),
           gen AS (
             SELECT g, (g % sizes.nu)::int AS un, (((g % sizes.nu) + g / sizes.nu) % sizes.np)::int AS pn
             FROM sizes, generate_series(${Number(existing)}::bigint, ${Number(existing) + total * 2 + 100}::bigint) AS g
             WHERE sizes.nu > 0 AND sizes.np > 0 AND g < sizes.nu * sizes.np
           )
      INSERT INTO query_chat_groups (user_id, service_provider_id, chat_count, first_chat_at, last_chat_at)
      SELECT u.id, p.id, (1 + g % 3)::int,
             ${baseIso}::timestamptz - make_interval(mins => ((g * 7919) % 525600)::int),
             ${baseIso}::timestamptz - make_interval(mins => ((g * 7919) % 525600)::int) + make_interval(mins => (47 * (g % 3))::int)
      FROM gen JOIN u ON u.n = gen.un JOIN p ON p.n = gen.pn
      WHERE u.id <> p.user_id
        AND NOT EXISTS (SELECT 1 FROM query_chat_groups old WHERE old.user_id = u.id AND old.service_provider_id = p.id)
      ORDER BY g
      LIMIT ${total}
      ON CONFLICT DO NOTHING`);
    const fresh = gt(queryChatGroups.id, before);
    // the messages: k = 0 .. chat_count - 1, 47 minutes apart, the customer first
    await tx.execute(sql`
      INSERT INTO query_chats (group_id, sender_id, text, created_at)
      SELECT qg.id, CASE WHEN k % 2 = 0 THEN qg.user_id ELSE sp.user_id END,
             CASE WHEN k % 2 = 0 THEN ${questions}::jsonb ->> ((qg.id + k) % ${QUESTIONS.length})::int
                  ELSE ${answers}::jsonb ->> ((qg.id + k) % ${ANSWERS.length})::int END,
             qg.first_chat_at + make_interval(mins => (47 * k)::int)
      FROM query_chat_groups qg
      JOIN service_providers sp ON sp."serviceProvider_id" = qg.service_provider_id
      JOIN generate_series(0, 2) AS k ON k < qg.chat_count
      WHERE qg.id > ${before}`);
    await refreshSearchText(tx, fresh);
    const [{ added }] = await tx
      .select({ added: sql<number>`count(*)::int` })
      .from(queryChatGroups)
      .where(fresh);
    return Number(added);
  });
}

/** The first demo pair with the long chat (tests read it by this, not by arithmetic). */
export async function longChatGroup(db: Database | Tx) {
  const [row] = await db.select().from(queryChatGroups).where(eq(queryChatGroups.chat_count, LONG_CHAT_MESSAGES)).limit(1);
  return row;
}
