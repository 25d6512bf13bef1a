/**
 * Demo service providers: users, plans, providers with documents, agreements, PAN/face checks,
 * profile-edit activities, boosting history and bank accounts. Deterministic for a seed number.
 */
import { count, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { Tx } from "../lib/audit";
import { BULK_CHUNK, insertJson, type BulkColumns } from "./bulk";
import { mulberry32, type Random } from "./random";
import {
  activities,
  bankAccounts,
  boostingPoints,
  categories,
  panVerifications,
  plans,
  profileDocuments,
  providerAgreements,
  serviceProviders,
  users,
} from "../db/schema";

const pick = <T>(random: Random, list: readonly T[]) => list[Math.floor(random() * list.length)];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const PLAN_ROWS = ["Free", "Basic", "Elite", "Pro"] as const;
/**
 * What each demo plan costs and gives: charge in paise, service fee % (the rates orders.ts charges),
 * booster points, validity in months, approval time in days.
 */
export const PLAN_DETAILS: Record<
  (typeof PLAN_ROWS)[number],
  { charge: number; service_fee: string; profile_boost: number; plan_validity: number; max_approval: number }
> = {
  Free: { charge: 0, service_fee: "20.00", profile_boost: 0, plan_validity: 1, max_approval: 7 },
  Basic: { charge: 99_900, service_fee: "15.00", profile_boost: 50, plan_validity: 3, max_approval: 5 },
  Elite: { charge: 249_950, service_fee: "12.50", profile_boost: 150, plan_validity: 6, max_approval: 3 },
  Pro: { charge: 799_900, service_fee: "10.00", profile_boost: 400, plan_validity: 12, max_approval: 1 },
};
const STAGES = ["Free", "Partial", "Basic", "Pending", "Received"] as const;
const STATUSES = ["Active", "Active", "Active", "Inactive", "Hold"] as const;

export const FIRST_NAMES = [
  "Aarav",
  "Vivaan",
  "Aditya",
  "Vihaan",
  "Arjun",
  "Sai",
  "Reyansh",
  "Ayaan",
  "Krishna",
  "Ishaan",
  "Ananya",
  "Diya",
  "Aadhya",
  "Saanvi",
  "Pari",
  "Anika",
  "Navya",
  "Myra",
  "Kavya",
  "Meera",
  "Rohan",
  "Priya",
  "Rahul",
  "Sneha",
  "Vikram",
  "Pooja",
  "Karan",
  "Neha",
  "Siddharth",
  "Lakshmi",
] as const;
export const LAST_NAMES = [
  "Sharma",
  "Verma",
  "Iyer",
  "Nair",
  "Reddy",
  "Patel",
  "Gupta",
  "Mehta",
  "Joshi",
  "Kulkarni",
  "Banerjee",
  "Chatterjee",
  "Singh",
  "Khan",
  "Menon",
  "Pillai",
  "Rao",
  "Desai",
  "Shah",
  "Agarwal",
] as const;
const CITIES = [
  ["Mumbai", "Maharashtra", "Andheri West", "400053"],
  ["Pune", "Maharashtra", "Kothrud", "411038"],
  ["Bengaluru", "Karnataka", "Indiranagar", "560038"],
  ["Chennai", "Tamil Nadu", "T. Nagar", "600017"],
  ["Hyderabad", "Telangana", "Madhapur", "500081"],
  ["New Delhi", "Delhi", "Saket", "110017"],
  ["Kolkata", "West Bengal", "Salt Lake", "700091"],
  ["Ahmedabad", "Gujarat", "Navrangpura", "380009"],
  ["Jaipur", "Rajasthan", "Malviya Nagar", "302017"],
  ["Kochi", "Kerala", "Kakkanad", "682030"],
] as const;
const LANGUAGES = ["English", "Hindi", "Marathi", "Tamil", "Telugu", "Kannada", "Bengali", "Gujarati", "Malayalam"] as const;
const CATCHY = [
  "Your compliance, done right the first time.",
  "Clean books, calm founders.",
  "Websites that load fast and sell faster.",
  "Design that feels like home.",
  "From idea to launch in weeks, not months.",
  "Honest advice, fixed prices.",
] as const;
const BANKS = [
  ["State Bank of India", "SBIN"],
  ["HDFC Bank", "HDFC"],
  ["ICICI Bank", "ICIC"],
  ["Axis Bank", "UTIB"],
  ["Kotak Mahindra Bank", "KKBK"],
] as const;
const REASONS = [
  "Festive campaign bonus",
  "Completed 10 bookings",
  "Profile completed",
  "Top rated this month",
  "Referral reward",
] as const;

const phoneFor = (random: Random) =>
  `+91 ${pick(random, ["98", "97", "99", "88", "70", "63"])}${String(Math.floor(random() * 1e8)).padStart(8, "0")}`;
const panFor = (random: Random) => {
  const L = "ABCDEFGHJKLMNPQRSTUVWXYZ";
  const l = () => L[Math.floor(random() * L.length)];
  return `${l()}${l()}${l()}P${l()}${String(Math.floor(random() * 10000)).padStart(4, "0")}${l()}`;
};

export type ProviderSeedSummary = { users: number; providers: number; activities: number; bankAccounts: number };

/** ~60 demo providers; categories must already be seeded. */
export async function seedDemoProviders(tx: Tx, random: Random, base: Date, total = 60): Promise<ProviderSeedSummary> {
  const planRows = await tx
    .insert(plans)
    .values(PLAN_ROWS.map((plan_name) => ({ plan_name, ...PLAN_DETAILS[plan_name] })))
    .returning();
  const cats = await tx
    .select({ id: categories.category_id, name: categories.categoryName, parent: categories.parentCategoryId })
    .from(categories)
    .orderBy(categories.category_id);
  const summary: ProviderSeedSummary = { users: 0, providers: 0, activities: 0, bankAccounts: 0 };

  for (let i = 0; i < total; i++) {
    const first = FIRST_NAMES[i % FIRST_NAMES.length];
    const last = LAST_NAMES[(i * 7) % LAST_NAMES.length];
    const [city, state, locality, pincode] = CITIES[i % CITIES.length];
    const created = new Date(base.getTime() - (total - i) * 2 * DAY + Math.floor(random() * 10 * HOUR));
    const updated = new Date(created.getTime() + Math.floor(random() * 20 * DAY));
    const status = STATUSES[i % STATUSES.length];
    const [user] = await tx
      .insert(users)
      .values({
        username: `${first.toLowerCase()}.${last.toLowerCase()}${i + 1}`,
        firstName: first,
        lastName: last,
        email: `${first.toLowerCase()}.${last.toLowerCase()}${i + 1}@example.in`,
        phone: phoneFor(random),
        status,
        verified: i % 3 !== 0,
        rating: Math.round((3 + random() * 2) * 100) / 100,
        online: i % 4 === 0,
        lastSeen: i % 6 === 5 ? null : new Date(updated.getTime() + Math.floor(random() * 5 * DAY)),
        created_at: created,
        updated_at: updated,
      })
      .returning({ id: users.id });
    summary.users += 1;
    const cat = i % 9 === 8 ? null : cats[(i * 5) % cats.length];
    const plan = i % 8 === 7 ? null : planRows[i % planRows.length];
    const accepted = i % 5 === 4 ? [] : i % 3 === 0 ? ["v1.0", "v2.0"] : ["v2.0"];
    const [sp] = await tx
      .insert(serviceProviders)
      .values({
        user_id: user.id,
        category_id: cat?.id ?? null,
        plan_id: plan?.plan_id ?? null,
        stage: STAGES[i % STAGES.length],
        registered_at: created,
        created_at: created,
        updated_at: updated,
        refresh_at: i % 4 === 1 ? null : new Date(updated.getTime() + Math.floor(random() * 3 * DAY)),
        last_accepted_agreement: accepted.length ? accepted[accepted.length - 1] : null,
        is_pro: i % 7 === 0,
        admin_rating: 10 + ((i * 3) % 41),
        boosterPoints: 0,
        city,
        state,
        country: "India",
        locality,
        pincode,
        catchyLine: pick(random, CATCHY),
        languageProficiency: [
          { language: "English", rating: 3 + (i % 3) },
          { language: LANGUAGES[1 + (i % (LANGUAGES.length - 1))], rating: 5 },
        ],
        specialization: cat
          ? [
              {
                categoryName: cat.name,
                experience: 1 + (i % 15),
                subSpecialization: cats
                  .filter((c) => c.parent === cat.id)
                  .slice(0, 2)
                  .map((c) => c.name),
              },
            ]
          : [],
      })
      .returning({ id: serviceProviders.serviceProvider_id });
    summary.providers += 1;

    if (i % 10 !== 9) {
      await tx.insert(profileDocuments).values({
        service_provider_id: sp.id,
        profilePhoto: `profile-photo-${i + 1}.jpg`,
        portfolio: i % 2 === 0 ? `portfolio-1.jpg,portfolio-2.jpg` : `portfolio-1.jpg`,
        companyProfile:
          i % 3 === 0
            ? `pan-card-Document.pdf,company-profile-Document.pdf`
            : i % 4 === 1
              ? `pan-card-Document.pdf,company-resume-Document.txt` // an "other type": a download link
              : `pan-card-Document.pdf`,
        websiteLink: i % 2 === 0 ? `https://${first.toLowerCase()}${last.toLowerCase()}.in` : null,
        created_at: created,
        updated_at: updated,
      });
    }
    for (const [k, version] of accepted.entries()) {
      await tx.insert(providerAgreements).values({
        service_provider_id: sp.id,
        version,
        accepted_at: new Date(created.getTime() + (k + 1) * HOUR),
        accepted_ip: `103.21.${(i * 7) % 255}.${(k * 31 + i) % 255}`,
      });
    }
    if (i % 6 !== 5) {
      const panVerified = i % 4 !== 3;
      const face = i % 3 !== 2;
      await tx.insert(panVerifications).values({
        service_provider_id: sp.id,
        pan_number: panFor(random),
        name_on_pan: `${first} ${last}`.toUpperCase(),
        pan_verified: panVerified,
        pan_verified_at: panVerified ? new Date(created.getTime() + 2 * HOUR) : null,
        face_match_verified: face,
        face_match_score: face ? Math.round((85 + random() * 14) * 100) / 100 : Math.round(random() * 60 * 100) / 100,
        face_match_verified_at: face ? new Date(created.getTime() + 3 * HOUR) : null,
      });
    }
    // boosting history on every third provider
    if (i % 3 === 0) {
      let totalPoints = 0;
      for (let k = 0; k < 1 + (i % 4); k++) {
        // the third change takes 20 away: a correction, as every change that takes points away is
        const correction = k === 2;
        const points = correction ? -20 : 50 * (k + 1);
        totalPoints += points;
        await tx.insert(boostingPoints).values({
          service_provider: sp.id,
          points,
          kind: correction ? "correction" : "grant",
          reason: correction ? "Correction of an earlier grant (counted twice)" : REASONS[(i + k) % REASONS.length],
          created_at: new Date(created.getTime() + (k + 1) * DAY),
          created_by: "admin",
        });
      }
      // the total is the sum of the history, as the API keeps it
      await tx
        .update(serviceProviders)
        .set({ boosterPoints: totalPoints })
        .where(sql`${serviceProviders.serviceProvider_id} = ${sp.id}`);
    }
    if (i % 2 === 0) {
      const [bankName, ifsc] = BANKS[i % BANKS.length];
      await tx.insert(bankAccounts).values({
        service_provider_id: sp.id,
        account_holder_name: `${first} ${last}`,
        account_number: String(Math.floor(random() * 1e12)).padStart(12, "0"),
        ifsc_code: `${ifsc}0${String(Math.floor(random() * 1e6)).padStart(6, "0")}`,
        bank_name: bankName,
        branch: `${locality}, ${city}`,
        created_at: created,
      });
      summary.bankAccounts += 1;
    }
    summary.activities += await seedActivities(tx, user.id, i, created, city);
  }
  return summary;
}

/** Profile-edit activities covering every value shape the history panel renders. */
async function seedActivities(tx: Tx, userId: number, i: number, created: Date, city: string): Promise<number> {
  const long =
    "I help early-stage founders set up compliant companies, keep books clean and file every return on time. Fixed fees, no surprises, weekly updates always.";
  const at = (n: number) => new Date(created.getTime() + n * 6 * HOUR);
  const rows: (typeof activities.$inferInsert)[] = [
    {
      user_id: userId,
      activity_timestamp: at(1),
      activity_category: "updated",
      details: JSON.stringify({
        status: "updated",
        updated_fields: {
          city: { old: null, new: city },
          is_pro: { old: false, new: true },
          catchyLine: { old: "Quality work.", new: long.slice(0, 150) },
          pincode: { old: "400001", new: "400053" },
        },
      }),
    },
  ];
  if (i % 2 === 0) {
    rows.push({
      user_id: userId,
      activity_timestamp: at(2),
      activity_category: "File Upload",
      details: JSON.stringify({
        status: "updated",
        change_type: "File Upload",
        updated_fields: {
          portfolio: { old: ["portfolio-1.jpg"], new: ["portfolio-1.jpg", "portfolio-2.jpg"], type: "File Upload" },
          companyProfile: { old: null, new: ["pan-card-Document.pdf"], type: "File Upload" },
        },
      }),
    });
  }
  if (i % 3 === 0) {
    rows.push({
      user_id: userId,
      activity_timestamp: at(3),
      activity_category: "no_changes",
      details: JSON.stringify({ status: "no_changes", updated_fields: {} }),
    });
  }
  if (i % 5 === 0) {
    rows.push({
      user_id: userId,
      activity_timestamp: at(4),
      activity_category: "updated",
      details: JSON.stringify({
        status: "updated",
        updated_fields: {
          languageProficiency: { old: [{ language: "English", rating: 3 }], new: [{ language: "English", rating: 4 }] },
          websiteLink: { old: "https://old.example.in", new: null },
          verified: { old: true, new: false },
          locality: { old: "", new: "Bandra" },
          experience: { old: 2, new: 3 },
        },
      }),
    });
  }
  if (i === 0) {
    // an entry written by an older client: not JSON, the panel hides it
    rows.push({ user_id: userId, activity_timestamp: at(5), activity_category: "updated", details: "{updated_fields: city -> Pune" });
    rows.push({ user_id: userId, activity_timestamp: at(6), activity_category: "updated", details: null });
  }
  await tx.insert(activities).values(rows);
  return rows.length;
}

const USER_COLUMNS: BulkColumns = [
  ["username", "text"],
  ["firstName", "text"],
  ["lastName", "text"],
  ["email", "text"],
  ["phone", "text"],
  ["status", "text"],
  ["verified", "boolean"],
  ["rating", "numeric"],
  ["online", "boolean"],
  ["lastSeen", "timestamptz"],
  ["created_at", "timestamptz"],
  ["updated_at", "timestamptz"],
];
const PROVIDER_COLUMNS: BulkColumns = [
  ["user_id", "integer"],
  ["category_id", "integer"],
  ["plan_id", "integer"],
  ["stage", "text"],
  ["registered_at", "timestamptz"],
  ["created_at", "timestamptz"],
  ["updated_at", "timestamptz"],
  ["refresh_at", "timestamptz"],
  ["last_accepted_agreement", "text"],
  ["is_pro", "boolean"],
  ["admin_rating", "numeric"],
  ["boosterPoints", "integer"],
  ["city", "text"],
  ["state", "text"],
  ["country", "text"],
  ["locality", "text"],
  ["pincode", "text"],
  ["catchyLine", "text"],
  ["languageProficiency", "jsonb"],
  ["specialization", "jsonb"],
];

const BOOSTING_COLUMNS: BulkColumns = [
  ["service_provider", "integer"],
  ["points", "integer"],
  ["reason", "text"],
  ["kind", "text"],
  ["created_by", "text"],
  ["created_at", "timestamptz"],
];

/**
 * `count` generated providers (user + provider rows only), in chunks, one every `spacingMinutes`
 * (5) going back from `base`. Usernames continue after the users present. With `notAfter` (ms), no
 * date lands after it (the present-day demo: nothing happens in the future).
 */
export async function seedExtraProviders(
  db: Database,
  {
    seed,
    count: total,
    base,
    spacingMinutes = 5,
    notAfter = Infinity,
  }: { seed: number; count: number; base: Date; spacingMinutes?: number; notAfter?: number },
) {
  const upTo = (ms: number) => Math.min(ms, notAfter);
  if (total <= 0) return 0;
  const random = mulberry32(seed ^ 0x5bd1e995);
  const [{ existing }] = await db.select({ existing: count() }).from(users);
  const start = Number(existing);
  const planRows = await db.select().from(plans).orderBy(plans.plan_id);
  const cats = await db.select({ id: categories.category_id }).from(categories).where(isNull(categories.parentCategoryId)).limit(500);
  await db.transaction(async (tx) => {
    for (let offset = 0; offset < total; offset += BULK_CHUNK) {
      const n = Math.min(total, offset + BULK_CHUNK) - offset;
      const userRows: Record<string, unknown>[] = [];
      for (let k = 0; k < n; k++) {
        const i = start + offset + k + 1;
        const first = pick(random, FIRST_NAMES);
        const last = pick(random, LAST_NAMES);
        const when = new Date(base.getTime() - (offset + k + 1) * spacingMinutes * MINUTE - Math.floor(random() * 4) * MINUTE);
        userRows.push({
          username: `${first.toLowerCase()}${last.toLowerCase()}_${i}`,
          firstName: first,
          lastName: last,
          email: `${first.toLowerCase()}.${last.toLowerCase()}.${i}@example.in`,
          phone: phoneFor(random),
          status: pick(random, STATUSES),
          verified: random() < 0.6,
          rating: Math.round((2 + random() * 3) * 100) / 100,
          online: random() < 0.1,
          lastSeen: random() < 0.8 ? new Date(upTo(when.getTime() + Math.floor(random() * 30) * DAY)).toISOString() : null,
          created_at: when.toISOString(),
          updated_at: when.toISOString(),
        });
      }
      const inserted = await insertJson(tx, "users", USER_COLUMNS, userRows, `RETURNING "id", "username"`);
      const idOf = new Map(inserted.map((r) => [String(r.username), Number(r.id)]));
      const spRows = userRows.map((u) => {
        const [city, state, locality, pincode] = pick(random, CITIES);
        const created = Date.parse(String(u.created_at));
        const updated = upTo(created + Math.floor(random() * 60) * DAY);
        return {
          user_id: idOf.get(String(u.username)),
          category_id: cats.length && random() < 0.9 ? pick(random, cats).id : null,
          plan_id: planRows.length && random() < 0.85 ? pick(random, planRows).plan_id : null,
          stage: pick(random, STAGES),
          registered_at: u.created_at,
          created_at: u.created_at,
          updated_at: new Date(updated).toISOString(),
          refresh_at: random() < 0.7 ? new Date(upTo(updated + Math.floor(random() * 10) * DAY)).toISOString() : null,
          last_accepted_agreement: random() < 0.7 ? "v2.0" : null,
          is_pro: random() < 0.1,
          admin_rating: 10 + Math.floor(random() * 41),
          boosterPoints: random() < 0.2 ? Math.floor(random() * 500) : 0,
          city,
          state,
          country: "India",
          locality,
          pincode,
          catchyLine: pick(random, CATCHY),
          languageProficiency: [{ language: pick(random, LANGUAGES), rating: 1 + Math.floor(random() * 5) }],
          specialization: [],
        };
      });
      const providers = await insertJson(
        tx,
        "service_providers",
        PROVIDER_COLUMNS,
        spRows,
        `RETURNING "serviceProvider_id", "boosterPoints", "created_at"`,
      );
      // every provider's total is the sum of its history: one grant row for each total
      const grants = providers
        .filter((p) => Number(p.boosterPoints) > 0)
        .map((p, k) => ({
          service_provider: Number(p.serviceProvider_id),
          points: Number(p.boosterPoints),
          reason: REASONS[k % REASONS.length],
          kind: "grant",
          created_by: "admin",
          created_at: new Date(upTo(new Date(p.created_at as string | Date).getTime() + DAY)).toISOString(),
        }));
      if (grants.length > 0) await insertJson(tx, "boosting_points", BOOSTING_COLUMNS, grants);
    }
  });
  return total;
}
