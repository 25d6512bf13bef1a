/**
 * Nested values in a plain HTML form: a field named with a dotted path ("offerings.Consultation.0",
 * "totalExperience.min") posts one part of a nested value. These turn the posted fields into that
 * value, so a form without JavaScript can edit lists and objects.
 */

export type FormTree = string | FormTree[] | { [key: string]: FormTree };

const INDEX = /^(0|[1-9]\d{0,3})$/;

/**
 * The fields whose names start with `prefix` as one nested value: a numeric part makes a list
 * (its gaps closed, in index order), any other an object. Files and the prefix-less fields are
 * left out; a name repeated keeps its last value.
 */
export function formTree(entries: Iterable<[string, FormDataEntryValue]>, prefix = ""): Record<string, FormTree> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    if (typeof value !== "string" || !name.startsWith(prefix) || name.length === prefix.length) continue;
    const parts = name.slice(prefix.length).split(".");
    if (parts.some((part) => part === "" || part === "__proto__" || part === "constructor" || part === "prototype")) continue;
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      const child = node[part];
      if (child === undefined || typeof child !== "object") node[part] = {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return closeLists(root) as Record<string, FormTree>;
}

/**
 * Objects whose keys are all indexes, one of them 0, become lists in index order (record ids are
 * never 0, so a map keyed by ids, e.g. "price.12", stays an object).
 */
function closeLists(node: unknown): unknown {
  if (!node || typeof node !== "object") return node;
  const entries = Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, closeLists(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => INDEX.test(k)) && entries.some(([k]) => k === "0")) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

/** The part of a tree at `path` (undefined when absent). */
function nodeAt(tree: FormTree | undefined, path: (string | number)[]): FormTree | undefined {
  let node = tree;
  for (const key of path) {
    if (node === undefined || typeof node === "string") return undefined;
    node = Array.isArray(node) ? node[Number(key)] : node[String(key)];
  }
  return node;
}

/** A part of a tree read as text ('' when absent or not text). */
export function textAt(tree: FormTree | undefined, ...path: (string | number)[]): string {
  const node = nodeAt(tree, path);
  return typeof node === "string" ? node : "";
}

/** A part of a tree as a list of sub-trees ([] when absent; a list whose index 0 is gone, in index order). */
export function listAt(tree: FormTree | undefined, ...path: (string | number)[]): FormTree[] {
  const node = nodeAt(tree, path);
  return Array.isArray(node) ? node : node && typeof node === "object" ? Object.values(node) : [];
}

/** A part of a tree read as a list of texts, blanks dropped ([] when absent). */
export function textsAt(tree: FormTree | undefined, ...path: (string | number)[]): string[] {
  return listAt(tree, ...path).filter((v): v is string => typeof v === "string" && v.trim() !== "");
}

/**
 * Messages keyed by the API's paths, keyed by the form's names instead: a path that starts with one
 * of `rename`'s prefixes gets that prefix replaced ({ "setting1.12.": "" }: "setting1.12.about" →
 * "about"); the others stay as they are.
 */
export function renamePaths(errors: Record<string, string>, rename: Record<string, string>): Record<string, string> {
  const renamed: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const prefix = Object.keys(rename).find((p) => path.startsWith(p));
    renamed[prefix === undefined ? path : rename[prefix] + path.slice(prefix.length)] ??= message;
  }
  return renamed;
}
