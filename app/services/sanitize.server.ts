import sanitizeHtml from "sanitize-html";

/** The tags the FAQ editor produces (and a little more that pasted HTML may carry). */
const FAQ_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote",
    "strong", "b", "em", "i", "u", "s", "code", "pre", "span",
    "ul", "ol", "li", "a",
  ],
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
  },
};

/** Rich-text HTML made safe to render with dangerouslySetInnerHTML. */
export function sanitizeFaqHtml(html: string): string {
  return sanitizeHtml(html, FAQ_OPTIONS);
}
