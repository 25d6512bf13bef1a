/**
 * A settings save, round trip: the demo data on a fresh database (PGlite in a temp folder;
 * PostgreSQL too when TEST_DATABASE_URL is set), the real API over HTTP and the built admin with a
 * real session. Each run posts a tab's form as the browser does without JavaScript (a changed
 * value, the form's fields as the page holds them, read just before, untimed) and follows the
 * redirect to the saved tab: "save" = the POST (guard, check, read, PUT, redirect), "round trip" =
 * POST + the GET it redirects to. p50/p95 of BENCH_RUNS after a warm-up. Prints only.
 *   npm run build && npx tsx tests/bench/settings-save.ts
 * Budget (issue 12): round trip p95 ≤ 150 ms on PGlite.
 */
import { seedDemo } from "../../api/src/seed/seed";
import {
  benchDrivers,
  DRIVER_LABEL,
  htmlAttr,
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
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3861);
const BUDGET_MS = 150;

/** A tab's form as the browser posts it: its fields read from the page, one value changed per run. */
type SaveCase = {
  name: string;
  url: string;
  form: string;
  multipart?: boolean;
  change: (fields: [string, string][], run: number) => [string, string][];
};

const CASES = (category: { id: number; name: string }): SaveCase[] => [
  {
    name: "General Settings (multipart, no image)",
    url: "/admin/settings?tab=general",
    form: "General Settings",
    multipart: true,
    change: (fields, run) => withValue(fields, "address", `12 MG Road, Bengaluru 5600${String(run % 100).padStart(2, "0")}`),
  },
  {
    name: "Category Settings (one category)",
    url: `/admin/settings?tab=category&category=${category.id}`,
    form: `Category Settings for ${category.name}`,
    change: (fields, run) => withValue(fields, "totalExperience.max", String(20 + (run % 9))),
  },
  {
    name: "Payment Gateway (one category's prices)",
    url: `/admin/settings?tab=payment-gateway&category=${category.id}`,
    form: `Plan prices for ${category.name}`,
    change: (fields, run) => fields.map(([n, v], i) => [n, n.startsWith("price.") ? `${1000 + run}.${String(i).padStart(2, "0")}` : v]),
  },
  {
    name: "Set Instructions/Content (one block)",
    url: "/admin/settings?tab=content&block=Documents",
    form: "Documents content",
    change: (fields, run) =>
      withValue(
        fields,
        "content",
        `<h2>Documents</h2><p>Upload your <strong>PAN card</strong> and one address proof (run ${run}).</p><ul><li>PDF</li><li>JPG or PNG</li></ul>`,
      ),
  },
  {
    name: "Create Service Settings (one sub-category)",
    url: `/admin/settings?tab=create-service&category=${category.id}&sub=all`,
    form: `Service types for ${category.name}: All sub-categories`,
    change: (fields, run) => withValue(fields, "Services.limits.options.0", `Up to ${run + 3} revisions`),
  },
];

requireBuild("settings-save");

const table: string[][] = [];
for (const driver of benchDrivers()) {
  const label = DRIVER_LABEL[driver];
  const { opened, cleanup } = await freshDatabase(driver);
  try {
    await seedDemo(opened.db);
    const stack = await startStack(opened, ADMIN_PORT);
    try {
      const cookie = await stack.cookieFor("admin");
      const categories = (await (
        await fetch(`${stack.apiUrl}/get-all-category?only_parent_categories=true&fields=summary`, {
          headers: { "x-api-key": stack.apiKey },
        })
      ).json()) as {
        data: { category_id: number; categoryName: string }[];
      };
      const first = categories.data[0];
      for (const c of CASES({ id: first.category_id, name: first.categoryName })) {
        const { save, trip } = await timeFormSaves(
          stack.adminUrl,
          cookie,
          {
            name: c.name,
            url: c.url,
            multipart: c.multipart,
            fieldsOf: (page, run) => c.change(formFields(page, `aria-label="${htmlAttr(c.form)}"`), run),
          },
          RUNS,
          WARMUP,
        );
        const cells = [save.p50, save.p95, trip.p50, trip.p95].map((ms) => ms.toFixed(1));
        table.push([`${label}: ${c.name}`, ...cells, trip.p95 <= BUDGET_MS ? "yes" : "NO"]);
        console.log(
          `[${label}] ${c.name.padEnd(44)} save p50 ${cells[0]} p95 ${cells[1]} ms   round trip p50 ${cells[2]} p95 ${cells[3]} ms`,
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
  `\nSettings saves, ${RUNS} runs per tab after ${WARMUP} warm-up. save = the form's POST (no JS) to its redirect; round trip = POST + the redirected GET of the tab.`,
);
console.log(`Budget: round trip p95 ≤ ${BUDGET_MS} ms on PGlite.`);
printTable(["tab", "save p50", "save p95", "round trip p50", "round trip p95", "in budget"], table);
process.exit(0);
