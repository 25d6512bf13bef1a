// Writes the figures of `npm run bench` into docs/benchmarks.md, between markers: the page's
// generated section holds each bench's latest run (when, on what machine, how busy it was, its
// output); everything outside the markers is written by hand and left as it is.
import os from "node:os";

export const SECTION_START = "<!-- bench:generated:start (written by `npm run bench`: edits inside are overwritten) -->";
export const SECTION_END = "<!-- bench:generated:end -->";
const SECTION_TITLE = "## Latest run (generated)";
const SECTION_NOTE = [
  "Each bench's latest run as `npm run bench` printed it (`--only NAME` replaces that bench's part alone).",
  "The load average is the machine's (1, 5 and 15 minutes) as the bench started and ended: above 2 on",
  "these 2 cores, other work shared the machine and the figures are slower than on a quiet one.",
].join("\n");

const blockStart = (name) => `<!-- bench:${name}:start -->`;
const blockEnd = (name) => `<!-- bench:${name}:end -->`;

/** The machine as a bench starts or ends: its load average and the time. */
export function machineNow() {
  return { at: new Date(), load: os.loadavg() };
}

/** Node, platform and cores, for a run's heading line. */
export function machineDescription() {
  return `Node ${process.version}, ${process.platform} ${process.arch}, ${os.cpus().length} cores`;
}

// terminal colours and cursor codes (ESC [ … letter) some benches print
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[ -/]*[@-~]`, "g");
const loadText = (load) => load.map((value) => value.toFixed(2)).join(" / ");

/**
 * One bench's part of the generated section.
 * @param {{ name: string, file: string, code: number, output: string, started: { at: Date, load: number[] }, ended: { at: Date, load: number[] }, machine: string }} run
 */
export function benchBlock(run) {
  const output = run.output.replace(ANSI, "").replace(/\r/g, "").trimEnd();
  const longestTicks = Math.max(0, ...(output.match(/`+/g) ?? []).map((ticks) => ticks.length));
  const fence = "`".repeat(Math.max(3, longestTicks + 1));
  const seconds = Math.round((run.ended.at.getTime() - run.started.at.getTime()) / 1000);
  return [
    blockStart(run.name),
    `### ${run.name} (\`${run.file}\`)`,
    "",
    `${run.started.at.toISOString()}, ${seconds} s, ${run.machine}; load average ${loadText(run.started.load)} at the start, ` +
      `${loadText(run.ended.load)} at the end; ${run.code === 0 ? "exit 0" : `**exit ${run.code}: the bench failed**`}.`,
    "",
    `${fence}text`,
    output || "(no output)",
    fence,
    blockEnd(run.name),
  ].join("\n");
}

/** The blocks already in the page's generated section, by bench name, in their order. */
function existingBlocks(section) {
  const blocks = new Map();
  const pattern = /<!-- bench:([\w-]+):start -->[\s\S]*?<!-- bench:\1:end -->/g;
  for (const match of section.matchAll(pattern)) blocks.set(match[1], match[0]);
  return blocks;
}

/**
 * The page with its generated section holding these runs. A whole run (`partial` false) replaces
 * every block; a partial one (`--only`) replaces or adds its own and keeps the others. A page
 * without markers gets the section at its end.
 * @param {string} page
 * @param {Parameters<typeof benchBlock>[0][]} runs
 * @param {{ partial: boolean }} options
 */
export function writeBenchSection(page, runs, { partial }) {
  const start = page.indexOf(SECTION_START);
  const end = page.indexOf(SECTION_END);
  const hasSection = start >= 0 && end > start;
  const blocks = partial && hasSection ? existingBlocks(page.slice(start, end)) : new Map();
  for (const run of runs) blocks.set(run.name, benchBlock(run));
  const section = [SECTION_START, SECTION_TITLE, "", SECTION_NOTE, "", [...blocks.values()].join("\n\n"), SECTION_END].join("\n");
  if (hasSection) return page.slice(0, start) + section + page.slice(end + SECTION_END.length);
  return `${page.trimEnd()}\n\n${section}\n`;
}
