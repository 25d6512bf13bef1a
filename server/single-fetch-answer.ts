/**
 * An action's answer as Remix's single fetch reads it (a `.data` request, sent by a page with
 * JavaScript): `{ data }` in the turbo-stream format (a flat JSON array of values, objects as
 * `{"_<key index>": <value index>}`), for the host to answer a refused body in the screen's own
 * action-data shape rather than with a page the client cannot read (which it shows as "Error 500").
 * Only plain JSON values (strings, numbers, booleans, null, arrays, objects) are encoded.
 */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const NULL = -5;

export function singleFetchActionBody(data: unknown): string {
  const values: unknown[] = [];
  const strings = new Map<string, number>();
  const flatten = (value: unknown): number => {
    if (value === null || value === undefined) return NULL;
    if (typeof value === "string") {
      const known = strings.get(value);
      if (known !== undefined) return known;
      strings.set(value, values.length);
      values.push(value);
      return values.length - 1;
    }
    if (typeof value === "number" || typeof value === "boolean") {
      values.push(value);
      return values.length - 1;
    }
    const index = values.length;
    values.push(null); // its place, filled once its parts have theirs
    if (Array.isArray(value)) {
      values[index] = value.map(flatten);
    } else {
      const object: Record<string, number> = {};
      for (const [key, part] of Object.entries(value as Record<string, Json>)) object[`_${flatten(key)}`] = flatten(part);
      values[index] = object;
    }
    return index;
  };
  flatten({ data });
  return `${JSON.stringify(values)}\n`;
}
