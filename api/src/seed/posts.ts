/**
 * Demo posts (spec 3 §2.3): a handful of drafts and published posts with tags, written by the demo
 * admins over the weeks after `base`. No randomness. Returns their ids (the comments' seed may
 * attach comments to them).
 */
import { slugOf } from "~contract/post-labels";
import { sanitizePostHtml } from "~shared/sanitize";
import { blogArticles } from "../db/schema";
import type { Tx } from "../lib/audit";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

type DemoPost = { title: string; description: string; author: string; tags: string[]; published: boolean; content: string };

export const DEMO_POSTS: DemoPost[] = [
  {
    title: "How to choose a Chartered Accountant for your startup",
    description: "Five questions to ask before you hire a CA for GST, ITR filing and compliance in your first year.",
    author: "Priya Sharma",
    tags: ["Finance", "Startups", "GST"],
    published: true,
    content:
      "<h2>Start with what you need this year</h2><p>Most new businesses need GST registration, monthly returns and a clean set of books.</p><ul><li>Ask about their experience with businesses of your size.</li><li>Ask how they charge: per filing or a retainership.</li></ul><p>Compare at least two providers before you book.</p>",
  },
  {
    title: "GST returns: a calendar for small businesses",
    description: "Which GST return is due when, and what a late filing costs you in INR.",
    author: "Rahul Verma",
    tags: ["GST", "Compliance"],
    published: true,
    content:
      "<p>GSTR-1 is due on the 11th of every month, GSTR-3B on the 20th.</p><h3>Late fees</h3><p>A late GSTR-3B costs ₹50 a day (₹20 for a nil return), plus interest on the tax due.</p>",
  },
  {
    title: "Five things to check before hiring an interior designer",
    description: "Portfolio, site visits, budgets and timelines: what to agree on before the work starts.",
    author: "Ananya Iyer",
    tags: ["Interior Design", "Home"],
    published: true,
    content:
      "<p>A good designer listens first. Ask to see finished projects, not renders.</p><ol><li>Portfolio of finished homes</li><li>A written budget in INR</li><li>A timeline with milestones</li></ol>",
  },
  {
    title: "Building your first e-commerce website on a budget",
    description: "What ₹60,000 buys you, and where to spend first.",
    author: "Karan Mehta",
    tags: ["Web Development", "Startups", "E-commerce"],
    published: true,
    content:
      "<p>Start with a hosted platform and a payment gateway that supports UPI.</p><blockquote>Launch small, then improve what customers use.</blockquote>",
  },
  {
    title: "Trademark registration in India: the steps",
    description: "From the search to the certificate: how long it takes and what it costs.",
    author: "Priya Sharma",
    tags: ["Legal", "Startups"],
    published: false,
    content: "<p>Draft: search the trademark registry first, then file Form TM-A.</p>",
  },
  {
    title: "Preparing for your first consultation",
    description: "",
    author: "Support Team",
    tags: [],
    published: false,
    content: "<p>Draft: keep your documents ready and write down your questions.</p>",
  },
];

/** Inserts the demo posts (drafts and published) and answers their ids, in DEMO_POSTS order. */
export async function seedDemoPosts(tx: Tx, base: Date): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, post] of DEMO_POSTS.entries()) {
    const created = new Date(base.getTime() + 35 * DAY + i * 3 * DAY + 10 * HOUR);
    const updated = new Date(created.getTime() + (i % 2) * DAY);
    const [row] = await tx
      .insert(blogArticles)
      .values({
        title: post.title,
        slug: slugOf(post.title),
        description: post.description,
        author: post.author,
        tags: post.tags,
        status: post.published ? "published" : "draft",
        content: sanitizePostHtml(post.content),
        published_at: post.published ? updated : null,
        created_at: created,
        updated_at: updated,
        updated_by: "admin",
      })
      .returning({ id: blogArticles.id });
    ids.push(row.id);
  }
  return ids;
}
