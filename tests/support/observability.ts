/** What the observability tests read: a log destination kept in memory, and one series of a Prometheus scrape. */
import { Writable } from "node:stream";

/** A log destination the test reads: every line written so far, and each parsed. */
export function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { stream, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

/** The value of the first series named `name` whose labels include `labels`, in Prometheus' text (0 when absent). */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)))
      return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}
