/**
 * A provider wizard step's save, round trip (issue 15): the demo data on a fresh database
 * (PGlite in a temp folder; PostgreSQL too when TEST_DATABASE_URL is set), the real API over HTTP
 * and the built admin with a real session. Each run posts a step's form of the admin's Edit Form
 * as the browser does without JavaScript (the fields the page holds, read just before, untimed,
 * one value changed) and follows the redirect to the next step: "save" = the POST (guard, saved
 * data read, check, PUT, redirect), "round trip" = POST + the GET it redirects to. The documents
 * step is posted without files (uploads aside, as the budget says). p50/p95 of BENCH_RUNS after a
 * warm-up. Prints only.
 *   npm run build && npx tsx tests/bench/wizard-save.ts
 * Budget (issue 15): a step save p95 ≤ 200 ms on PGlite (uploads aside).
 */
import { and, count, eq } from "drizzle-orm";
import { providerFormSections } from "../../api/src/db/schema";
import { seedDemo } from "../../api/src/seed/seed";
import { png } from "../support/images";
import {
  benchDrivers,
  DRIVER_LABEL,
  formFields,
  freshDatabase,
  printTable,
  requireBuild,
  startStack,
  timeFormSaves,
  withValue,
} from "./support";

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3862);
const BUDGET_MS = 200;

type StepCase = { step: string; change: (fields: [string, string][], run: number) => [string, string][]; multipart?: boolean };
const CASES: StepCase[] = [
  { step: "categories", change: (fields, run) => withValue(fields, "specializations.0.experience", String(1 + (run % 9))) },
  { step: "services", change: (fields, run) => fields.map(([n, v]) => [n, /^Consultation\.0\.indiaPrice$/.test(n) ? `${400 + run}` : v]) },
  { step: "service-details", change: (fields, run) => withValue(fields, "qualification", `B.Com, run ${run}`) },
  { step: "documents", multipart: true, change: (fields, run) => withValue(fields, "documentComment", `Checked in run ${run}`) },
];

requireBuild("wizard-save");

const table: string[][] = [];
for (const driver of benchDrivers()) {
  const label = DRIVER_LABEL[driver];
  const { opened, cleanup } = await freshDatabase(driver);
  try {
    await seedDemo(opened.db);
    // a demo provider with every section saved (the wizard's demo data)
    const [full] = await opened.db
      .select({ id: providerFormSections.service_provider_id, n: count() })
      .from(providerFormSections)
      .groupBy(providerFormSections.service_provider_id)
      .having(({ n }) => eq(n, 5));
    if (!full) throw new Error("the demo data has no provider with every wizard section saved");
    const documents = await opened.db
      .select()
      .from(providerFormSections)
      .where(and(eq(providerFormSections.service_provider_id, full.id), eq(providerFormSections.section, "documents")));
    if (documents.length !== 1) throw new Error("the demo provider has no documents section");
    const stack = await startStack(opened, ADMIN_PORT);
    try {
      // the demo documents predate the identity proof and selfie the step requires: stored once, untimed
      const record = (await (
        await fetch(`${stack.apiUrl}/get-document?serviceProviderId=${full.id}`, { headers: { "x-api-key": stack.apiKey } })
      ).json()) as {
        data: { ProfileDocument_id: number } | null;
      };
      if (!record.data) throw new Error("the demo provider has no documents record");
      const documentId = record.data.ProfileDocument_id;
      const files = new FormData();
      files.append("identityProof", new Blob([new Uint8Array(png(8, 8))], { type: "image/png" }), "identity.png");
      files.append("selfie", new Blob([new Uint8Array(png(8, 8))], { type: "image/png" }), "selfie.png");
      const stored = await fetch(`${stack.apiUrl}/update-document?document_id=${documentId}&serviceProviderId=${full.id}`, {
        method: "PUT",
        headers: { "x-api-key": stack.apiKey, "x-acting-admin": String(await stack.adminUserIdOf("admin")) },
        body: files,
      });
      if (!stored.ok) throw new Error(`storing the identity proof and selfie answered ${stored.status}: ${await stored.text()}`);
      const cookie = await stack.cookieFor("admin");
      for (const c of CASES) {
        const url = `/admin/edit-provider-details/${full.id}?step=${c.step}`;
        const { save, trip } = await timeFormSaves(
          stack.adminUrl,
          cookie,
          {
            name: c.step,
            url,
            multipart: c.multipart,
            fieldsOf: (page, run) => [...c.change(formFields(page, 'class="wizard-form'), run), ["intent", "save"]],
          },
          RUNS,
          WARMUP,
        );
        const cells = [save.p50, save.p95, trip.p50, trip.p95].map((ms) => ms.toFixed(1));
        table.push([`${label}: ${c.step}`, ...cells, save.p95 <= BUDGET_MS ? "yes" : "NO"]);
        console.log(
          `[${label}] ${c.step.padEnd(16)} save p50 ${cells[0]} p95 ${cells[1]} ms   round trip p50 ${cells[2]} p95 ${cells[3]} ms`,
        );
      }
    } finally {
      await stack.close();
    }
  } finally {
    await opened.close();
    await cleanup();
  }
}

console.log(
  `\nWizard step saves (admin's Edit Form, no JS), ${RUNS} runs per step after ${WARMUP} warm-up. save = the step's POST to its redirect; round trip = POST + the next step's GET.`,
);
console.log(`Budget: a step save p95 ≤ ${BUDGET_MS} ms on PGlite (uploads aside).`);
printTable(["step", "save p50", "save p95", "round trip p50", "round trip p95", "in budget"], table);
process.exit(0);
