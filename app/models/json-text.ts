/**
 * A list's rows as one JSON text in its loader's answer (issue 31 §4, decision 0021). Single fetch
 * encodes loader data with turbo-stream, which gives every value of every row a slot of its own and
 * every field a pair of references: 50 rows of a wide table gzip about a third larger than the same
 * rows as JSON (Documents: 7.3 KB of hydration data, 4.9 as JSON text). For rows of strings, numbers,
 * booleans and null only — what list loaders send, dates formatted already (a Date or undefined
 * would not survive JSON).
 */
export type JsonText<T> = string & { readonly __jsonOf: T };

/** The loader's side. */
export function toJsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

/** The page's side (memoise it on the text: it is parsed again only when the data changes). */
export function fromJsonText<T>(text: JsonText<T>): T {
  return JSON.parse(text) as T;
}
