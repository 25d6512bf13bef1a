/**
 * The admin process's V8 heap bound (issue 31 §5), as `npm start` and the benches start it.
 *
 * Unbounded, V8 on a 24 GB machine lets the old generation grow towards ~4 GB before it collects
 * hard: under 10 concurrent Service Providers views the admin rose from ~190 MB to ~400 MB RSS and
 * took ~60 s of idle to come back under 300 MB. Its live data is small (a page in flight is a few
 * MB): bounded at 384 MB the same load peaked at ~230 MB at about the same views/s, and a 100,000-row
 * Excel export still took ~4.5 s (at 256 MB it took 7.3 s: V8 collected hard all along). See
 * docs/benchmarks.md, "… memory under load".
 *
 *   ADMIN_HEAP_MB (384)   the old generation's limit, MB (--max-old-space-size); 0 leaves V8's default
 */
export const ADMIN_HEAP_MB_DEFAULT = 384;

/**
 * node's flags for the admin process from `env`, or an Error naming what is wrong with ADMIN_HEAP_MB.
 * @param {{ ADMIN_HEAP_MB?: string }} env
 * @returns {string[] | Error}
 */
export function adminNodeArgs(env = process.env) {
  const raw = env.ADMIN_HEAP_MB ?? String(ADMIN_HEAP_MB_DEFAULT);
  if (!/^\d+$/.test(raw) || (Number(raw) !== 0 && Number(raw) < 96))
    return new Error(`ADMIN_HEAP_MB must be 0 (V8's default) or a whole number of MB of at least 96, e.g. 384; it is "${raw}".`);
  return Number(raw) === 0 ? [] : [`--max-old-space-size=${Number(raw)}`];
}
