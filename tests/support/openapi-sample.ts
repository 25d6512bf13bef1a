/**
 * Requests made from /openapi.json alone (the fuzz test): values drawn from each operation's
 * parameter and body schemas by a seeded generator, so a failure names an input that can be sent
 * again. Home-made and small: the document's schemas are zod's output (objects, arrays, enums,
 * anyOf, strings with a few patterns and formats, integers with bounds), which is all it reads.
 */

import { TEXT_PATTERN } from "~contract/input-rules";

/** An OpenAPI 3.1 schema, as far as this generator reads it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON Schema of every shape
export type Schema = Record<string, any>;
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
export type Parameter = { name: string; in: "query" | "path" | "header" | "cookie"; required?: boolean; schema?: Schema };
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};

/**
 * How a request's values are drawn: `valid` (examples, defaults, bounds); one kind of bad value
 * with every other value valid, so that it reaches the code behind the validation: `nul` (every
 * free text holds a NUL byte), `date` (dates out of any sensible range, year 0001 first), `int`
 * (integers with no documented maximum beyond int4 and bigint, and 1e308), `long` (texts over
 * their limit); `random`.
 */
export type Mode = "valid" | "nul" | "date" | "int" | "long" | "random";

/** mulberry32: small, fast, and the same numbers for the same seed on every machine */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** A schema with its `$ref`s followed (components only). */
export function resolveRef(doc: OpenApiDocument, schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let hops = 0; typeof current.$ref === "string" && hops < 20; hops++) {
    const name = current.$ref.replace(/^#\/components\/schemas\//, "");
    current = doc.components.schemas[name] ?? {};
  }
  return current;
}

/** 1e19 (beyond bigint, as a JSON number), int4's max + 1, 2^53 + 2, 1e308 … */
const HUGE_INTEGERS = [1e19, 2147483648, 9007199254740994, 1e308, -2147483649, -1, 0];
const OUT_OF_RANGE_DATES = ["0001-01-01", "9999-12-31", "0000-01-01", "1899-12-31", "3000-01-01"];
const RANDOM_TEXTS = [
  "",
  " ",
  "a",
  "%",
  "_",
  "'",
  '"',
  "\\",
  "'; DROP TABLE x;--",
  "<script>alert(1)</script>",
  "😀",
  "\u202e",
  "\ud800",
  "a\u0001b",
  "\t\n",
  "null",
  "0",
  "-1",
  "1e9",
  "../x",
  "%00",
];

function textOf(schema: Schema, random: Random, mode: Mode): string {
  // the pattern of every free text (app/models/input-rules.ts) says no control characters, not a format
  const pattern: string | undefined = schema.pattern === TEXT_PATTERN.source ? undefined : schema.pattern;
  const maxLength: number | undefined = schema.maxLength;
  const minLength: number = schema.minLength ?? 0;
  if (schema.format === "date" || pattern === "^\\d{4}-\\d{2}-\\d{2}$") {
    if (mode === "date") return OUT_OF_RANGE_DATES[0];
    if (mode === "random" && random.chance(0.3)) return random.pick(OUT_OF_RANGE_DATES);
    if (mode === "random")
      return `${random.int(0, 9999).toString().padStart(4, "0")}-${random.int(1, 12).toString().padStart(2, "0")}-${random.int(1, 28).toString().padStart(2, "0")}`;
    return "2026-01-15";
  }
  if (schema.format === "date-time") {
    if (mode === "date") return random.pick(["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "+275760-09-13T00:00:00.000Z"]);
    return "2026-01-15T10:00:00.000Z";
  }
  if (mode === "nul" && !pattern) return minLength > 3 ? `ab\u0000${"c".repeat(minLength)}` : "a\u0000b";
  if (schema.format === "email") return mode === "long" ? `${"a".repeat(300)}@example.com` : `fuzz${random.int(1, 1e6)}@example.com`;
  if (mode === "int" && pattern && /\\d/.test(pattern)) return random.pick(["99999999999999999999", "9999999999.99", "-0.00", "0"]);
  if (mode === "long") {
    return "x".repeat(Math.min((maxLength ?? 5000) + 1, 100_001));
  }
  if (mode === "random") {
    const base = random.pick(RANDOM_TEXTS);
    return random.chance(0.3) ? base + "x".repeat(random.int(0, maxLength ?? 300)) : base;
  }
  if (schema.example !== undefined) return String(schema.example);
  if (schema.default !== undefined) return String(schema.default);
  if (pattern) {
    if (/\\d\{4\}/.test(pattern)) return "2026-01-15";
    if (/\\d/.test(pattern)) return pattern.includes("\\.") ? "100.00" : "1";
    if (pattern.includes("{43}")) return "A".repeat(43);
  }
  return "fuzz".padEnd(Math.max(minLength, 4), "z").slice(0, maxLength ?? 1000);
}

function numberOf(schema: Schema, random: Random, mode: Mode): number {
  const integer = schema.type === "integer";
  const min: number = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
  const max: number = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Math.max(min, 100));
  // an integer with a documented maximum is bounded by its schema; the others are the suspects
  if (mode === "int" && schema.maximum === undefined) return random.pick(HUGE_INTEGERS);
  if (mode === "random") return random.chance(0.5) ? random.pick(HUGE_INTEGERS) : integer ? random.int(-5, 1000) : random.next() * 1000 - 5;
  if (schema.example !== undefined && typeof schema.example === "number") return schema.example;
  if (schema.default !== undefined && typeof schema.default === "number") return schema.default;
  return Math.min(Math.max(min, 1), max);
}

/** One value for `schema`, drawn the way `mode` says (the bad kinds reach every value inside it). */
export function sample(doc: OpenApiDocument, raw: Schema | undefined, random: Random, mode: Mode, depth = 0): unknown {
  const schema = resolveRef(doc, raw);
  if (depth > 8) return null;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) {
    if (mode === "random" && random.chance(0.2)) return "not-one-of-them";
    return random.pick(schema.enum);
  }
  const union: Schema[] | undefined = schema.anyOf ?? schema.oneOf;
  if (union) {
    const choices = union.filter((s) => resolveRef(doc, s).type !== "null");
    return sample(doc, random.pick(choices.length > 0 ? choices : union), random, mode, depth + 1);
  }
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s: Schema) => sample(doc, s, random, mode, depth + 1)));
  let type = schema.type;
  if (Array.isArray(type)) type = type.find((t: string) => t !== "null") ?? "null";
  if (!type && schema.properties) type = "object";
  switch (type) {
    case "string":
      return schema.format === "binary" ? "binary" : textOf(schema, random, mode);
    case "integer":
    case "number":
      return numberOf(schema, random, mode);
    case "boolean":
      return mode === "random" ? random.pick([true, false, "yes", 1]) : random.chance(0.5);
    case "null":
      return null;
    case "array": {
      const count =
        mode === "long" ? Math.min(schema.maxItems ?? 3, 3) + 1 : mode === "random" ? random.int(0, 3) : Math.max(schema.minItems ?? 1, 1);
      return Array.from({ length: count }, () => sample(doc, schema.items, random, mode, depth + 1));
    }
    case "object": {
      const out: Record<string, unknown> = {};
      const required: string[] = schema.required ?? [];
      for (const [name, property] of Object.entries<Schema>(schema.properties ?? {})) {
        if (required.includes(name) || mode !== "valid" || random.chance(0.5)) out[name] = sample(doc, property, random, mode, depth + 1);
      }
      if (schema.additionalProperties && Object.keys(out).length === 0)
        out.key = sample(doc, schema.additionalProperties, random, mode, depth + 1);
      return out;
    }
    default:
      return mode === "nul" ? "a\u0000b" : "fuzz";
  }
}
