/**
 * A 100 MB portfolio upload through the admin's Edit Form (Documents & Terms step, the wizard's
 * multipart form streamed on to the API and on to storage), as a browser without JavaScript posts
 * it: the demo data on a fresh PGlite, the real API in this process (files in a temp folder), the
 * built admin as its own process with a real session. The form is generated as it is sent (MP4
 * headers + padding, 3 portfolio files of 33 MiB, the three required files), never held whole.
 * Prints the upload's time (until the admin's answer: the files stored and the section saved) and
 * the admin process's memory: its peak resident set (VmHWM of /proc/<pid>/status, over its whole
 * life, start-up included) and the highest VmRSS sampled every 20 ms during the upload; and how
 * much was already in storage when half the form had been sent (the proof that it streams).
 * A warm-up with a 3 MiB portfolio comes first (BENCH_RUNS uploads follow; BENCH_PORTFOLIO_FILE_MB
 * sets each portfolio file's size, default 33).
 *   npm run build && npx tsx tests/bench/provider-portfolio-upload.ts
 * Budget (issue 15): the admin's memory ≤ 250 MB during a 100 MB portfolio upload.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedDemo } from "../../api/src/seed/seed";
import { MB } from "~contract/provider-documents";
import { png } from "../support/images";
import { PDF, saveSectionsBeforeDocuments } from "../support/provider-wizard-files";
import { freshDatabase, printTable, requireBuild, startStack } from "./support";

const ADMIN_PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3871);
const PORTFOLIO_FILES = 3;
const PORTFOLIO_FILE_BYTES = Number(process.env.BENCH_PORTFOLIO_FILE_MB ?? 33) * MB;
const BUDGET_MB = 250;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, hwmMb: kb("VmHWM") / 1024 };
};

type Part = { name: string; filename?: string; type?: string; size: number; bytes: (offset: number, length: number) => Uint8Array };
const fixed = (name: string, value: Buffer | string, filename?: string, type?: string): Part => {
  const data = typeof value === "string" ? Buffer.from(value) : value;
  return { name, filename, type, size: data.length, bytes: (offset, length) => data.subarray(offset, offset + length) };
};
/** An MP4 of `size` bytes: an ftyp box, then zeros (made chunk by chunk). */
const mp4 = (name: string, filename: string, size: number): Part => {
  const head = Buffer.alloc(32);
  head.set([0, 0, 0, 0x18]);
  head.write("ftypisom", 4, "latin1");
  return {
    name,
    filename,
    type: "video/mp4",
    size,
    bytes: (offset, length) => {
      const chunk = new Uint8Array(length);
      if (offset < head.length) chunk.set(head.subarray(offset, Math.min(head.length, offset + length)));
      return chunk;
    },
  };
};

/** Bytes in the storage folder now (files being written included). */
function storedBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/**
 * A multipart body generated as it is read, and its exact length (the admin wants a Content-Length).
 * `atHalf` is called once half of the body has been handed over.
 */
function multipart(parts: Part[], atHalf: () => void) {
  const boundary = `----bench${Date.now().toString(16)}`;
  const headOf = (part: Part) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}\r\n` +
        (part.type ? `Content-Type: ${part.type}\r\n` : "") +
        "\r\n",
    );
  const end = Buffer.from(`--${boundary}--\r\n`);
  const length = parts.reduce((n, p) => n + headOf(p).length + p.size + 2, 0) + end.length;
  let sent = 0;
  async function* chunks() {
    for (const part of parts) {
      yield new Uint8Array(headOf(part));
      for (let offset = 0; offset < part.size; offset += MB) {
        const chunk = part.bytes(offset, Math.min(MB, part.size - offset));
        if (sent < length / 2 && sent + chunk.length >= length / 2) atHalf();
        sent += chunk.length;
        yield chunk;
      }
      yield new Uint8Array(Buffer.from("\r\n"));
    }
    yield new Uint8Array(end);
  }
  const iterator = chunks();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  return { body, length, contentType: `multipart/form-data; boundary=${boundary}` };
}

requireBuild("provider-portfolio-upload");
const filesDir = mkdtempSync(path.join(tmpdir(), "bench-portfolio-files-"));
process.env.FILES_DIR = filesDir;
const { opened, cleanup } = await freshDatabase("pglite");
await seedDemo(opened.db);
const stack = await startStack(opened, ADMIN_PORT);
try {
  const cookie = await stack.cookieFor("admin");
  const adminId = await stack.adminUserIdOf("admin");
  const api = (pathAndQuery: string, init: RequestInit = {}) =>
    fetch(`${stack.apiUrl}${pathAndQuery}`, {
      ...init,
      headers: { "x-api-key": stack.apiKey, "x-acting-admin": String(adminId), "content-type": "application/json", ...init.headers },
    });

  // a demo provider with the sections before Documents & Terms saved (its save then finishes the Edit Form)
  const providerId = 1;
  // the tests' own setup, over this stack's API (every call as the demo admin)
  const apiCall = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const answer = await api(path, { method: init.method ?? "GET", body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    if (!answer.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  await saveSectionsBeforeDocuments(apiCall, providerId);

  const rows: string[][] = [];
  // run 0: a warm-up with a 3 MiB portfolio (the admin's first post of the route), then the 100 MB ones
  for (let run = 0; run <= RUNS; run++) {
    const fileBytes = run === 0 ? MB : PORTFOLIO_FILE_BYTES;
    const storedBefore = storedBytes(filesDir);
    let storedAtHalf = 0;
    const form = multipart(
      [
        fixed("profilePhoto", png(16, 16), "me.png", "image/png"),
        fixed("identityProof", PDF, "id.pdf", "application/pdf"),
        fixed("selfie", png(16, 16), "selfie.png", "image/png"),
        ...Array.from({ length: PORTFOLIO_FILES }, (_, i) => mp4("portfolio", `work-${i}.mp4`, fileBytes)),
        fixed("panNumber", "ABCDE1234F"),
        fixed("intent", "save"),
      ],
      () => (storedAtHalf = storedBytes(filesDir) - storedBefore),
    );
    const before = memoryOf(stack.adminPid);
    let peakRss = before.rssMb;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, memoryOf(stack.adminPid).rssMb)), 20);
    const started = performance.now();
    const answer = await fetch(`${stack.adminUrl}/admin/edit-provider-details/${providerId}?step=documents`, {
      method: "POST",
      headers: { cookie, origin: stack.adminUrl, "content-type": form.contentType, "content-length": String(form.length) },
      body: form.body,
      redirect: "manual",
      duplex: "half",
    } as RequestInit);
    const ms = performance.now() - started;
    clearInterval(sampler);
    const after = memoryOf(stack.adminPid);
    const location = answer.headers.get("location") ?? "";
    if (answer.status !== 302 || !location.endsWith("/admin/service-provider"))
      throw new Error(`the upload answered ${answer.status} ${location} ${await answer.text()}`);
    rows.push([
      run === 0 ? "warm-up" : `run ${run}`,
      `${(form.length / MB).toFixed(1)} MiB`,
      `${(ms / 1000).toFixed(2)} s`,
      `${(form.length / MB / (ms / 1000)).toFixed(0)} MiB/s`,
      `${before.rssMb.toFixed(0)} MB`,
      `${Math.max(peakRss, after.rssMb).toFixed(0)} MB`,
      `${after.hwmMb.toFixed(0)} MB`,
      `${(storedAtHalf / MB).toFixed(0)} MiB`,
    ]);
  }
  console.log(`\nPortfolio upload through the admin's Edit Form (PGlite, local files; budget: admin ≤ ${BUDGET_MB} MB)\n`);
  printTable(
    ["", "form", "time", "rate", "admin RSS before", "admin RSS peak (20 ms samples)", "admin VmHWM (life)", "in storage at half sent"],
    rows,
  );
  console.log(
    "\n'in storage at half sent': what the API had written to storage when half the form had been handed to the admin (streaming, not buffering, keeps it close to half).",
  );
} finally {
  await stack.close();
  await cleanup();
  rmSync(filesDir, { recursive: true, force: true });
}
