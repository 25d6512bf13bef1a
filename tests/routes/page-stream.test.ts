/**
 * The page's way out of entry.server: bursts of React's writes become one chunk each (so gzip is
 * flushed once per burst), and Remix's scripts are made inert until after the first paint.
 */
import { describe, expect, it } from "vitest";
import { CoalescedStream } from "~/services/coalesced-stream.server";
import { deferScripts } from "~/services/deferred-scripts.server";

/** What comes out of the stream, chunk by chunk (bytes). */
function collectBytes(stream: CoalescedStream) {
  const chunks: Buffer[] = [];
  const ended = new Promise<Buffer[]>((resolve, reject) => {
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve(chunks));
    stream.on("error", reject);
  });
  return ended;
}
/** …and as text, chunk by chunk. */
const collect = (stream: CoalescedStream) => collectBytes(stream).then((chunks) => chunks.map((chunk) => chunk.toString("utf8")));

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("CoalescedStream", () => {
  it("hands on what was written in one turn as one chunk, and a later write as its own", async () => {
    const stream = new CoalescedStream();
    const out = collect(stream);
    for (let i = 0; i < 40; i++) stream.write(`<tr><td>${i}</td></tr>`);
    await nextTurn();
    await nextTurn();
    stream.write("<p>a Suspense boundary, later</p>");
    await nextTurn();
    stream.end();
    const chunks = await out;
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toBe(Array.from({ length: 40 }, (_, i) => `<tr><td>${i}</td></tr>`).join(""));
    expect(chunks[1]).toBe("<p>a Suspense boundary, later</p>");
  });

  it("gives every byte back as it came, a character split between bursts included", async () => {
    const seen: string[] = [];
    const rewrite = (bytes: string) => {
      seen.push(bytes);
      return { html: bytes.replace("<b>", "<strong>"), done: false };
    };
    const stream = new CoalescedStream(rewrite);
    const out = collectBytes(stream);
    const rupee = Buffer.from("<b>₹1,250.00 — paid</b>", "utf8");
    stream.write(rupee.subarray(0, 5));
    await nextTurn();
    await nextTurn();
    stream.write(rupee.subarray(5));
    stream.end();
    expect(Buffer.concat(await out).toString("utf8")).toBe("<strong>₹1,250.00 — paid</b>");
    expect(seen).toHaveLength(2);
  });

  it("hands the rewrite only the bursts that hold one of its markers", async () => {
    const seen: string[] = [];
    const rewrite = Object.assign(
      (bytes: string) => {
        seen.push(bytes);
        return { html: bytes.replace("<script>", "<script nonce=x>"), done: true };
      },
      { markers: ["<script>"] },
    );
    const stream = new CoalescedStream(rewrite);
    const out = collect(stream);
    stream.write("<main>Café</main>");
    await nextTurn();
    await nextTurn();
    stream.write("<script>go()</script>");
    await nextTurn();
    await nextTurn();
    stream.write("<script>after()</script>");
    stream.end();
    expect((await out).join("")).toBe("<main>Café</main><script nonce=x>go()</script><script>after()</script>");
    expect(seen).toEqual(["<script>go()</script>"]);
  });

  it("hands the rewrite a burst from the tag of its first marker on, and gives the rest back as it came", async () => {
    const seen: string[] = [];
    const rewrite = Object.assign(
      (bytes: string) => {
        seen.push(bytes);
        return { html: bytes.replace(' type="module"', ' type="x-later"'), done: true };
      },
      { markers: [' type="module"'] },
    );
    const stream = new CoalescedStream(rewrite);
    const out = collectBytes(stream);
    const page = '<main>₹1,250.00 — Café</main><script nonce="n" type="module" async="">go()</script><p>end</p>';
    stream.write(page);
    stream.end();
    expect(Buffer.concat(await out).toString("utf8")).toBe(page.replace(' type="module"', ' type="x-later"'));
    expect(seen).toEqual(['<script nonce="n" type="module" async="">go()</script><p>end</p>']);
  });
});

// As Remix 2.17 writes them at the end of <body> (nonce from the admin's server).
const SCRIPTS =
  '<link rel="modulepreload" href="/build/entry.client-A.js"/><link rel="modulepreload" href="/build/routes/admin-B.js"/>' +
  '<script nonce="n0nce==">window.__remixContext = {};</script>' +
  '<script nonce="n0nce==" type="module" async="">import * as route0 from "/build/root-C.js";\nimport("/build/entry.client-A.js");</script>' +
  '<script nonce="n0nce==">window.__remixContext.streamController.close();</script>';

describe("deferScripts", () => {
  it("turns the preloads and the module script inert and adds a loader carrying the page's nonce", () => {
    const { html, done } = deferScripts(`<main>Service Providers</main>${SCRIPTS}</body></html>`);
    expect(done).toBe(true);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html.match(/<link rel="x-deferred-modulepreload"/g)).toHaveLength(2);
    expect(html).not.toContain(' type="module"');
    expect(html).toContain('<script nonce="n0nce==" type="x-deferred-module" async="">import * as route0');
    const loader = /<script nonce="n0nce==">(\(function\(\)\{function go.*?)<\/script>/.exec(html);
    expect(loader, "the loader script, with the nonce").not.toBeNull();
    // it gives the tags back their meaning, after two frames (or a timer in a background tab)
    expect(loader![1]).toContain('l.rel="modulepreload"');
    expect(loader![1]).toContain('s.type="module";s.nonce=d.nonce');
    expect(loader![1]).toContain("requestAnimationFrame(function(){requestAnimationFrame(");
    // the data script after it is left alone, and the page's own text too
    expect(html).toContain("<main>Service Providers</main>");
    expect(html.endsWith('<script nonce="n0nce==">window.__remixContext.streamController.close();</script></body></html>')).toBe(true);
  });

  it("leaves text that only looks like the tags alone (React escapes it)", () => {
    const text = '<td>&lt;link rel="modulepreload"&gt; and &lt;script type="module" async=""&gt;</td>';
    expect(deferScripts(text)).toEqual({ html: text, done: false });
  });

  it("keeps a page whose module script is cut by a burst boundary loading its scripts at once", () => {
    const cut = SCRIPTS.slice(0, SCRIPTS.indexOf("import("));
    const { html, done } = deferScripts(cut);
    expect(done).toBe(true);
    expect(html).toBe(cut);
  });
});
