/**
 * A settings save, round trip: the demo data on a fresh database (PGlite in a temp folder;
 * PostgreSQL too when TEST_DATABASE_URL is set), the real API over HTTP and the built admin with a
 * real session. Each run posts a tab's form as the browser does without JavaScript (a changed
 * value, the version and part fingerprint read from the page just before, untimed) and follows the
 * redirect to the saved tab: "save" = the POST (guard, check, read, PUT, redirect), "round trip" =
 * POST + the GET it redirects to. p50/p95 of BENCH_RUNS after a warm-up. Prints only.
 *   npm run build && npx tsx tests/bench/settings-save.ts
 * Budget (issue 12): round trip p95 ≤ 150 ms on PGlite.
 */
import { seedDemo } from "../../api/src/seed/seed";
import { benchDrivers, DRIVER_LABEL, freshDatabase, printTable, requireBuild, startStack, stats } from "./support";

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3861);
const BUDGET_MS = 150;

/** A tab's form as posted: the page's hidden fields plus this run's values. */
type SaveCase = { name: string; url: string; form: (page: string, run: number) => Record<string, string> };

const hidden = (page: string, name: string) => {
  const found = new RegExp(`name="${name.replace(".", "\\.")}" value="([^"]*)"`).exec(page) ?? new RegExp(`value="([^"]*)" name="${name}"`).exec(page);
  if (!found) throw new Error(`the page has no ${name} field`);
  return found[1].replace(/&quot;/g, '"').replace(/&amp;/g, "&");
};
const namesLike = (page: string, pattern: RegExp) => [...page.matchAll(pattern)].map((m) => m[1]);

const CASES = (category: number): SaveCase[] => [
  {
    name: "Payment Gateway (one category's prices)",
    url: `/admin/settings?tab=payment-gateway&category=${category}`,
    form: (page, run) => {
      const plans = namesLike(page, /name="price\.(\d+)"/g);
      return {
        intent: "save-prices",
        version: hidden(page, "version"),
        part: hidden(page, "part"),
        ...Object.fromEntries(plans.map((id, i) => [`price.${id}`, `${1000 + run}.${String(i).padStart(2, "0")}`])),
      };
    },
  },
  {
    name: "Set Instructions/Content (one block)",
    url: "/admin/settings?tab=content&block=Documents",
    form: (page, run) => ({
      intent: "save-content",
      version: hidden(page, "version"),
      part: hidden(page, "part"),
      content: `<h2>Documents</h2><p>Upload your <strong>PAN card</strong> and one address proof (run ${run}).</p><ul><li>PDF</li><li>JPG or PNG</li></ul>`,
    }),
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
      const headers = { Cookie: cookie };
      const categories = (await (await fetch(`${stack.apiUrl}/get-all-category?only_parent_categories=true&fields=summary`, { headers: { "x-api-key": stack.apiKey } })).json()) as {
        data: { category_id: number }[];
      };
      for (const c of CASES(categories.data[0].category_id)) {
        const saves: number[] = [];
        const trips: number[] = [];
        for (let run = 0; run < WARMUP + RUNS; run++) {
          const page = await (await fetch(stack.adminUrl + c.url, { headers })).text();
          const body = new URLSearchParams(c.form(page, run));
          const started = performance.now();
          const posted = await fetch(stack.adminUrl + c.url, {
            method: "POST",
            headers: { ...headers, Origin: stack.adminUrl, "content-type": "application/x-www-form-urlencoded" },
            body,
            redirect: "manual",
          });
          await posted.arrayBuffer();
          const saved = performance.now();
          if (posted.status !== 302) throw new Error(`${c.name}: the save answered ${posted.status}, not a redirect`);
          const shown = await fetch(new URL(posted.headers.get("location")!, stack.adminUrl), { headers: { Cookie: [cookie, ...posted.headers.getSetCookie().map((s) => s.split(";")[0])].join("; ") } });
          await shown.arrayBuffer();
          const ended = performance.now();
          if (shown.status !== 200) throw new Error(`${c.name}: the saved tab answered ${shown.status}`);
          if (run >= WARMUP) {
            saves.push(saved - started);
            trips.push(ended - started);
          }
        }
        const save = stats(saves);
        const trip = stats(trips);
        const cells = [save.p50, save.p95, trip.p50, trip.p95].map((ms) => ms.toFixed(1));
        table.push([`${label}: ${c.name}`, ...cells, trip.p95 <= BUDGET_MS ? "yes" : "NO"]);
        console.log(`[${label}] ${c.name.padEnd(44)} save p50 ${cells[0]} p95 ${cells[1]} ms   round trip p50 ${cells[2]} p95 ${cells[3]} ms`);
      }
    } finally {
      await stack.close();
    }
  } finally {
    await opened.close();
    await cleanup();
  }
}

console.log(`\nSettings saves, ${RUNS} runs per tab after ${WARMUP} warm-up. save = the form's POST (no JS) to its redirect; round trip = POST + the redirected GET of the tab.`);
console.log(`Budget: round trip p95 ≤ ${BUDGET_MS} ms on PGlite.`);
printTable(["tab", "save p50", "save p95", "round trip p50", "round trip p95", "in budget"], table);
process.exit(0);
