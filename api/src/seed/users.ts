/**
 * Generated marketplace users for the Users screen at scale (`npm run seed -- --users N`): plain
 * users (no provider profile), joined over the two years before `base`, about one in seven blocked.
 * Deterministic for a seed number; usernames continue after the users present.
 */
import { count } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { BULK_CHUNK, insertJson, type BulkColumns } from "./bulk";
import { FIRST_NAMES, LAST_NAMES } from "./providers";
import { mulberry32, type Random } from "./random";

const pick = <T>(random: Random, list: readonly T[]) => list[Math.floor(random() * list.length)];
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** how far back the generated users joined */
export const GENERATED_USERS_SPAN_DAYS = 730;

const USER_COLUMNS: BulkColumns = [
  ["username", "text"],
  ["firstName", "text"],
  ["lastName", "text"],
  ["email", "text"],
  ["phone", "text"],
  ["verified", "boolean"],
  ["rating", "numeric"],
  ["online", "boolean"],
  ["lastSeen", "timestamptz"],
  ["is_active", "boolean"],
  ["created_at", "timestamptz"],
  ["updated_at", "timestamptz"],
];

/** Mostly Indian numbers with their code, some from abroad, a few typed without a code. */
function phoneFor(random: Random): string {
  const national = `${pick(random, ["98", "97", "99", "88", "70", "63"])}${String(Math.floor(random() * 1e8)).padStart(8, "0")}`;
  const r = random();
  if (r < 0.8) return `+91 ${national}`;
  if (r < 0.9) return `${pick(random, ["+1", "+44", "+971", "+65"])} ${national}`;
  return national;
}

export async function seedExtraUsers(
  db: Database,
  {
    seed,
    count: total,
    base,
    spanDays = GENERATED_USERS_SPAN_DAYS,
    notAfter = Infinity,
  }: { seed: number; count: number; base: Date; spanDays?: number; notAfter?: number },
) {
  if (total <= 0) return 0;
  const random = mulberry32(seed ^ 0x27d4eb2f);
  const [{ existing }] = await db.select({ existing: count() }).from(users);
  const start = Number(existing);
  await db.transaction(async (tx) => {
    for (let offset = 0; offset < total; offset += BULK_CHUNK) {
      const rows: Record<string, unknown>[] = [];
      for (let k = 0; k < Math.min(total, offset + BULK_CHUNK) - offset; k++) {
        const i = start + offset + k + 1;
        const first = pick(random, FIRST_NAMES);
        const last = pick(random, LAST_NAMES);
        const joined = new Date(base.getTime() - Math.floor(random() * spanDays * DAY) - Math.floor(random() * DAY));
        const rated = random() < 0.7;
        rows.push({
          // first_last_N: the providers' generated users are firstlast_N, so the two never meet
          username: `${first.toLowerCase()}_${last.toLowerCase()}_${i}`,
          firstName: first,
          lastName: last,
          email: `${first.toLowerCase()}.${last.toLowerCase()}.u${i}@example.in`,
          phone: phoneFor(random),
          verified: random() < 0.5,
          rating: rated ? Math.round((1 + random() * 4) * 100) / 100 : 0,
          online: random() < 0.05,
          lastSeen: random() < 0.8 ? new Date(Math.min(notAfter, joined.getTime() + Math.floor(random() * 60) * DAY)).toISOString() : null,
          is_active: random() >= 0.15,
          created_at: joined.toISOString(),
          updated_at: joined.toISOString(),
        });
      }
      await insertJson(tx, "users", USER_COLUMNS, rows);
    }
  });
  return total;
}
