/**
 * Generated audit entries (benchmark scale): `count` changes by the demo admins to categories,
 * plans, FAQs, users, providers and payments, spread over the two years before `base`.
 */
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { adminUsers } from "../db/schema";
import { BULK_CHUNK, insertJson, type BulkColumns } from "./bulk";
import { mulberry32 } from "./random";

const MINUTE = 60_000;

const AUDIT_COLUMNS: BulkColumns = [
  ["admin_user_id", "integer"],
  ["admin_username", "text"],
  ["action", "text"],
  ["entity", "text"],
  ["entity_id", "text"],
  ["before", "jsonb"],
  ["after", "jsonb"],
  ["created_at", "timestamptz"],
];

/** What a generated change looks like, per kind of record (field names as the API records them). */
const CHANGES: { entity: string; change: (n: number) => { before: unknown; after: unknown } }[] = [
  { entity: "category", change: (n) => ({ before: { status: "Active" }, after: { status: n % 2 ? "Hold" : "Inactive" } }) },
  { entity: "category", change: (n) => ({ before: { desc: `Description ${n}` }, after: { desc: `Description ${n + 1}` } }) },
  { entity: "plan", change: (n) => ({ before: { charge: 99_900 + n }, after: { charge: 149_900 + n } }) },
  {
    entity: "faq",
    change: (n) => ({ before: { content: `<h3>Question ${n}?</h3><p>Old</p>` }, after: { content: `<h3>Question ${n}?</h3><p>New</p>` } }),
  },
  { entity: "user", change: (n) => ({ before: { is_active: n % 2 === 0 }, after: { is_active: n % 2 === 1 } }) },
  { entity: "service_provider", change: (n) => ({ before: { boosterPoints: n % 50 }, after: { boosterPoints: (n % 50) + 10 } }) },
  { entity: "payment", change: () => ({ before: { payment_status: "PAYMENT_SUCCESS" }, after: { payment_status: "WITHDRAWN" } }) },
];
const ACTIONS = ["update", "update", "update", "update", "create", "delete"] as const;

export async function seedExtraAudit(db: Database, { seed, count: total, base }: { seed: number; count: number; base: Date }) {
  if (total <= 0) return 0;
  const random = mulberry32(seed ^ 0x1b873593);
  const admins = await db
    .select({ id: adminUsers.adminUserId, name: adminUsers.adminUsername })
    .from(adminUsers)
    .where(eq(adminUsers.adminStatus, "Active"))
    .orderBy(asc(adminUsers.adminUserId));
  if (admins.length === 0) throw new Error("seedExtraAudit needs at least one Active admin");
  const spanMinutes = 2 * 365 * 24 * 60;
  await db.transaction(async (tx) => {
    for (let offset = 0; offset < total; offset += BULK_CHUNK) {
      const rows: Record<string, unknown>[] = [];
      for (let k = offset; k < Math.min(total, offset + BULK_CHUNK); k++) {
        const admin = admins[Math.floor(random() * admins.length)];
        const kind = CHANGES[Math.floor(random() * CHANGES.length)];
        const action = ACTIONS[Math.floor(random() * ACTIONS.length)];
        const { before, after } = kind.change(k);
        // oldest first, so ids grow with time as real entries do
        const when = new Date(base.getTime() - Math.round(((total - k) / total) * spanMinutes) * MINUTE);
        rows.push({
          admin_user_id: admin.id,
          admin_username: admin.name,
          action,
          entity: kind.entity,
          entity_id: String(1 + Math.floor(random() * 5000)),
          before: action === "create" ? null : before,
          after: action === "delete" ? null : after,
          created_at: when.toISOString(),
        });
      }
      await insertJson(tx, "audit_log", AUDIT_COLUMNS, rows);
    }
  });
  return total;
}
