/**
 * S3 Bucket Manager at 10,000 stored files on a real S3-compatible server (s3rver): a fresh
 * database (PGlite in a temp folder; PostgreSQL too when TEST_DATABASE_URL is set) with the demo
 * data, and BENCH_FILES (default 10,000) small files written to the bucket and catalogued
 * (`npm run seed -- --files N`'s function), then VACUUM ANALYZE as the seed CLI does. The API
 * reads the catalogue, never the bucket; its storage is the s3rver bucket (S3_* set here).
 * Times, per typical query, GET /s3/list in-process, and through the built admin over HTTP the
 * route's loader alone and the whole page: p50/p95 of BENCH_RUNS after a warm-up; then the first
 * page with its thumbnails as a browser gets them (the page, then every preview image through the
 * admin's own file route, which reads the object from s3rver; 6 at a time, as a browser's one host).
 * Prints only.
 *   npm run build && npx tsx tests/bench/bucket-list.ts
 * Budget: loader and page p95 ≤ 300 ms.
 */
import { sql } from "drizzle-orm";
import { storedFiles } from "../../api/src/db/schema";
import { encodeToken } from "../../api/src/routes/bucket-manager";
import { seedExtraFiles } from "../../api/src/seed/bucket-manager";
import { seedDemo } from "../../api/src/seed/seed";
import { s3FileStorage } from "../../api/src/storage";
import { S3RVER_CREDENTIALS, startS3rver } from "../support/s3rver";
import { benchDrivers, benchListCases, DRIVER_LABEL, freshDatabase, printTable, requireBuild, startStack, stats } from "./support";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const FILES = Number(process.env.BENCH_FILES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3858);
const KEY = "bench-key-0123456789";
const BUDGET = 300;
const ROUTE_ID = "routes/admin.s3-bucket-manager";
const BUCKET = "bench-bucket";

requireBuild("bucket-list");

/** The first page, then its preview images (6 at a time): p50/p95 of the whole, and the images' count and bytes. */
async function timePageWithThumbnails(opened: Parameters<typeof startStack>[0]): Promise<string> {
  const stack = await startStack(opened, ADMIN_PORT);
  try {
    const headers = { Cookie: await stack.cookieFor("admin") };
    const samples: number[] = [];
    let images = 0;
    let bytes = 0;
    for (let run = 0; run < RUNS + 3; run++) {
      const started = performance.now();
      const page = await fetch(`${stack.adminUrl}/admin/s3-bucket-manager`, { headers });
      const html = await page.text();
      if (page.status !== 200) throw new Error(`the page answered ${page.status}`);
      const sources = [...new Set([...html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&")))];
      let next = 0;
      let got = 0;
      const lane = async () => {
        while (next < sources.length) {
          const src = sources[next++];
          const image = await fetch(new URL(src, stack.adminUrl), { headers });
          const body = await image.arrayBuffer();
          if (image.status !== 200) throw new Error(`${src} answered ${image.status}`);
          got += body.byteLength;
        }
      };
      await Promise.all(Array.from({ length: 6 }, lane));
      if (run >= 3) samples.push(performance.now() - started);
      images = sources.length;
      bytes = got;
    }
    const t = stats(samples);
    return `first page + its ${images} thumbnails (${(bytes / 1024).toFixed(1)} KB) read from s3rver through the admin: p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms`;
  } finally {
    await stack.close();
  }
}

const thumbnails: string[] = [];
const s3 = await startS3rver([BUCKET]);
const table: string[][] = [];
try {
  for (const driver of benchDrivers()) {
    const label = DRIVER_LABEL[driver];
    const prefix = `${driver}/`;
    // the API's storage (storageFromEnv) is the bucket
    Object.assign(process.env, {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_PREFIX: prefix,
    });
    const storage = s3FileStorage({ endpoint: s3.endpoint, bucket: BUCKET, region: "us-east-1", prefix, ...S3RVER_CREDENTIALS });
    const { opened, cleanup } = await freshDatabase(driver);
    try {
      const started = performance.now();
      await seedDemo(opened.db);
      await seedExtraFiles(opened.db, storage, { count: FILES, base: new Date() });
      console.log(`[${label}] seeded the demo data + ${FILES} files on s3rver in ${Math.round(performance.now() - started)} ms`);
      if (opened.kind === "pg") await opened.db.execute("VACUUM ANALYZE" as never);
      else await opened.pglite!.exec("VACUUM ANALYZE");

      // a deep page's token (the 5,000th file, newest first) and a day in the middle of the year
      const deep = Math.min(5000, Math.max(1, FILES - 20));
      const [at] = await opened.db
        .select({ id: storedFiles.id, uploaded_at: storedFiles.uploaded_at })
        .from(storedFiles)
        .orderBy(sql`${storedFiles.uploaded_at} DESC, ${storedFiles.id} DESC`)
        .offset(deep)
        .limit(1);
      const next = encodeToken({ dir: "next", at: at.uploaded_at.toISOString(), id: at.id });
      const previous = encodeToken({ dir: "prev", at: at.uploaded_at.toISOString(), id: at.id });
      const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(at.uploaded_at);
      const cases: [string, string, string][] = [
        ["first page", "", ""],
        ["first page, 100 a page", "page_size=100", "page_size=100"],
        [`deep page (after file ${deep})`, `continuation_token=${next}`, `token=${next}`],
        [`previous page (before file ${deep})`, `continuation_token=${previous}`, `token=${previous}`],
        ["search 'thumb' (many)", "search=thumb", "search=thumb"],
        ["search one file", "search=thumb-005001", "search=thumb-005001"],
        ["search 2 characters 'pd'", "search=pd", "search=pd"],
        [`one day ${day}`, `uploaded_at=${day}`, `uploaded_at=${day}`],
        [`search 'bulk' + day, deep`, `search=bulk&uploaded_at=${day}`, `search=bulk&uploaded_at=${day}`],
        ["preview dialog (?preview=1)", "", "preview=1"],
      ];
      await benchListCases({
        label,
        opened,
        apiKey: KEY,
        adminPort: ADMIN_PORT,
        apiPath: "/s3/list",
        pagePath: "/admin/s3-bucket-manager",
        routeId: ROUTE_ID,
        cases,
        runs: RUNS,
        budgetMs: BUDGET,
        noun: "files",
        table,
      });
      thumbnails.push(`${label}: ${await timePageWithThumbnails(opened)}`);
    } finally {
      await opened.close();
      await cleanup();
    }
  }
} finally {
  await s3.close();
}

console.log(
  `\nS3 Bucket Manager at ${FILES} stored files on s3rver, ${RUNS} runs per case. API = GET /s3/list in-process; loader = /admin/s3-bucket-manager.data over HTTP; page = /admin/s3-bucket-manager over HTTP (loader + render).`,
);
console.log(`Budget: loader and page p95 ≤ ${BUDGET} ms.`);
printTable(["case", "matches", "API p50", "API p95", "loader p50", "loader p95", "page p50", "page p95", "loader in budget"], table);
for (const line of thumbnails) console.log(line);
process.exit(0);
