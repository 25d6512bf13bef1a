/** JSON with object keys sorted at every level: the same text for the same value, whatever the key order (jsonb keeps none). */
export function canonicalJson(value: unknown): string {
  const canonical = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(canonical);
    if (node && typeof node === "object") {
      return Object.fromEntries(
        Object.keys(node)
          .sort()
          .map((k) => [k, canonical((node as Record<string, unknown>)[k])]),
      );
    }
    return node;
  };
  return JSON.stringify(canonical(value) ?? null);
}

/** The same JSON value, keys in any order. */
export const sameJson = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
