/** What only the admin uses of ~shared/text (the shared part stays in shared/text.ts). */

/**
 * The beginning of a long text for a table cell: at most `max` characters, cut at the last space
 * before it when there is one not too far back, ending in "…" (in place of a stop or comma).
 * Whitespace runs (new lines) read as one space. `cut` says whether anything was left out.
 */
export function cutText(text: string, max: number): { text: string; cut: boolean } {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return { text: flat, cut: false };
  const head = flat.slice(0, max);
  const space = head.lastIndexOf(" ");
  const kept = (space >= max * 0.6 ? head.slice(0, space) : head).replace(/[\s.,;:!?-]+$/, "");
  return { text: `${kept}…`, cut: true };
}
