/**
 * Demo terms and conditions versions (spec 3 §3 Terms version): v1.0 and v2.0, published, are the
 * versions the demo providers accepted (providers.ts names them); v2.1 is a draft being written.
 */
import type { Tx } from "../lib/audit";
import { clickwraps } from "../db/schema";

const DAY = 24 * 60 * 60_000;

const INTRO =
  "<h3>1. About these terms</h3><p>These terms govern your use of the marketplace as a service provider. By accepting them you agree to offer your services to customers through the marketplace on the conditions below.</p>";
const LISTING =
  "<h3>2. Your listing</h3><p>You keep your profile, documents and prices accurate and up to date. The marketplace may hide a listing whose documents have expired or cannot be verified.</p>";
const PAYMENTS_V1 =
  "<h3>3. Payments</h3><p>Customers pay the marketplace in INR. The marketplace releases your payment, less the service fee of your plan, within 7 working days of the order being completed.</p>";
const PAYMENTS_V2 =
  "<h3>3. Payments</h3><p>Customers pay the marketplace in INR. The marketplace releases your payment, less the service fee of your plan and GST at 18% on that fee, within 5 working days of the order being completed.</p>";
const CANCEL_V1 = "<h3>4. Cancellations</h3><p>You may cancel an order before it starts. Repeated cancellations may lower your rating.</p>";
const CANCEL_V2 =
  "<h3>4. Cancellations</h3><p>You may cancel an order before it starts, giving one of the listed reasons. Repeated cancellations may lower your rating and your booster points.</p>";
const DATA =
  "<h3>5. Customer data</h3><p>You use customers' details only to deliver the order they booked, and never share them outside the marketplace.</p>";
const DATA_V21 =
  "<h3>5. Customer data</h3><p>You use customers' details only to deliver the order they booked, and never share them outside the marketplace. You delete files a customer shared with you within 90 days of the order being completed, unless the law requires you to keep them.</p>";
const DISPUTES =
  "<h3>6. Disputes</h3><p>Disputes between you and a customer are first raised with marketplace support. These terms are governed by the laws of India, and the courts of Bengaluru have jurisdiction.</p>";

export const DEMO_CLICKWRAPS = [
  { version: "v1.0", status: "published", text: [INTRO, LISTING, PAYMENTS_V1, CANCEL_V1, DATA].join(""), daysBefore: 420 },
  { version: "v2.0", status: "published", text: [INTRO, LISTING, PAYMENTS_V2, CANCEL_V2, DATA, DISPUTES].join(""), daysBefore: 150 },
  { version: "v2.1", status: "draft", text: [INTRO, LISTING, PAYMENTS_V2, CANCEL_V2, DATA_V21, DISPUTES].join(""), daysBefore: 6 },
] as const;

export async function seedDemoClickwraps(tx: Tx, base: Date) {
  for (const v of DEMO_CLICKWRAPS) {
    const created = new Date(base.getTime() - v.daysBefore * DAY);
    const published = v.status === "published" ? new Date(created.getTime() + 2 * DAY) : null;
    await tx
      .insert(clickwraps)
      .values({
        version: v.version,
        status: v.status,
        text: v.text,
        published_at: published,
        created_at: created,
        updated_at: published ?? created,
        updated_by: "admin",
      })
      .onConflictDoNothing();
  }
}
