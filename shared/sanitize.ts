/**
 * Rich text (the lexical editor's HTML, email bodies) made safe to store and show: no scripts, event
 * handlers or javascript:/data: links. Pure (no I/O), so the admin and the API share this one copy.
 */
import sanitizeHtml from "sanitize-html";

/** The tags the rich-text editor produces (and a little more that pasted HTML may carry). */
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "code",
    "pre",
    "span",
    "ul",
    "ol",
    "li",
    "a",
  ],
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
  },
};

/**
 * Rich-text HTML (FAQs, the bulk email's body) made safe to render with dangerouslySetInnerHTML or
 * to send: no scripts, event handlers, styles or javascript: links.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS);
}

/**
 * A post's content (spec 3 §2.3): the rich text's tags plus images (an uploaded image's URL, http(s)
 * or a path on this site; never data: or javascript:) and the editor's simple tables. Used before a
 * post is stored and again when it is shown.
 */
const POST_OPTIONS: sanitizeHtml.IOptions = {
  ...RICH_TEXT_OPTIONS,
  allowedTags: [...(RICH_TEXT_OPTIONS.allowedTags as string[]), "img", "figure", "figcaption", "table", "thead", "tbody", "tr", "th", "td"],
  allowedAttributes: {
    ...(RICH_TEXT_OPTIONS.allowedAttributes as Record<string, string[]>),
    img: ["src", "alt", "title", "width", "height", "loading"],
  },
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  // an image whose source was refused is dropped, not left as an empty <img>
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, POST_OPTIONS);
}
