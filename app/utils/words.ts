import { htmlToText } from "~shared/html-text";

/** Words in a text: runs of non-space characters with a letter or a digit in them. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** Words in rich-text HTML: the words of its text (htmlToText). */
export function countHtmlWords(html: string): number {
  return countWords(htmlToText(html));
}

/** "1 word", "12 words" */
export const wordsText = (n: number) => `${n} ${n === 1 ? "word" : "words"}`;
