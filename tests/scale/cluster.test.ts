/**
 * Issue 16: what must hold with 2 admin + 2 API processes (the compiled builds) on one PostgreSQL
 * database and one s3rver bucket, checked over real HTTP (tests/support/cluster.ts).
 *
 * Needs TEST_DATABASE_URL (a PostgreSQL server it may create databases on) and `npm run build`;
 * skipped otherwise. The tests of the shared cluster run in order: the last ones stop processes.
 */
import { request as httpRequest } from "node:http";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../support/api-client";
import {
  Browser,
  CLUSTER_API_KEY,
  CLUSTER_API_KEY_HEADER,
  clusterBuilt,
  startCluster,
  type Cluster,
  type ClusterProcess,
} from "../support/cluster";
import { png } from "../support/images";
import { uniqueSuffix } from "../support/records";
import { startSmtp, type LocalSmtp } from "../support/smtp";

const runs = Boolean(process.env.TEST_DATABASE_URL) && clusterBuilt();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a session ended on one admin process may still be accepted by another (ADMIN_REFRESH_SECONDS, default 1 s). */
const ADMIN_REFRESH_MS = 1000;
/** After SIGTERM, how long a process still takes connections, answering /readyz 503 (DRAIN_DELAY_SECONDS). */
const DRAIN_DELAY_MS = 2000;

/** A balancer's probe: the status and body, or how the connection failed. */
const probe = (url: string) =>
  fetch(`${url}/readyz`).then(
    async (r) => ({ status: r.status, body: (await r.json().catch(() => null)) as { status: string } | null }),
    (error: Error) => ({ status: 0, body: { status: `no answer: ${(error.cause as Error | undefined)?.message ?? error.message}` } }),
  );

async function until<T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 30_000, everyMs = 200): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`waited ${timeoutMs / 1000} s for ${what}`);
    await sleep(everyMs);
  }
}

const api = (p: ClusterProcess) => apiClient(() => ({ url: p.url, apiKey: CLUSTER_API_KEY, apiKeyHeader: CLUSTER_API_KEY_HEADER }));

/** "pid" of a claimed_by (host:pid:random) */
const pidOf = (claimedBy: string) => Number(claimedBy.split(":").at(-2));

function migrationCount() {
  const journal = JSON.parse(readFileSync(fileURLToPath(new URL("../../api/drizzle/meta/_journal.json", import.meta.url)), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

describe.skipIf(!runs)("2 admin + 2 API processes on one PostgreSQL and one bucket", () => {
  let cluster: Cluster;
  let smtp: LocalSmtp;
  let admin1: string;
  let admin2: string;
  let username: string;
  let password: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    cluster = await startCluster({
      apis: 2,
      admins: 2,
      apiEnv: {
        SMTP_URL: smtp.url,
        OUTBOX_POLL_SECONDS: "0.5",
        // small, so a killed sender's row is taken over soon (a live sender's claim never runs out
        // while its sends take under this long per batch)
        OUTBOX_LEASE_SECONDS: "3",
        OUTBOX_RETRY_BASE_SECONDS: "0.5",
        // three sends per row: a refused one fails after waits of about 0.5 s and 1 s
        OUTBOX_MAX_ATTEMPTS: "3",
        SHUTDOWN_GRACE_SECONDS: "20",
        // after SIGTERM, a second of 503 "draining" on /readyz before the listener closes
        DRAIN_DELAY_SECONDS: String(DRAIN_DELAY_MS / 1000),
      },
      adminEnv: { ADMIN_REFRESH_SECONDS: String(ADMIN_REFRESH_MS / 1000), DRAIN_DELAY_SECONDS: String(DRAIN_DELAY_MS / 1000) },
    });
    [admin1, admin2] = cluster.admins.map((a) => a.url);
    // the test's own admin, with All Access, made through API 1
    username = `scale.${uniqueSuffix()}`;
    password = "Scale-pass-2024";
    await api(cluster.apis[0]).apiCall("/register-admin-user", {
      method: "POST",
      actingAdmin: "admin",
      body: {
        adminUsername: username,
        adminPassword: password,
        adminEmail: `${username}@example.com`,
        adminStatus: "Active",
        adminRole: "Admin",
        adminAccessRoleSettings: ["*"],
      },
    });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await smtp?.close();
  }, 60_000);

  async function signedIn(adminUrl: string) {
    const browser = new Browser();
    const answer = await browser.signIn(adminUrl, username, password);
    expect(
      answer.status,
      await answer
        .clone()
        .text()
        .then((t) => t.slice(0, 300)),
    ).toBe(302);
    expect(browser.cookies.has("__admin_session")).toBe(true);
    return browser;
  }

  it("signs in through admin 1 and continues on admin 2 with the same cookie", async () => {
    const browser = await signedIn(admin1);
    const page = await browser.get(`${admin2}/admin/service-provider`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(username);
  });

  it("limits 14 failed sign-ins spread over both admin processes as if on one", async () => {
    const victim = `scale.limit.${uniqueSuffix()}`;
    await api(cluster.apis[1]).apiCall("/register-admin-user", {
      method: "POST",
      actingAdmin: "admin",
      body: {
        adminUsername: victim,
        adminPassword: password,
        adminEmail: `${victim}@example.com`,
        adminStatus: "Active",
        adminRole: "Admin",
        adminAccessRoleSettings: ["*"],
      },
    });
    const browser = new Browser();
    const answers: { n: number; on: string; status: number; said: string }[] = [];
    for (let n = 1; n <= 14; n++) {
      const on = n % 2 === 1 ? admin1 : admin2;
      const answer = await browser.signIn(on, victim, `wrong-password-${n}`);
      const html = await answer.text();
      const said = html.includes("Too many failed sign-in attempts for this username from this address")
        ? "limited"
        : html.includes("Invalid username or password")
          ? "wrong password"
          : "something else";
      answers.push({ n, on: on === admin1 ? "admin1" : "admin2", status: answer.status, said });
    }
    // the first 9 are told the password is wrong; the 10th failure blocks the pair and is answered
    // as a refusal itself (api/src/lib/login-throttle.ts), as are the 11th and later, on either process
    // (429 with Retry-After since issue 29)
    expect(answers).toEqual(answers.map((a) => ({ ...a, status: a.n <= 9 ? 400 : 429, said: a.n <= 9 ? "wrong password" : "limited" })));
    // and the right password is refused while blocked, on both
    for (const on of [admin1, admin2]) {
      const answer = await browser.signIn(on, victim, password);
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await answer.text()).toContain("Too many failed sign-in attempts");
    }
  });

  it("a session ended on admin 2 is refused by admin 1 on its next request (after ADMIN_REFRESH_SECONDS)", async () => {
    const first = await signedIn(admin1);
    const second = await signedIn(admin1);
    // both sessions work on both processes
    for (const b of [first, second])
      for (const on of [admin1, admin2]) expect((await b.get(`${on}/admin/service-provider`)).status).toBe(200);

    // "Sign out other sessions" from admin 2 ends `second`
    const ended = await first.post(`${admin2}/admin/profile`, { intent: "sign-out-others" });
    expect(ended.status).toBe(302);
    await sleep(ADMIN_REFRESH_MS + 100);
    const refused = await second.get(`${admin1}/admin/service-provider`);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toMatch(/^\/admin\/login/);
    expect((await first.get(`${admin1}/admin/service-provider`)).status).toBe(200);

    // signing out on admin 2 ends `first` on admin 1 too
    const stale = first.copy();
    expect((await first.post(`${admin2}/admin/logout`, {})).status).toBe(302);
    await sleep(ADMIN_REFRESH_MS + 100);
    const after = await stale.get(`${admin1}/admin/service-provider`);
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/admin\/login/);
  });

  it("a file uploaded through API 1 is listed, read and deleted through API 2", async () => {
    const [one, two] = cluster.apis.map(api);
    const name = `scale-${uniqueSuffix()}.png`;
    const bytes = png(40, 30);
    const form = new FormData();
    form.append("files", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
    const uploaded = await one.apiCall<{ data: { id: number; file_name: string }[] }>("/s3/upload", {
      method: "POST",
      actingAdmin: "admin",
      body: form,
    });
    const id = uploaded.data[0].id;

    const listed = await two.apiCall<{ data: { results: { id: number; file_name: string }[] } }>(
      `/s3/list?search=${encodeURIComponent(name)}`,
    );
    expect(listed.data.results.map((f) => f.file_name)).toEqual([name]);
    const record = await two.apiCall<{ data: { file_name: string; size: number; content_type: string } }>(`/s3/files/${id}`);
    expect(record.data).toMatchObject({ file_name: name, size: bytes.length, content_type: "image/png" });
    // the bytes through API 2, and through admin 2 (whose API is API 2) with a session from admin 1
    const read = await fetch(`${cluster.apis[1].url}/files/${name}`, { headers: { [CLUSTER_API_KEY_HEADER]: CLUSTER_API_KEY } });
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(bytes)).toBe(true);
    const browser = await signedIn(admin1);
    const preview = await browser.get(`${admin2}/admin/s3-bucket-manager/files/${name}`);
    expect(preview.status).toBe(200);
    expect(Buffer.from(await preview.arrayBuffer()).equals(bytes)).toBe(true);

    await two.apiCall("/s3/delete", { method: "POST", actingAdmin: "admin", body: { key: name, id } });
    const after = await one.apiCall<{ data: { results: unknown[] } }>(`/s3/list?search=${encodeURIComponent(name)}`);
    expect(after.data.results).toEqual([]);
    const gone = await fetch(`${cluster.apis[0].url}/files/${name}`, { headers: { [CLUSTER_API_KEY_HEADER]: CLUSTER_API_KEY } });
    expect(gone.status).toBe(404);
    const objects = await cluster.s3.requests();
    expect(objects.some((line) => line.startsWith("DELETE ") && line.includes(name))).toBe(true);
  });

  it("exports the order and payment status on admin 2 with the session from admin 1 (a valid xlsx)", async () => {
    const browser = await signedIn(admin1);
    const answer = await browser.get(`${admin2}/admin/order-payment-status/export`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("spreadsheetml");
    const body = Buffer.from(await answer.arrayBuffer());
    expect(body.subarray(0, 2).toString("latin1")).toBe("PK");
    expect(body.length).toBeGreaterThan(1000);
  });

  it("delivers 200 queued emails exactly once between the two API processes", async () => {
    const users = await cluster.sql<{ id: number }>("select id from users where is_deleted = false order by id");
    expect(users.length).toBeGreaterThan(0);
    const tag = uniqueSuffix();
    const one = api(cluster.apis[0]);
    let queued = 0;
    for (let batch = 0; queued < 200; batch++) {
      const answer = await one.apiCall<{ data: { queued: number } }>("/send-email", {
        method: "POST",
        actingAdmin: "admin",
        body: {
          to: users.map((u) => u.id).slice(0, 200 - queued),
          subject: `Scale ${tag} batch ${batch}`,
          body: "<p>Hello from the scale test</p>",
        },
      });
      queued += answer.data.queued;
    }
    const rows = await cluster.sql<{ id: number; recipient: string; subject: string }>(
      "select id, recipient, subject from outbox where subject like $1",
      [`Scale ${tag} %`],
    );
    expect(rows).toHaveLength(200);
    // which processes held claims while the rows went out (claimed_by is cleared once a row is settled)
    const claimants = new Set<string>();
    await until(
      "every row sent",
      async () => {
        for (const r of await cluster.sql<{ claimed_by: string }>(
          "select distinct claimed_by from outbox where subject like $1 and claimed_by is not null",
          [`Scale ${tag} %`],
        )) {
          claimants.add(r.claimed_by);
        }
        const [{ n }] = await cluster.sql<{ n: string }>("select count(*) as n from outbox where subject like $1 and status <> 'sent'", [
          `Scale ${tag} %`,
        ]);
        return Number(n) === 0;
      },
      60_000,
      20,
    );
    const pids = new Set([...claimants].map(pidOf));
    console.log(
      `[scale] 200 rows: claims seen from ${pids.size} of the 2 API processes (${[...pids].join(", ")}); not required, sampled every 20 ms`,
    );
    await sleep(1500); // a second sender of the same row would have arrived by now
    const key = (to: string, subject: string) => `${to.toLowerCase()}|${subject}`;
    const expected = new Map<string, number>();
    for (const r of rows) expected.set(key(r.recipient, r.subject), (expected.get(key(r.recipient, r.subject)) ?? 0) + 1);
    const arrived = new Map<string, number>();
    for (const m of smtp.arrived.filter((a) => a.subject.startsWith(`Scale ${tag} `))) {
      for (const to of m.to) arrived.set(key(to, m.subject), (arrived.get(key(to, m.subject)) ?? 0) + 1);
    }
    expect(Object.fromEntries(arrived)).toEqual(Object.fromEntries(expected));
    const attempts = await cluster.sql<{ attempts: number; n: string }>(
      "select attempts, count(*) as n from outbox where subject like $1 group by attempts",
      [`Scale ${tag} %`],
    );
    expect(attempts.map((a) => [a.attempts, Number(a.n)])).toEqual([[1, 200]]);
  });

  it("graceful stop of an API process: a request in flight finishes, /readyz says draining, exit 0, the other keeps answering", async () => {
    // a third API process of its own, so the tests after this one keep both
    const extra = await cluster.addApi();
    const ready = await fetch(`${extra.url}/readyz`);
    expect(ready.status).toBe(200);

    // a slow request: an upload whose body trickles in over two seconds
    const name = `scale-drain-${uniqueSuffix()}.png`;
    const bytes = png(300, 300, { atLeastBytes: 200_000 });
    const boundary = `----scale${uniqueSuffix()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([head, bytes, tail]);
    const adminId = await api(cluster.apis[0]).adminUserIdOf("admin");
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        `${extra.url}/s3/upload`,
        {
          method: "POST",
          headers: {
            [CLUSTER_API_KEY_HEADER]: CLUSTER_API_KEY,
            "x-acting-admin": String(adminId),
            "content-type": `multipart/form-data; boundary=${boundary}`,
            "content-length": String(body.length),
          },
        },
        (res) => {
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      void (async () => {
        const parts = 10;
        const size = Math.ceil(body.length / parts);
        for (let i = 0; i < parts; i++) {
          req.write(body.subarray(i * size, (i + 1) * size));
          await sleep(250);
        }
        req.end();
      })();
    });
    await sleep(600);
    cluster.kill(extra.name, "SIGTERM");
    await sleep(200);
    // within the drain delay: a balancer's probe hears "draining"; the other processes keep answering
    expect(await probe(extra.url)).toEqual({ status: 503, body: { status: "draining", reason: expect.any(String) } });
    for (const other of cluster.apis.slice(0, 2)) expect((await fetch(`${other.url}/readyz`)).status).toBe(200);
    // after it: new connections are refused (they go elsewhere), while the upload goes on
    // (polled: on a busy machine the process may begin its delay a little after the signal)
    const refused = await until(
      "new connections refused after the drain delay",
      async () => {
        // (a probe that reaches the listener as it closes is reset rather than refused: ask again)
        const answer = await probe(extra.url);
        return answer.status === 0 && /ECONNREFUSED/.test(String(answer.body?.status)) ? answer : null;
      },
      DRAIN_DELAY_MS + 5000,
      100,
    );
    expect(refused.body?.status).toMatch(/no answer: .*ECONNREFUSED/);
    const done = await answer;
    expect(done.status, done.text).toBe(201);
    expect(JSON.parse(done.text).data[0]).toMatchObject({ file_name: name, size: bytes.length });
    expect(await extra.exited).toEqual({ code: 0, signal: null });
    expect(extra.output()).toContain("SIGTERM, draining");
    // the file the stopping process stored is there for the others
    const listed = await api(cluster.apis[1]).apiCall<{ data: { results: { file_name: string }[] } }>(
      `/s3/list?search=${encodeURIComponent(name)}`,
    );
    expect(listed.data.results.map((f) => f.file_name)).toEqual([name]);
  });

  it("graceful stop of an admin process: a sign-in in flight finishes, the process exits 0, the other keeps answering", async () => {
    const target = cluster.process("admin2");
    const url = target.url;
    const before = await fetch(`${url}/readyz`);
    expect(before.status).toBe(200);
    const form = Buffer.from(new URLSearchParams({ username, password, redirectTo: "" }).toString());
    const answer = new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const req = httpRequest(
        `${url}/admin/login`,
        {
          method: "POST",
          headers: { origin: url, "content-type": "application/x-www-form-urlencoded", "content-length": String(form.length) },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
        },
      );
      req.on("error", reject);
      req.write(form.subarray(0, 10));
      void sleep(1500).then(() => req.end(form.subarray(10)));
    });
    await sleep(500);
    cluster.kill("admin2", "SIGTERM");
    await sleep(200);
    const during = await fetch(`${url}/readyz`);
    expect(during.status).toBe(503);
    expect(await during.text()).toMatch(/draining/);
    expect((await fetch(`${admin1}/admin/login`)).status).toBe(200);
    const done = await answer;
    expect(done).toEqual({ status: 302, location: "/admin" });
    expect(await target.exited).toEqual({ code: 0, signal: null });
    expect(target.output()).toContain('"msg":"drained; exiting"');
  });

  it("a send the mail server refuses is retried with backoff, then failed with the reason, which Sent Messages shows", async () => {
    const subject = `Scale bounce ${uniqueSuffix()}`;
    smtp.state.rejectSubject = new RegExp(`^${subject}$`);
    try {
      const [user] = await cluster.sql<{ id: number }>("select id from users where is_deleted = false order by id limit 1");
      const queuedAt = Date.now();
      await api(cluster.apis[0]).apiCall("/send-email", {
        method: "POST",
        actingAdmin: "admin",
        body: { to: [user.id], subject, body: "<p>Bounces</p>" },
      });
      const row = await until(
        "the refused row to be failed",
        async () => {
          const [r] = await cluster.sql<{ status: string; attempts: number; error: string | null }>(
            "select status, attempts, error from outbox where subject = $1",
            [subject],
          );
          return r?.status === "failed" ? r : null;
        },
        30_000,
        100,
      );
      // three sends, with waits of 0.5 s and 1 s (each plus up to 20 %) between them
      expect(Date.now() - queuedAt).toBeGreaterThanOrEqual(1400);
      expect(row.attempts).toBe(3);
      expect(row.error).toMatch(/550 Mailbox unavailable/);
      expect(smtp.arrived.filter((m) => m.subject === subject)).toHaveLength(0);

      // (admin 2 was stopped by the graceful-stop test above)
      const browser = await signedIn(admin1);
      const page = await browser.get(`${admin1}/admin/service-provider/messages?status=failed&search=${encodeURIComponent(subject)}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(subject);
      expect(html).toMatch(/Failed: [^<]*550 Mailbox unavailable/);
      // both API processes deliver email (SMTP_URL), so the page has no "not set up" notice for it
      expect(html).not.toContain("Email delivery is not set up");
      expect(html).toContain("WhatsApp delivery is not set up on the marketplace API (WHATSAPP_WEBHOOK_URL)");
    } finally {
      smtp.state.rejectSubject = null;
    }
  });

  it("a row whose sender is killed mid-send is sent by the other API process", async () => {
    // the mail server holds its reply: the send is under way when its process is killed
    smtp.state.holdMs = 8000;
    const before = smtp.state.dataStarted;
    const [user] = await cluster.sql<{ id: number; email: string }>(
      "select id, email from users where is_deleted = false order by id limit 1",
    );
    const subject = `Scale kill ${uniqueSuffix()}`;
    await api(cluster.apis[0]).apiCall("/send-email", {
      method: "POST",
      actingAdmin: "admin",
      body: { to: [user.id], subject, body: "<p>Once at least</p>" },
    });
    await until("the message's DATA under way", async () => smtp.state.dataStarted > before, 15_000, 50);
    const [row] = await cluster.sql<{ id: number; claimed_by: string; attempts: number }>(
      "select id, claimed_by, attempts from outbox where subject = $1",
      [subject],
    );
    expect(row.claimed_by).toBeTruthy();
    const sender = cluster.apis.find((p) => p.child.pid === pidOf(row.claimed_by));
    expect(sender, `claimed_by ${row.claimed_by}; pids ${cluster.apis.map((p) => p.child.pid).join(", ")}`).toBeDefined();
    cluster.kill(sender!.name, "SIGKILL");
    await sender!.exited;
    smtp.state.holdMs = 0;
    const survivor = cluster.apis.find((p) => p !== sender && p.child.exitCode === null && p.child.signalCode === null)!;
    const settled = await until(
      "the row sent by the other process",
      async () => {
        const [now] = await cluster.sql<{ status: string; attempts: number; error: string | null }>(
          "select status, attempts, error from outbox where id = $1",
          [row.id],
        );
        return now.status !== "queued" ? now : null;
      },
      30_000,
    );
    expect(settled).toMatchObject({ status: "sent", attempts: 2 });
    expect(survivor).toBeDefined();
    // at least once: the copy that reached the mail server before the kill may arrive as well
    // (SMTP has no way to ask whether a message arrived), so one or two arrivals
    const copies = smtp.arrived.filter((m) => m.subject === subject).length;
    expect(copies).toBeGreaterThanOrEqual(1);
    expect(copies).toBeLessThanOrEqual(2);
  });
});

describe.skipIf(!runs)("API processes starting together on an empty database", () => {
  it("run the migrations once: 3 processes all become ready and each migration is recorded once", async () => {
    const cluster = await startCluster({ apis: 3, admins: 0, seed: "none" });
    try {
      for (const p of cluster.apis) expect((await fetch(`${p.url}/readyz`)).status).toBe(200);
      const rows = await cluster.sql<{ hash: string }>("select hash from drizzle.__drizzle_migrations");
      expect(rows).toHaveLength(migrationCount());
      expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
    } finally {
      await cluster.stop();
    }
  }, 180_000);

  it("seed the demo data once when 2 processes start together with SEED_DEMO=true", async () => {
    const cluster = await startCluster({ apis: 2, admins: 0, seed: "all" });
    try {
      expect(cluster.apis.filter((p) => p.output().includes("Seeded demo data")).map((p) => p.name)).toHaveLength(1);
      const [{ admins }] = await cluster.sql<{ admins: string }>(
        `select count(*) as admins from admin_users where "adminUsername" = 'admin'`,
      );
      expect(Number(admins)).toBe(1);
      const [{ categories, distinct }] = await cluster.sql<{ categories: string; distinct: string }>(
        `select count(*) as categories, count(distinct "categoryName") as distinct from categories`,
      );
      expect(Number(categories)).toBe(Number(distinct));
    } finally {
      await cluster.stop();
    }
  }, 180_000);
});
