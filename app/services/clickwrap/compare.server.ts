import { diffArrays, diffWordsWithSpace } from "diff";
import sanitizeHtml from "sanitize-html";
import type { ClickwrapCompareData, DiffLine, DiffRun } from "~/models/clickwrap-labels";
import { isRecordId } from "~contract/ids";
import { MAX_PAGE_SIZE } from "~contract/list-query";
import type { Marketplace } from "~/services/marketplace/index.server";
import { sanitizeRichText } from "~shared/sanitize";

const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>|<hr\s*\/?>/gi;
const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " ", "&amp;": "&" };

/** A terms text as its paragraphs of plain text (sanitised first; React escapes what is shown). */
export function paragraphsOf(html: string): string[] {
  const marked = sanitizeRichText(html).replace(BLOCK_END, "$&\n");
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} }).replace(/&(lt|gt|quot|#39|nbsp|amp);/g, (e) => ENTITIES[e]);
  return text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

const whole = (text: string, change: DiffRun["change"]): DiffRun[] => [{ text, change }];

/** One removed paragraph beside the added one that replaced it, word by word. */
function changedPair(left: string, right: string): DiffLine {
  const l: DiffRun[] = [];
  const r: DiffRun[] = [];
  for (const part of diffWordsWithSpace(left, right)) {
    if (!part.added) l.push({ text: part.value, change: part.removed ? "removed" : "same" });
    if (!part.removed) r.push({ text: part.value, change: part.added ? "added" : "same" });
  }
  return { left: tidy(l), right: tidy(r), changed: true };
}

/** Joins runs of one kind, and a space between two changed runs into them ("5 working", not "5" "working"). */
function tidy(runs: DiffRun[]): DiffRun[] {
  const out: DiffRun[] = [];
  runs.forEach((run, i) => {
    const change =
      run.change === "same" && !run.text.trim() && i > 0 && runs[i - 1].change !== "same" && runs[i + 1]?.change === runs[i - 1].change
        ? runs[i - 1].change
        : run.change;
    const last = out[out.length - 1];
    if (last && last.change === change) last.text += run.text;
    else out.push({ text: run.text, change });
  });
  return out;
}

/**
 * Two texts side by side, paragraph by paragraph: unchanged paragraphs on both sides, a changed one
 * with its removed words on the left and added words on the right, a paragraph only one side has
 * beside a gap.
 */
export function compareTexts(oldHtml: string, newHtml: string): DiffLine[] {
  const lines: DiffLine[] = [];
  const chunks = diffArrays(paragraphsOf(oldHtml), paragraphsOf(newHtml));
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i];
    if (!chunk.added && !chunk.removed) {
      for (const p of chunk.value) lines.push({ left: whole(p, "same"), right: whole(p, "same"), changed: false });
      continue;
    }
    const removed = chunk.removed ? chunk.value : [];
    const next = chunks[i + 1];
    const added = chunk.added ? chunk.value : next?.added ? next.value : [];
    if (chunk.removed && next?.added) i++;
    for (let k = 0; k < Math.max(removed.length, added.length); k++) {
      const l = removed[k];
      const r = added[k];
      if (l !== undefined && r !== undefined) lines.push(changedPair(l, r));
      else if (l !== undefined) lines.push({ left: whole(l, "removed"), right: null, changed: true });
      else lines.push({ left: null, right: whole(r, "added"), changed: true });
    }
  }
  return lines;
}

function readId(params: URLSearchParams, key: string): number | null {
  const value = params.get(key);
  return isRecordId(value) ? Number(value) : null;
}

/**
 * /admin/clickwrap-agreement/compare?a=<older id>&b=<newer id>: both chosen with plain selects. With
 * b only, a is the version made just before it; with neither, the two newest.
 */
export async function clickwrapCompareLoader(request: Request, api: Marketplace): Promise<ClickwrapCompareData> {
  const params = new URL(request.url).searchParams;
  const list = await api.listClickwraps({ page: 1, page_size: MAX_PAGE_SIZE });
  const options = list.rows.map((r) => ({ id: r.id, label: `${r.version} (${r.status === "published" ? "Published" : "Draft"})` }));
  let b = readId(params, "b");
  let a = readId(params, "a");
  if (b === null) b = list.rows[0]?.id ?? null;
  if (a === null && b !== null) {
    const at = list.rows.findIndex((r) => r.id === b);
    a = at >= 0 ? (list.rows[at + 1]?.id ?? null) : null;
  }
  const base = { options, a, b, total: list.total };
  if (a === null || b === null) return { ...base, left: null, right: null, lines: [], message: "Choose two versions to compare." };
  const [left, right] = await Promise.all([api.getClickwrap(a), api.getClickwrap(b)]);
  const lines = a === b ? [] : compareTexts(left.text, right.text);
  return {
    ...base,
    left: { id: left.id, version: left.version },
    right: { id: right.id, version: right.version },
    lines,
    message:
      a === b
        ? "These are the same version: choose two different ones."
        : lines.some((l) => l.changed)
          ? null
          : "The two texts are the same.",
  };
}
