/** An HTML value (rich text) read as one line of plain text: tags dropped, the common entities decoded. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/h\d|\/li)\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
