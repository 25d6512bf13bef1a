/**
 * Demo contact leads: what visitors sent from the marketplace's contact form, over the two months
 * around `base`. Varied on purpose: some without a phone number or a subject, a few long messages
 * (the admin cuts them and opens the whole one in a dialog). Deterministic for a seed number.
 */
import type { Tx } from "../lib/audit";
import { contacts } from "../db/schema";
import { FIRST_NAMES, LAST_NAMES } from "./providers";
import type { Random } from "./random";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const DEMO_CONTACTS = 40;

const pick = <T>(random: Random, list: readonly T[]) => list[Math.floor(random() * list.length)];

const DOMAINS = ["gmail.com", "yahoo.co.in", "outlook.com", "rediffmail.com", "startup.in"] as const;
const CONTEXTS = ["Contact Us", "Become a Provider", "Pricing", "Booking Help", "Partnership", "Careers"] as const;

/** subject, and the message's sentences (1 to all of them are used) */
const TOPICS: [subject: string, sentences: string[]][] = [
  [
    "GST registration for a new shop",
    [
      "I am opening a garments shop in Pune next month.",
      "Could someone tell me what documents GST registration needs?",
      "I would prefer a consultation on a weekend.",
    ],
  ],
  [
    "Refund not received",
    [
      "My consultation was cancelled by the provider last week.",
      "The refund has not reached my UPI account yet.",
      "The order id is in my email, please check and update me.",
    ],
  ],
  [
    "How do I list my services?",
    [
      "I am a Chartered Accountant with 8 years of practice in Bengaluru.",
      "I would like to offer ITR filing and GST returns on your platform.",
      "What are the charges for listing and how are payouts made?",
    ],
  ],
  [
    "Invoice with GSTIN",
    ["Please send the invoice of my last booking with our company's GSTIN.", "Our accounts team needs it before the month closes."],
  ],
  [
    "Website development quote",
    [
      "We need an e-commerce website with about 40 products and a payment gateway.",
      "Please connect us with two or three providers who have done similar work.",
      "Our budget is around ₹60,000 and we want to go live in six weeks.",
    ],
  ],
  [
    "Partnership enquiry",
    [
      "We run a co-working space in Hyderabad with 300 members.",
      "We would like to offer your marketplace's services to our members at a discount.",
      "Who should we speak to about a partnership?",
    ],
  ],
  ["Trouble logging in", ["The OTP does not arrive on my phone when I try to sign in.", "I have tried three times since yesterday."]],
  [
    "Reschedule my consultation",
    ["I cannot attend the consultation booked for Friday evening.", "Can it be moved to Monday at the same time?"],
  ],
  [
    "Feedback on the booking flow",
    [
      "Booking a consultation was easy, but choosing a slot on mobile took a while.",
      "It would help to see the provider's languages before paying.",
      "Otherwise a good experience, thank you.",
    ],
  ],
  [
    "Job opening for designers",
    [
      "I saw that you are hiring UI designers.",
      "I have attached my portfolio link in the form: behance.net/example-portfolio.",
      "I can join within 30 days.",
    ],
  ],
];

/** A long message (several paragraphs), for the dialog. */
const LONG_TAIL = [
  "To give some background: we are a family business that has been running for twenty years, and until now our accountant handled everything on paper.",
  "Last year we moved to Tally and registered for GST, but the returns were filed late twice and we received notices for both quarters.",
  "We are looking for someone who can take over the monthly filings, reply to the notices, and teach our staff how to keep the books in order.",
  "Please also tell us whether a retainership or separate bookings for each filing would work out cheaper for a business of our size.",
  "We are available on weekdays after 4 pm and any time on Saturdays. Thank you for your help.",
];

export async function seedDemoContacts(tx: Tx, random: Random, base: Date): Promise<number> {
  const rows: (typeof contacts.$inferInsert)[] = [];
  for (let i = 0; i < DEMO_CONTACTS; i++) {
    const first = pick(random, FIRST_NAMES);
    const last = pick(random, LAST_NAMES);
    const [subject, sentences] = TOPICS[i % TOPICS.length];
    const used = sentences.slice(0, 1 + Math.floor(random() * sentences.length));
    // every seventh lead is long
    const message = (i % 7 === 3 ? [...sentences, ...LONG_TAIL] : used).join(" ");
    const phone = `+91 ${String(70_000 + Math.floor(random() * 29_999)).padStart(5, "0")} ${String(Math.floor(random() * 100_000)).padStart(5, "0")}`;
    rows.push({
      name: `${first} ${last}`,
      email: `${first}.${last}${i}@${pick(random, DOMAINS)}`.toLowerCase(),
      contactNo: i % 5 === 2 ? "" : phone,
      context: pick(random, CONTEXTS),
      subject: i % 9 === 5 ? "" : subject,
      message,
      // from two months before base to a month after, one lead every day or two
      created_at: new Date(base.getTime() - 60 * DAY + i * 2 * DAY + Math.floor(random() * 20 * 60) * MINUTE),
    });
  }
  await tx.insert(contacts).values(rows);
  return rows.length;
}
