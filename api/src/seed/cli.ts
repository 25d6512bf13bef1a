/**
 * npm run seed -- [--scale N] [--seed 42] [--reset]
 * Seeds DATABASE_URL (PostgreSQL) or PGLITE_DIR (default ./data/pglite). On a database that
 * already has the demo data, only the N generated categories are added.
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { isEmpty, resetDatabase, seedDemo, seedExtraCategories } from "./seed";

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "0" },
    seed: { type: "string", default: "42" },
    reset: { type: "boolean", default: false },
  },
});
const scale = Number(values.scale);
const seed = Number(values.seed);
if (!Number.isInteger(scale) || scale < 0) throw new Error("--scale must be a whole number ≥ 0");
if (!Number.isInteger(seed)) throw new Error("--seed must be a whole number");

const url = process.env.DATABASE_URL || undefined;
const dataDir = process.env.PGLITE_DIR || "./data/pglite";
const opened = await openDatabase(url ? { url } : { dataDir });
try {
  const started = performance.now();
  if (values.reset) await resetDatabase(opened.db);
  if (await isEmpty(opened.db)) {
    const summary = await seedDemo(opened.db, { seed, scale });
    console.log(
      `Seeded ${summary.adminUsers} admin users, ${summary.categories} demo categories, ${summary.faqs} FAQs and ${summary.generated} generated categories`,
    );
  } else {
    const added = await seedExtraCategories(opened.db, { seed, count: scale });
    console.log(`Demo data already present; added ${added} generated categories`);
  }
  console.log(`Done in ${Math.round(performance.now() - started)} ms on ${url ? "PostgreSQL" : `PGlite at ${dataDir}`}`);
} finally {
  await opened.close();
}
