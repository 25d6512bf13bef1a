/**
 * npm run seed -- [--scale N] [--providers N] [--orders N] [--users N] [--audit N] [--comments N] [--query-chats N] [--journeys N] [--files N] [--seed 42] [--base-date YYYY-MM-DD] [--reset]
 * Seeds DATABASE_URL (PostgreSQL) or PGLITE_DIR (default ./data/pglite). On a database that
 * already has the demo data, only the N generated categories and providers are added.
 * Dates: as `npm start`, the demo lives in the present (the last 90 days, bookings today) and the
 * generated rows go back from there; --base-date dates the fixed demo from that day instead (the
 * tests' rows: --base-date 2026-01-01).
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { seedExtraAudit } from "./audit";
import { seedExtraComments } from "./comments";
import { seedExtraJourneys } from "./booking-journeys";
import { seedExtraFiles } from "./bucket-manager";
import { storageFromEnv } from "../storage";
import { seedExtraQueryChats } from "./customer-queries";
import {
  isEmpty,
  presentSeedBase,
  resetDatabase,
  seedDemo,
  seedExtraCategories,
  seedExtraOrders,
  seedExtraProviders,
  seedExtraUsers,
} from "./seed";

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "0" },
    providers: { type: "string", default: "0" },
    orders: { type: "string", default: "0" },
    audit: { type: "string", default: "0" },
    users: { type: "string", default: "0" },
    comments: { type: "string", default: "0" },
    journeys: { type: "string", default: "0" },
    files: { type: "string", default: "0" },
    "query-chats": { type: "string", default: "0" },
    seed: { type: "string", default: "42" },
    "base-date": { type: "string" },
    reset: { type: "boolean", default: false },
  },
});
const now = new Date();
const fixedBase = values["base-date"] === undefined ? null : new Date(`${values["base-date"]}T00:00:00.000+05:30`);
if (fixedBase && (!/^\d{4}-\d{2}-\d{2}$/.test(values["base-date"] ?? "") || Number.isNaN(fixedBase.getTime())))
  throw new Error("--base-date must be a date like 2026-01-01");
const SEED_BASE_DATE = fixedBase ?? presentSeedBase(now);
const scale = Number(values.scale);
const seed = Number(values.seed);
const providers = Number(values.providers);
const orders = Number(values.orders);
const audit = Number(values.audit);
if (!Number.isInteger(audit) || audit < 0) throw new Error("--audit must be a whole number ≥ 0");
if (!Number.isInteger(orders) || orders < 0) throw new Error("--orders must be a whole number ≥ 0");
const comments = Number(values.comments);
if (!Number.isInteger(comments) || comments < 0) throw new Error("--comments must be a whole number ≥ 0");
const journeys = Number(values.journeys);
if (!Number.isInteger(journeys) || journeys < 0) throw new Error("--journeys must be a whole number ≥ 0");
const bulkFiles = Number(values.files);
if (!Number.isInteger(bulkFiles) || bulkFiles < 0) throw new Error("--files must be a whole number ≥ 0");
const queryChatPairs = Number(values["query-chats"]);
if (!Number.isInteger(queryChatPairs) || queryChatPairs < 0) throw new Error("--query-chats must be a whole number ≥ 0");
const plainUsers = Number(values.users);
if (!Number.isInteger(plainUsers) || plainUsers < 0) throw new Error("--users must be a whole number ≥ 0");
if (!Number.isInteger(providers) || providers < 0) throw new Error("--providers must be a whole number ≥ 0");
if (!Number.isInteger(scale) || scale < 0) throw new Error("--scale must be a whole number ≥ 0");
if (!Number.isInteger(seed)) throw new Error("--seed must be a whole number");

const url = process.env.DATABASE_URL || undefined;
const dataDir = process.env.PGLITE_DIR || "./data/pglite";
const opened = await openDatabase(url ? { url } : { dataDir });
try {
  const started = performance.now();
  if (values.reset) await resetDatabase(opened.db);
  if (await isEmpty(opened.db)) {
    const summary = await seedDemo(opened.db, {
      seed,
      scale,
      providers,
      orders,
      base: SEED_BASE_DATE,
      present: fixedBase ? undefined : now,
    });
    console.log(
      `Seeded ${summary.adminUsers} admin users, ${summary.categories} demo categories, ${summary.faqs} FAQs, ${summary.generated} generated categories, ${summary.providers} demo providers, ${summary.generatedProviders} generated providers, ${summary.orders} demo orders and ${summary.generatedOrders} generated orders`,
    );
    if (summary.recent)
      console.log(
        `Dated up to today: ${summary.recent.providers} providers and ${summary.recent.users} users joined and ${summary.recent.orders} orders placed over the last 90 days, ${summary.recent.ordersToday} of them today`,
      );
  } else {
    const added = await seedExtraCategories(opened.db, { seed, count: scale });
    const addedProviders = await seedExtraProviders(opened.db, { seed, count: providers, base: SEED_BASE_DATE });
    const addedOrders = await seedExtraOrders(opened.db, { seed, count: orders, base: SEED_BASE_DATE });
    console.log(
      `Demo data already present; added ${added} generated categories, ${addedProviders} generated providers and ${addedOrders} generated orders`,
    );
  }
  if (audit > 0) console.log(`Added ${await seedExtraAudit(opened.db, { seed, count: audit, base: new Date() })} generated audit entries`);
  // plain users (no provider profile) for the Users screen, after the rest
  const addedUsers = await seedExtraUsers(opened.db, { seed, count: plainUsers, base: SEED_BASE_DATE });
  if (addedUsers > 0) console.log(`Added ${addedUsers} generated users`);
  if (comments > 0)
    console.log(`Added ${await seedExtraComments(opened.db, { count: comments, base: SEED_BASE_DATE })} generated blog comments`);
  if (journeys > 0)
    console.log(`Added ${await seedExtraJourneys(opened.db, { count: journeys, base: SEED_BASE_DATE })} generated booking journeys`);
  // small files in the configured storage (FILES_DIR or S3_BUCKET), catalogued for the S3 Bucket Manager
  if (bulkFiles > 0)
    console.log(
      `Added ${await seedExtraFiles(opened.db, storageFromEnv(), { count: bulkFiles, base: new Date() })} generated stored files`,
    );
  if (queryChatPairs > 0)
    console.log(
      `Added ${await seedExtraQueryChats(opened.db, { count: queryChatPairs, base: SEED_BASE_DATE })} generated customer query chats`,
    );
  // PGlite has no autovacuum: without this its planner has no statistics for the new rows and
  // the list counts visit the table instead of the index (PostgreSQL would get there by itself)
  await opened.db.execute(sql`VACUUM ANALYZE`);
  console.log(`Done in ${Math.round(performance.now() - started)} ms on ${url ? "PostgreSQL" : `PGlite at ${dataDir}`}`);
} finally {
  await opened.close();
}
