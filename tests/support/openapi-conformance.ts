/**
 * Real answers checked against /openapi.json: the answer's status must be one the operation
 * documents, its media type one documented for that status, and a JSON body (or each NDJSON line)
 * must match the documented schema (Ajv, JSON Schema 2020-12, as OpenAPI 3.1 writes it). Every
 * call the API tests make through tests/api/helpers.ts `call` goes through `conformanceProblem`.
 */
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document, read by property
type Document = Record<string, any>;

type Checker = {
  /** the operation's path template and its documented answers, for a method and a concrete path */
  operationOf(method: string, path: string): { template: string; operation: Document } | null;
  validator(pointer: string): ValidateFunction;
};

const checkers = new Map<string, Promise<Checker>>();

const escapePointer = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");

function checkerFor(doc: Document): Checker {
  // strict off: OpenAPI's keywords (example, discriminator…) sit in the schemas; formats not checked
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  ajv.addSchema(doc, "openapi");
  const validators = new Map<string, ValidateFunction>();
  const templates = Object.keys(doc.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(
        `^${template
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
          .join("[^/]+")}$`,
      ),
      params: (template.match(/\{/g) ?? []).length,
    }))
    // a literal path before a template that would also match it
    .sort((a, b) => a.params - b.params);
  return {
    operationOf(method, path) {
      for (const { template, pattern } of templates) {
        if (!pattern.test(path)) continue;
        const operation = doc.paths[template][method.toLowerCase()];
        if (operation) return { template, operation };
      }
      return null;
    },
    validator(pointer) {
      let validate = validators.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `openapi#${pointer}` });
        validators.set(pointer, validate);
      }
      return validate;
    },
  };
}

/** The checker of the API at `baseUrl` (its document fetched once). */
export function conformanceChecker(baseUrl: string, headers: Record<string, string>): Promise<Checker> {
  let checker = checkers.get(baseUrl);
  if (!checker) {
    checker = fetch(new URL("/openapi.json", baseUrl), { headers })
      .then((answer) => answer.json() as Promise<Document>)
      .then(checkerFor);
    checker.catch(() => checkers.delete(baseUrl));
    checkers.set(baseUrl, checker);
  }
  return checker;
}

export type SeenAnswer = { method: string; path: string; status: number; contentType: string | null; text: string };

/**
 * Why an answer does not agree with the document, or null when it does (or when the path is no
 * operation of the document: a 404 "No such call" is not an operation's answer).
 */
export function conformanceProblem(checker: Checker, answer: SeenAnswer): string | null {
  // answered by Node's HTTP server before any route (an address or headers over its 16 KB)
  if (answer.status === 431 || answer.status === 414) return null;
  const found = checker.operationOf(answer.method, answer.path);
  if (!found) return null;
  const { template, operation } = found;
  const at = `${answer.method.toUpperCase()} ${template} → ${answer.status}`;
  const documented = operation.responses?.[String(answer.status)] ?? operation.responses?.default;
  if (!documented) return `${at}: status not documented (documented: ${Object.keys(operation.responses ?? {}).join(", ")})`;
  const content: Record<string, { schema?: unknown }> = documented.content ?? {};
  if (answer.status === 204 || answer.status === 304 || (answer.text === "" && Object.keys(content).length === 0)) return null;
  const mediaType = (answer.contentType ?? "").split(";")[0].trim().toLowerCase();
  if (!(mediaType in content) && !("*/*" in content))
    return `${at}: answered ${mediaType || "no content type"}, documented ${Object.keys(content).join(", ") || "no body"}`;
  const key = mediaType in content ? mediaType : "*/*";
  const isJson = /^application\/([\w.-]+\+)?json$/.test(key);
  const isNdjson = key === "application/x-ndjson";
  if (!isJson && !isNdjson) return null;
  const pointer = `/paths/${escapePointer(template)}/${answer.method.toLowerCase()}/responses/${answer.status}/content/${escapePointer(key)}/schema`;
  const validate = checker.validator(pointer);
  let bodies: unknown[];
  try {
    bodies = isNdjson
      ? answer.text
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line))
      : [JSON.parse(answer.text)];
  } catch {
    return `${at}: the body is not ${isNdjson ? "NDJSON" : "JSON"}: ${answer.text.slice(0, 120)}`;
  }
  for (const body of bodies) {
    if (!validate(body)) {
      const errors = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || "(body)"} ${e.message}`);
      return `${at}: the body does not match the document (${errors.join("; ")}): ${JSON.stringify(body).slice(0, 200)}`;
    }
  }
  return null;
}
