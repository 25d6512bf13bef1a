import { count, sql } from "drizzle-orm";
import type { Database, OpenedDatabase } from "../db/client";
import {
  activities,
  adminUsers,
  auditLog,
  bankAccounts,
  bankFileLines,
  bankFiles,
  payouts,
  boostingPoints,
  categories,
  faqs,
  outbox,
  panVerifications,
  plans,
  profileDocuments,
  providerAgreements,
  serviceProviders,
  users,
  videoCallLogs,
  orderActivities,
  orderFiles,
  orderChats,
  mainConsultations,
  cancelledOrders,
  cancellationReasons,
  payments,
  orders as ordersTable,
  contacts,
  ratings,
  settings,
  blogArticles,
  blogComments,
  bookingJourneys,
  providerFormSections,
  providerProfiles,
  providerSessions,
  providerServices,
  contactShareAttempts,
  queryChatGroups,
  queryChats,
  storedFiles,
  blogImages,
  clickwraps,
  notificationTemplates,
} from "../db/schema";
import { sanitizeRichText } from "~shared/sanitize";
import { hashPassword } from "../lib/password";
import { DEMO_ADMINS } from "./demo-admins";
import { DEMO_CATALOGUE, GENERATED_WORDS, type DemoCategory } from "./demo-data";
import { seedDemoProviders, seedExtraProviders } from "./providers";
import { seedDemoOrders, seedExtraOrders } from "./orders";
import { seedExtraUsers } from "./users";
import { seedDemoContacts } from "./contacts";
import { seedDemoRatings } from "./ratings";
import { seedDemoSettings } from "./settings";
import { seedDemoNotificationTemplates } from "./notification-templates";
import { seedDemoPosts } from "./posts";
import { seedDemoComments } from "./comments";
import { seedDemoProviderWizard } from "./provider-wizard";
import { seedDemoProviderAccounts } from "./provider-accounts";
import { seedDemoJourneys } from "./booking-journeys";
import { seedDemoQueryChats } from "./customer-queries";
import { seedDemoClickwraps } from "./clickwrap";
import { mulberry32, type Random } from "./random";
import { seedPayoutHistory } from "./payouts";

export { mulberry32 } from "./random";

/** Everything the seed writes is dated from here, so a seed number always gives the same rows. */
export const SEED_BASE_DATE = new Date("2026-01-01T00:00:00.000+05:30");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CHUNK = 1_000;

const pick = <T>(random: Random, list: readonly T[]) => list[Math.floor(random() * list.length)];
const saltFrom = (random: Random) => Buffer.from(Array.from({ length: 16 }, () => Math.floor(random() * 256)));

/** The start of the Asia/Kolkata day `at` falls in (India keeps no daylight saving: UTC+05:30). */
export function startOfIstDay(at: Date): Date {
  const IST = 330 * MINUTE;
  return new Date(Math.floor((at.getTime() + IST) / DAY) * DAY - IST);
}

/** How far back the present-day demo reaches: its hand-written rows start this many days before today. */
export const PRESENT_DEMO_DAYS = 90;

/**
 * The base of the present-day demo (`npm start` on an empty database): the hand-written rows span
 * about 80 days from their base, so they end in the last weeks rather than in early 2026.
 */
export function presentSeedBase(now: Date): Date {
  return new Date(startOfIstDay(now).getTime() - PRESENT_DEMO_DAYS * DAY);
}

/**
 * scale: generated categories; providers: generated service providers (with their users).
 * base: the date the hand-written demo rows are dated from (SEED_BASE_DATE, so that tests and
 * benches always get the same rows). present: also the recent activity of seedRecentActivity,
 * up to this moment (`npm start`).
 */
export type SeedOptions = { seed?: number; scale?: number; providers?: number; orders?: number; base?: Date; present?: Date };
export type SeedSummary = {
  adminUsers: number;
  categories: number;
  faqs: number;
  generated: number;
  providers: number;
  generatedProviders: number;
  orders: number;
  generatedOrders: number;
  /** the present-day demo's recent activity (seedRecentActivity), when asked for */
  recent?: RecentActivity;
};

/** stored as the API stores an FAQ written in the admin: sanitised (routes/faqs/) */
const faqHtml = (question: string, answers: string[]) =>
  sanitizeRichText(`<h3>${question}</h3>${answers.map((a) => `<p>${a}</p>`).join("")}`);

/**
 * The demo accounts (DEMO_ADMINS, in order), the demo catalogue with FAQs, and `scale` generated
 * top-level categories. Expects empty tables.
 */
export async function seedDemo(
  db: Database,
  { seed = 42, scale = 0, providers = 0, orders = 0, base = SEED_BASE_DATE, present }: SeedOptions = {},
): Promise<SeedSummary> {
  const random = mulberry32(seed);
  const summary: SeedSummary = {
    adminUsers: 0,
    categories: 0,
    faqs: 0,
    generated: 0,
    providers: 0,
    generatedProviders: 0,
    orders: 0,
    generatedOrders: 0,
  };

  const admins: (typeof adminUsers.$inferInsert)[] = [];
  let adminIndex = 0;
  for (const [username, account] of Object.entries(DEMO_ADMINS)) {
    const created = new Date(base.getTime() - 30 * DAY + adminIndex++ * HOUR);
    admins.push({
      adminUsername: username,
      adminPassword: await hashPassword(account.password, saltFrom(random)),
      adminEmail: account.email,
      adminStatus: account.status,
      adminRole: account.role,
      adminAccessRoleSettings: [...account.access],
      created_at: created,
      updated_at: created,
    });
  }

  await db.transaction(async (tx) => {
    await tx.insert(adminUsers).values(admins);
    summary.adminUsers = admins.length;

    let topIndex = 0;
    const insertTree = async (node: DemoCategory, superCategory: string, parentId: number | null, created: Date): Promise<void> => {
      const [row] = await tx
        .insert(categories)
        .values({
          categoryName: node.name,
          desc: node.desc,
          status: node.status ?? "Active",
          superCategory,
          pageTitle: `${node.name} | Hire verified experts in India`,
          metaDescription: `${node.desc} Compare providers, prices in INR and reviews.`.slice(0, 300),
          mostPopular: node.mostPopular ?? false,
          hide_from_menu_bar: node.hideFromMenu ?? false,
          parentCategoryId: parentId,
          created_at: created,
          updated_at: created,
          updated_by: null,
        })
        .returning({ id: categories.category_id });
      summary.categories += 1;
      let faqTime = created.getTime() + MINUTE;
      for (const [question, ...answers] of node.faqs ?? []) {
        const at = new Date((faqTime += MINUTE));
        await tx.insert(faqs).values({ category: row.id, content: faqHtml(question, answers), created_at: at, updated_at: at });
        summary.faqs += 1;
      }
      let childTime = created.getTime() + HOUR;
      for (const child of node.children ?? []) {
        childTime += Math.floor(random() * 3 * HOUR) + MINUTE;
        await insertTree(child, superCategory, row.id, new Date(childTime));
      }
    };

    for (const group of DEMO_CATALOGUE) {
      for (const node of group.categories) {
        // top-level categories spread over January 2026, a few days apart
        const created = new Date(base.getTime() + topIndex * 2 * DAY + Math.floor(random() * 20 * HOUR));
        topIndex += 1;
        await insertTree(node, group.superCategory, null, created);
      }
    }

    // One FAQ written before the h3 rule: its question is not in an h3 (the admin shows a fallback).
    const [legacyHome] = await tx
      .select({ id: categories.category_id, created: categories.created_at })
      .from(categories)
      .where(sql`${categories.categoryName} = 'Interior Design'`);
    const legacyAt = new Date(legacyHome.created.getTime() + 5 * MINUTE);
    await tx.insert(faqs).values({
      category: legacyHome.id,
      content: sanitizeRichText(
        "<p><strong>Do designers visit the site?</strong></p><p>Yes, in metro cities a site visit is included.</p>",
      ),
      created_at: legacyAt,
      updated_at: legacyAt,
    });
    summary.faqs += 1;

    // demo providers draw from their own generator, so the catalogue stays as it was
    summary.providers = (await seedDemoProviders(tx, mulberry32(seed ^ 0x2545f491), base)).providers;
    // demo orders likewise
    summary.orders = (await seedDemoOrders(tx, mulberry32(seed ^ 0x3c6ef372), base)).orders;
    // contact leads and ratings of the demo Completed orders, each from its own generator
    await seedDemoContacts(tx, mulberry32(seed ^ 0x165667b1), base);
    await seedDemoRatings(tx, mulberry32(seed ^ 0x61c88647));
    // the five General Settings, from the demo categories and plans (no randomness)
    await seedDemoSettings(tx, base);
    await seedDemoNotificationTemplates(tx, base);
    await seedDemoPosts(tx, base);
    await seedDemoComments(tx, mulberry32(seed ^ 0x7f4a7c15), base);
    await seedDemoQueryChats(tx, mulberry32(seed ^ 0x1b873593), base);
    await seedDemoClickwraps(tx, base);
    await seedDemoJourneys(tx, mulberry32(seed ^ 0x2f6b4d91), base);
    await seedDemoProviderWizard(tx, base);
    await seedDemoProviderAccounts(tx, base, () => saltFrom(random));
  });

  if (scale > 0) summary.generated = await seedExtraCategories(db, { seed, count: scale });
  if (providers > 0) summary.generatedProviders = await seedExtraProviders(db, { seed, count: providers, base: base });
  if (orders > 0) summary.generatedOrders = await seedExtraOrders(db, { seed, count: orders, base: base });
  if (present) summary.recent = await seedRecentActivity(db, { seed, now: present });
  return summary;
}

/**
 * `count` generated top-level categories, inserted in multi-row chunks, dated in the year before
 * base (so the demo catalogue stays on the first page). Names continue after those present.
 */
export async function seedExtraCategories(db: Database, { seed = 42, count: total }: { seed?: number; count: number }) {
  const random = mulberry32(seed ^ 0x9e3779b9);
  const [{ existing }] = await db.select({ existing: count() }).from(categories);
  const start = Number(existing);
  const { first, second, third, cities } = GENERATED_WORDS;
  const supers = ["", "business", "web-it"] as const;
  const statuses = ["Active", "Active", "Active", "Hold", "Inactive"] as const;
  await db.transaction(async (tx) => {
    for (let offset = 0; offset < total; offset += CHUNK) {
      const rows: (typeof categories.$inferInsert)[] = [];
      for (let i = offset; i < Math.min(total, offset + CHUNK); i++) {
        const n = start + i + 1;
        const city = pick(random, cities);
        const name = `${pick(random, first)} ${pick(random, second)} ${pick(random, third)} ${city} ${n}`;
        const created = new Date(SEED_BASE_DATE.getTime() - (i + 1) * 37 * MINUTE - Math.floor(random() * 30) * MINUTE);
        rows.push({
          categoryName: name,
          desc: `${name}: professional services for customers in and around ${city}.`,
          status: pick(random, statuses),
          superCategory: pick(random, supers),
          pageTitle: `${name} | Marketplace`,
          metaDescription: `Book ${name.toLowerCase()} with verified providers. Prices in INR.`,
          mostPopular: random() < 0.05,
          hide_from_menu_bar: random() < 0.1,
          parentCategoryId: null,
          created_at: created,
          updated_at: created,
          updated_by: null,
        });
      }
      await tx.insert(categories).values(rows);
    }
  });
  return total;
}

export type RecentActivity = { providers: number; users: number; orders: number; ordersToday: number };

/**
 * The present-day demo's recent activity, up to `now` and never after it: a provider joining each
 * day and two users, on average, over the last PRESENT_DEMO_DAYS days; an order every three hours
 * over those days, and a few more since midnight (IST) so that "today" has bookings unless the day
 * has only just begun. Orders whose acceptance or completion would lie ahead are still waiting.
 */
export async function seedRecentActivity(db: Database, { seed = 42, now }: { seed?: number; now: Date }): Promise<RecentActivity> {
  const notAfter = now.getTime();
  const midnight = startOfIstDay(now);
  const providers = await seedExtraProviders(db, {
    seed: seed + 1,
    count: PRESENT_DEMO_DAYS,
    base: midnight,
    spacingMinutes: 24 * 60,
    notAfter,
  });
  const users = await seedExtraUsers(db, {
    seed: seed + 2,
    count: 2 * PRESENT_DEMO_DAYS,
    base: now,
    spanDays: PRESENT_DEMO_DAYS,
    notAfter,
  });
  const older = await seedExtraOrders(db, { seed: seed + 3, count: 8 * PRESENT_DEMO_DAYS, base: midnight, spacingMinutes: 180, notAfter });
  // today's: spread over the minutes since midnight, at most one every 20 minutes
  const minutesToday = Math.floor((notAfter - midnight.getTime()) / MINUTE);
  const ordersToday = Math.min(8, Math.floor(minutesToday / 20));
  if (ordersToday > 0) {
    await seedExtraOrders(db, {
      seed: seed + 4,
      count: ordersToday,
      base: new Date(notAfter - 5 * MINUTE),
      spacingMinutes: Math.floor(minutesToday / (ordersToday + 1)),
      notAfter,
    });
  }
  // who released what, the bank files that paid them, two requests waiting (issue 34)
  await seedPayoutHistory(db, { now });
  return { providers, users, orders: older + ordersToday, ordersToday };
}

export { seedExtraProviders, seedExtraOrders };
export { seedExtraUsers } from "./users";

/** Empty every table and restart ids (the CLI's --reset). */
export async function resetDatabase(db: Database) {
  await db.execute(
    sql`TRUNCATE ${bankFileLines}, ${bankFiles}, ${payouts}, ${providerSessions}, ${providerFormSections}, ${providerServices}, ${providerProfiles}, ${contactShareAttempts}, ${queryChats}, ${queryChatGroups}, ${bookingJourneys}, ${storedFiles}, ${blogComments}, ${blogArticles}, ${blogImages}, ${clickwraps}, ${notificationTemplates}, ${settings}, ${contacts}, ${ratings}, ${videoCallLogs}, ${orderActivities}, ${orderFiles}, ${orderChats}, ${mainConsultations}, ${cancelledOrders}, ${cancellationReasons}, ${payments}, ${ordersTable}, ${outbox}, ${activities}, ${bankAccounts}, ${boostingPoints}, ${panVerifications}, ${providerAgreements}, ${profileDocuments}, ${serviceProviders}, ${plans}, ${users}, ${auditLog}, ${faqs}, ${categories}, ${adminUsers} RESTART IDENTITY CASCADE`,
  );
}

export async function isEmpty(db: Database) {
  const [{ n }] = await db.select({ n: count() }).from(adminUsers);
  return Number(n) === 0;
}

/**
 * Seeds the demo data when the database is empty, under the database's start-up lock: of several
 * API processes started together on an empty database, exactly one seeds. Null when it was not empty.
 */
export async function seedDemoOnce(
  opened: Pick<OpenedDatabase, "db" | "exclusive">,
  options: SeedOptions = {},
): Promise<SeedSummary | null> {
  return opened.exclusive(async () => ((await isEmpty(opened.db)) ? seedDemo(opened.db, options) : null));
}
