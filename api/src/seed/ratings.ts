/**
 * Demo ratings: customers rated three in four of the demo Completed orders (the rest stay unrated,
 * so a rating can still be added), a day or so after completion. Deterministic for a seed number.
 */
import { asc, eq } from "drizzle-orm";
import type { Tx } from "../lib/audit";
import { orders, ratings, RATING_TYPE_VALUES } from "../db/schema";
import type { Random } from "./random";

const HOUR = 3_600_000;
type RatingType = (typeof RATING_TYPE_VALUES)[number];

// mostly happy customers, as on a real marketplace
const TYPE_WEIGHTS: RatingType[] = ["Excellent", "Excellent", "Very Good", "Very Good", "Good", "Fair", "Poor"];
const COMMENTS: Record<RatingType, string[]> = {
  Excellent: ["Very knowledgeable and quick. Highly recommended.", "Explained everything patiently and finished before the deadline.", ""],
  "Very Good": ["Good work, a small delay in sharing the final draft.", "Helpful and professional."],
  Good: ["Work was done as described.", ""],
  Fair: ["Took longer than promised, but the result was fine."],
  Poor: ["Had to follow up many times before the work was delivered."],
};

export async function seedDemoRatings(tx: Tx, random: Random): Promise<number> {
  const completed = await tx
    .select({ id: orders.order_id, completedAt: orders.completedAt, created: orders.created_at })
    .from(orders)
    // called right after the demo orders, before any generated ones
    .where(eq(orders.status, "Completed"))
    .orderBy(asc(orders.order_id));
  const rows: (typeof ratings.$inferInsert)[] = [];
  completed.forEach((order, i) => {
    if (i % 4 === 3) return;
    const type = TYPE_WEIGHTS[Math.floor(random() * TYPE_WEIGHTS.length)];
    const comments = COMMENTS[type];
    const done = (order.completedAt ?? order.created).getTime();
    rows.push({
      order_id: order.id,
      type,
      comment: comments[Math.floor(random() * comments.length)],
      created_at: new Date(done + (2 + Math.floor(random() * 70)) * HOUR),
    });
  });
  if (rows.length) await tx.insert(ratings).values(rows);
  return rows.length;
}
