/**
 * Readers' comments on the blog (spec 3 §3 Blog comment), for Comment Moderation: a few dozen demo
 * comments (some replies, some anonymous, approved and pending) on the posts present, or on three
 * demo posts inserted here when there are none; and `npm run seed -- --comments N` generated ones
 * for the list at scale, written by the database itself (generate_series), deterministic.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { blogArticles, blogComments } from "../db/schema";
import type { Tx } from "../lib/audit";
import { FIRST_NAMES, LAST_NAMES } from "./providers";
import type { Random } from "./random";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const DEMO_COMMENTS = 36;

const pick = <T>(random: Random, list: readonly T[]) => list[Math.floor(random() * list.length)];

/** Posts for the comments when the posts area has none yet (published, dated before `base`). */
const FALLBACK_ARTICLES = [
  ["How to file your GST returns on time every quarter", "gst-returns-on-time"],
  ["Choosing a Chartered Accountant for a small business", "choosing-a-chartered-accountant"],
  ["Five things to check before hiring a web developer", "hiring-a-web-developer"],
] as const;

const COMMENTS = [
  "Very helpful, thank you. The checklist at the end saved me a lot of time.",
  "Does this apply to composition scheme dealers as well?",
  "We followed these steps last quarter and filed two days before the deadline for the first time.",
  "Could you write a follow-up on input tax credit for small traders?",
  "I booked a consultation after reading this and the provider was excellent.",
  "The section on late fees is out of date: the rates changed this year.",
  "Great article! Shared it with my team.",
  "What documents should a freelancer keep ready for this?",
  "Clear and simple. More posts like this please.",
  "Is there a Hindi version of this post?",
  "Check out my website for cheap services!!! Click here now",
  "I disagree with point three: a retainership worked out cheaper for us.",
] as const;
const REPLIES = [
  "Yes, it does. The same deadlines apply.",
  "Thanks for pointing that out, we will update the post.",
  "Same experience here, the reminders really help.",
  "Agreed, a follow-up would be useful.",
  "You can ask the provider for a checklist during the consultation.",
] as const;

/** The published posts comments go on (oldest first), or fallback ones when there are none yet. */
async function articlesForComments(tx: Tx | Database, base: Date): Promise<{ id: number; created_at: Date }[]> {
  const present = await tx
    .select({ id: blogArticles.id, created_at: blogArticles.created_at })
    .from(blogArticles)
    .where(eq(blogArticles.status, "published"))
    .orderBy(asc(blogArticles.id))
    .limit(20);
  if (present.length > 0) return present;
  return tx
    .insert(blogArticles)
    .values(
      FALLBACK_ARTICLES.map(([title, slug], i) => {
        const at = new Date(base.getTime() - (40 - i * 10) * DAY);
        return {
          title,
          slug,
          description: title,
          author: "Marketplace Team",
          tags: ["guides"],
          status: "published" as const,
          content: `<p>${title}.</p>`,
          published_at: at,
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .returning({ id: blogArticles.id, created_at: blogArticles.created_at });
}

/** The demo comments: about one in four a reply, one in five anonymous, about a third pending. */
export async function seedDemoComments(tx: Tx, random: Random, base: Date): Promise<number> {
  const articles = await articlesForComments(tx, base);
  const made: { id: number; article_id: number; created_at: Date }[] = [];
  for (let i = 0; i < DEMO_COMMENTS; i++) {
    const first = pick(random, FIRST_NAMES);
    const last = pick(random, LAST_NAMES);
    const reply = i >= 4 && i % 4 === 1 ? made[Math.floor(random() * made.length)] : undefined;
    const article = articles[i % articles.length];
    // a comment comes after its post (and a reply after its comment)
    const created = reply
      ? new Date(reply.created_at.getTime() + (1 + Math.floor(random() * 48)) * HOUR)
      : new Date(article.created_at.getTime() + (6 + i * 7) * HOUR + Math.floor(random() * 60) * MINUTE);
    const [row] = await tx
      .insert(blogComments)
      .values({
        article_id: reply?.article_id ?? article.id,
        parent_id: reply?.id ?? null,
        name: `${first} ${last}`,
        email: i % 5 === 3 ? null : `${first}.${last}${i}@example.in`.toLowerCase(),
        content: reply ? REPLIES[i % REPLIES.length] : COMMENTS[i % COMMENTS.length],
        is_approved: i % 3 !== 2,
        created_at: created,
      })
      .returning({ id: blogComments.id, article_id: blogComments.article_id, created_at: blogComments.created_at });
    made.push(row);
  }
  return made.length;
}

/**
 * `count` generated comments (one in five a reply to an earlier generated one, one in six
 * anonymous, a third pending), a few minutes apart from a day after the newest post they go on,
 * in two INSERT … SELECT statements.
 */
export async function seedExtraComments(db: Database, { count: total, base }: { count: number; base: Date }) {
  if (total <= 0) return 0;
  await db.transaction(async (tx) => {
    const found = await articlesForComments(tx, base);
    const articles = found.map((a) => a.id);
    const newest = Math.max(...found.map((a) => a.created_at.getTime()));
    const [{ before }] = await tx.select({ before: sql<number>`coalesce(max(${blogComments.id}), 0)::int` }).from(blogComments);
    const top = Math.max(1, Math.ceil(total * 0.8));
    const replies = total - top;
    const firsts = JSON.stringify(FIRST_NAMES);
    const lasts = JSON.stringify(LAST_NAMES);
    const texts = JSON.stringify(COMMENTS);
    const answers = JSON.stringify(REPLIES);
    const posts = JSON.stringify(articles);
    const startIso = new Date(newest + DAY).toISOString();
    // names and texts by index from jsonb lists; g spreads them with coprime steps
    await tx.execute(sql`
      INSERT INTO blog_comments (article_id, parent_id, name, email, content, is_approved, created_at)
      SELECT (${posts}::jsonb ->> (g % ${articles.length})::int)::int,
             NULL,
             (${firsts}::jsonb ->> (g % ${FIRST_NAMES.length})::int) || ' ' || (${lasts}::jsonb ->> ((g * 7) % ${LAST_NAMES.length})::int),
             CASE WHEN g % 6 = 0 THEN NULL
                  ELSE lower((${firsts}::jsonb ->> (g % ${FIRST_NAMES.length})::int) || '.' || (${lasts}::jsonb ->> ((g * 7) % ${LAST_NAMES.length})::int)) || '.c' || g || '@example.in' END,
             (${texts}::jsonb ->> ((g * 5) % ${COMMENTS.length})::int) || ' (reader ' || g || ')',
             g % 3 <> 0,
             ${startIso}::timestamptz + make_interval(mins => (g * 3 + (g * 37) % 3)::int)
      FROM generate_series(1, ${top}) AS g`);
    if (replies > 0) {
      await tx.execute(sql`
        INSERT INTO blog_comments (article_id, parent_id, name, email, content, is_approved, created_at)
        SELECT p.article_id, p.id,
               (${firsts}::jsonb ->> ((g * 3) % ${FIRST_NAMES.length})::int) || ' ' || (${lasts}::jsonb ->> ((g * 11) % ${LAST_NAMES.length})::int),
               CASE WHEN g % 6 = 1 THEN NULL
                    ELSE lower((${firsts}::jsonb ->> ((g * 3) % ${FIRST_NAMES.length})::int) || '.' || (${lasts}::jsonb ->> ((g * 11) % ${LAST_NAMES.length})::int)) || '.r' || g || '@example.in' END,
               (${answers}::jsonb ->> (g % ${REPLIES.length})::int) || ' (reply ' || g || ')',
               g % 3 <> 1,
               p.created_at + make_interval(mins => (1 + g % 600)::int)
        FROM generate_series(1, ${replies}) AS g
        JOIN blog_comments p ON p.id = ${before} + 1 + ((g::bigint * 7919) % ${top})::int`);
    }
  });
  return total;
}
