/**
 * Scale-out (issue 16), on the harness of tests/support/cluster.ts: 2 API processes and 2 admin
 * processes (the compiled builds) on one fresh PostgreSQL database (TEST_DATABASE_URL's server)
 * and one s3rver bucket, the demo data seeded.
 *
 * (a) page views/s of /admin/service-provider, signed in, with 1 admin process and then with 2
 *     (autocannon, its connections spread round-robin over the admins given; admin 1 uses API 1,
 *     admin 2 API 2), p50/p95 latency of every answer, side by side. autocannon runs in this
 *     process, on the same cores as the servers.
 * (b) the outbox: BENCH_OUTBOX_ROWS (10,000) email rows inserted directly with SQL (distinct
 *     recipients), delivered by the 2 API processes to a local SMTP server: total time from the
 *     insert to the last row sent, rows/s, and each recipient's copies counted (delivered once?).
 *
 * Settings: BENCH_SCALE_CONNECTIONS (10), BENCH_SCALE_SECONDS (15), BENCH_OUTBOX_ROWS (10000),
 * BENCH_OUTBOX_CONCURRENCY (the API's default when unset), SCALE_VERBOSE=1 (the processes' output).
 */
import autocannon from "autocannon";
import { Browser, startCluster, type Cluster } from "../support/cluster";
import { startSmtp, type LocalSmtp } from "../support/smtp";
import { printTable, requireBuild, stats } from "./support";

const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 15);
const ROWS = Number(process.env.BENCH_OUTBOX_ROWS ?? 10_000);
const PAGE = "/admin/service-provider";

requireBuild("scale");
if (!process.env.TEST_DATABASE_URL) {
  console.log("scale: skipped (set TEST_DATABASE_URL to a PostgreSQL server the bench may create a database on)");
  process.exit(0);
}

async function pageViews(urls: string[], cookie: string) {
  const samples: number[] = [];
  const run = autocannon({ url: urls.map((u) => `${u}${PAGE}`), connections: CONNECTIONS, duration: SECONDS, headers: { cookie } });
  run.on("response", (_client, _status, _bytes, responseTime) => samples.push(responseTime));
  const result = await run;
  const t = stats(samples);
  return {
    perSecond: result.requests.total / result.duration,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    p50: t.p50,
    p95: t.p95,
  };
}

async function benchPages(cluster: Cluster) {
  const [admin1, admin2] = cluster.admins.map((a) => a.url);
  const browser = new Browser();
  const signedIn = await browser.signIn(admin1, "admin", "Admin@12345");
  if (signedIn.status !== 302) throw new Error(`signing in answered ${signedIn.status}: ${(await signedIn.text()).slice(0, 300)}`);
  const cookie = browser.cookieHeader();
  for (const url of [admin1, admin2]) {
    const check = await browser.get(`${url}${PAGE}`);
    if (check.status !== 200) throw new Error(`${url}${PAGE} answered ${check.status}`);
  }
  // warm both up (the first renders compile and fill caches)
  await pageViews([admin1, admin2], cookie).catch(() => undefined);
  const one = await pageViews([admin1], cookie);
  const two = await pageViews([admin1, admin2], cookie);
  const row = (name: string, r: Awaited<ReturnType<typeof pageViews>>) => [
    name,
    r.perSecond.toFixed(1),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    String(r.total),
    String(r.non2xx + r.errors),
  ];
  console.log(
    `\n(a) ${PAGE} signed in (demo data), 2 API processes, ${CONNECTIONS} connections for ${SECONDS} s each (autocannon in the bench process); ms\n`,
  );
  printTable(
    ["admin processes", "page views/s", "p50", "p95", "requests", "non-2xx / errors"],
    [row("1 (admin 1 → API 1)", one), row("2 (round-robin; → API 1, API 2)", two)],
  );
  console.log(`\n2 admin processes / 1: ×${(two.perSecond / one.perSecond).toFixed(2)} page views/s`);
}

async function benchOutbox(cluster: Cluster, smtp: LocalSmtp) {
  const tag = Date.now().toString(36);
  const started = performance.now();
  await cluster.sql(
    `insert into outbox (channel, recipient, subject, body, created_by)
     select 'email', 'bench-' || $1 || '-' || i || '@example.test', 'Bench ' || $1, '<p>Bench message</p>', 'bench'
     from generate_series(1, $2::int) as i`,
    [tag, ROWS],
  );
  const inserted = performance.now();
  let lastSent = 0;
  for (;;) {
    const [{ queued, sent, failed }] = await cluster.sql<{ queued: string; sent: string; failed: string }>(
      `select count(*) filter (where status = 'queued') as queued, count(*) filter (where status = 'sent') as sent, count(*) filter (where status = 'failed') as failed
       from outbox where subject = $1`,
      [`Bench ${tag}`],
    );
    lastSent = Number(sent);
    if (Number(queued) === 0) {
      if (Number(failed) > 0) console.log(`(b) ${failed} rows failed`);
      break;
    }
    if (performance.now() - inserted > 30 * 60_000) throw new Error(`outbox: ${queued} rows still queued after 30 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const done = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 1000)); // a late duplicate would show up by now
  const prefix = `bench-${tag}-`;
  let once = 0;
  let twice = 0;
  for (const [address, n] of smtp.copiesPerRecipient()) {
    if (!address.startsWith(prefix)) continue;
    if (n === 1) once++;
    else twice++;
  }
  const missing = ROWS - once - twice;
  const seconds = (done - inserted) / 1000;
  const [{ attempts }] = await cluster.sql<{ attempts: string }>(
    "select coalesce(sum(attempts), 0) as attempts from outbox where subject = $1",
    [`Bench ${tag}`],
  );
  console.log(
    `\n(b) outbox: ${ROWS} email rows (distinct recipients) inserted with SQL in ${((inserted - started) / 1000).toFixed(1)} s, delivered by 2 API processes to a local SMTP server\n`,
  );
  printTable(
    ["rows", "sent", "total time (s)", "rows/s", "delivered once", "more than once", "never", "sends begun"],
    [
      [
        String(ROWS),
        String(lastSent),
        seconds.toFixed(1),
        (lastSent / seconds).toFixed(0),
        String(once),
        String(twice),
        String(missing),
        attempts,
      ],
    ],
  );
}

const smtp = await startSmtp();
const cluster = await startCluster({
  apis: 2,
  admins: 2,
  apiEnv: {
    SMTP_URL: smtp.url,
    OUTBOX_POLL_SECONDS: "0.5",
    ...(process.env.BENCH_OUTBOX_CONCURRENCY ? { OUTBOX_CONCURRENCY: process.env.BENCH_OUTBOX_CONCURRENCY } : {}),
  },
});
let failed = false;
try {
  await benchPages(cluster);
  await benchOutbox(cluster, smtp);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await cluster.stop();
  await smtp.close();
}
process.exit(failed ? 1 : 0);
