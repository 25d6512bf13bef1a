/**
 * The text of rich-text HTML, for checks ("is the message blank?"), word counts, table cells and
 * audit values: never rendered as HTML. DOM-free and dependency-free, so the browser and both
 * servers use the same one (the HTML it reads is the editor's own, sanitised by sanitize-html
 * before it is stored; this only reads it, it never makes HTML safe).
 *
 * Script and style bodies are dropped; a line break or the edge of a block (p, div, li, list,
 * heading, quote, table row) separates words; other tags (b, i, span, a) are dropped without a
 * space, as a browser shows them; entities are decoded; whitespace runs read as one space.
 */

const SCRIPT_OR_STYLE = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const BREAK_OR_BLOCK_EDGE = /<(?:br|hr|\/?(?:p|div|li|ul|ol|h[1-6]|blockquote|pre|tr|td|th|table|section|article))\b[^>]*>/gi;
const ANY_TAG = /<[^>]*>/g;
const ENTITY = /&(#x[0-9a-f]+|#\d+|[a-z]+);/gi;
const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  copy: "©",
  reg: "®",
  trade: "™",
};

function decodeEntity(whole: string, code: string): string {
  if (code[0] !== "#") return NAMED[code.toLowerCase()] ?? whole;
  const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
  return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : " ";
}

export type HtmlToTextOptions = {
  /** keep the line breaks (one per break or block edge, blank lines dropped) instead of one line */
  lines?: boolean;
};

/** "<p>Hello&nbsp;<b>world</b></p><p>Again</p>" → "Hello world Again" (with `lines`: "Hello world\nAgain"); "" for none. */
export function htmlToText(html: string | null | undefined, options: HtmlToTextOptions = {}): string {
  if (!html) return "";
  const text = html.replace(SCRIPT_OR_STYLE, " ").replace(BREAK_OR_BLOCK_EDGE, "\n").replace(ANY_TAG, "").replace(ENTITY, decodeEntity);
  if (!options.lines) return text.replace(/\s+/g, " ").trim();
  return text
    .replace(/[ \t\r\f\v]+/g, " ")
    .replace(/ *\n\s*/g, "\n")
    .trim();
}

/** Whether rich-text HTML has no text at all ("<p><br></p>", "<p>&nbsp;</p>", ""). */
export const isBlankHtml = (html: string | null | undefined): boolean => htmlToText(html) === "";
