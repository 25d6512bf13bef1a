import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SECTION_END, SECTION_START, writeBenchSection } from "../../scripts/bench-report.mjs";

// npm run bench writes each bench's latest figures into docs/benchmarks.md between markers,
// with when it ran and how busy the machine was; the hand-written rest of the page stays as it is.
const HAND_WRITTEN = "# Benchmarks\n\nWhat each bench measures, and its budget.\n";
const at = (iso: string, load: number[]) => ({ at: new Date(iso), load });
const run = (name: string, output: string, code = 0) => ({
  name,
  file: `tests/bench/${name}.ts`,
  code,
  output,
  started: at("2026-11-27T06:00:00.000Z", [1.5, 1.25, 0.75]),
  ended: at("2026-11-27T06:01:05.000Z", [2.5, 1.5, 1]),
  machine: "Node v20.20.0, linux x64, 2 cores",
});

describe("the benchmarks page's generated section", () => {
  it("holds each bench's output with its date, duration and the machine's load average", () => {
    const page = writeBenchSection(HAND_WRITTEN, [run("js-size", "| route | gzip KB |\n| /admin | 92.5 |\n")], { partial: false });
    expect(page.startsWith(HAND_WRITTEN.trimEnd())).toBe(true);
    const section = page.slice(page.indexOf(SECTION_START), page.indexOf(SECTION_END));
    expect(section).toContain("### js-size (`tests/bench/js-size.ts`)");
    expect(section).toContain("2026-11-27T06:00:00.000Z, 65 s, Node v20.20.0, linux x64, 2 cores");
    expect(section).toContain("load average 1.50 / 1.25 / 0.75 at the start, 2.50 / 1.50 / 1.00 at the end; exit 0.");
    expect(section).toContain("```text\n| route | gzip KB |\n| /admin | 92.5 |\n```");
  });

  it("replaces the last run's figures and leaves the hand-written text around them untouched", () => {
    const after = "\n## Budgets\n\nHand-written, after the figures.\n";
    const first = writeBenchSection(HAND_WRITTEN, [run("js-size", "old js"), run("export", "old export")], { partial: false });
    const edited = first.replace(SECTION_END, `${SECTION_END}${after}`);

    const whole = writeBenchSection(edited, [run("js-size", "new js")], { partial: false });
    expect(whole).toContain("new js");
    expect(whole).not.toContain("old js");
    expect(whole).not.toContain("old export");
    expect(whole.startsWith(HAND_WRITTEN.trimEnd())).toBe(true);
    expect(whole.endsWith(`${SECTION_END}${after}\n`)).toBe(true);
    expect(whole.split(SECTION_START)).toHaveLength(2);
  });

  it("with --only, replaces that bench's part and keeps the other benches' latest runs", () => {
    const first = writeBenchSection(HAND_WRITTEN, [run("js-size", "old js"), run("export", "old export")], { partial: false });
    const page = writeBenchSection(first, [run("export", "new export", 1), run("scale", "scale figures")], { partial: true });
    expect(page).toContain("old js");
    expect(page).toContain("new export");
    expect(page).not.toContain("old export");
    expect(page).toContain("**exit 1: the bench failed**");
    expect(page.indexOf("### js-size")).toBeLessThan(page.indexOf("### export"));
    expect(page.indexOf("### export")).toBeLessThan(page.indexOf("### scale"));
  });

  it("drops terminal colours and keeps output containing backticks inside its fence", () => {
    const page = writeBenchSection(HAND_WRITTEN, [run("lighthouse", "\u001b[32mok\u001b[0m ```inner```\r\n")], { partial: false });
    expect(page).not.toContain("\u001b");
    expect(page).toContain("````text\nok ```inner```\n````");
  });

  it("npm run bench refuses an unknown bench before building or writing anything", () => {
    const doc = path.join(mkdtempSync(path.join(tmpdir(), "bench-doc-")), "benchmarks.md");
    writeFileSync(doc, HAND_WRITTEN);
    expect(() => execFileSync(process.execPath, ["scripts/bench.mjs", "--only", "no-such-bench", "--doc", doc], { stdio: "pipe" })).toThrow(
      /no bench is called no-such-bench/,
    );
    expect(readFileSync(doc, "utf8")).toBe(HAND_WRITTEN);
  });
});
