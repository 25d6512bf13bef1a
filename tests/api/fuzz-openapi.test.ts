/**
 * Every operation of /openapi.json, called with inputs drawn from its own schemas by a seeded
 * generator (tests/support/openapi-sample.ts): valid values, a NUL byte in every text, integers
 * and dates beyond any column, and random values. No answer may be a 5xx, nor the 400 that says
 * the database refused a value (a schema let it through), and every answer must agree with the
 * document (status, media type, body: tests/support/openapi-conformance.ts). A failure names the
 * operation, the kind of input and the request, which the same seed sends again
 * (FUZZ_SEED=<n> to draw others). GETs run first, deletions last, on a database of its own.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ACTING_ADMIN_HEADER, ACTING_PROVIDER_HEADER } from "~contract/api";
import { VALUE_REFUSED_BY_DATABASE } from "../../api/src/lib/http";
import { localFileStorage } from "../../api/src/storage";
import { conformanceChecker, conformanceProblem } from "../support/openapi-conformance";
import { startTestApi, type TestApi } from "../support/api-server";
import { resolveRef, sample, seededRandom, type Mode, type OpenApiDocument, type Operation, type Random } from "../support/openapi-sample";

const SEED = Number(process.env.FUZZ_SEED ?? 29);
const MODES: Mode[] = ["valid", "nul", "date", "int", "long", "random", "random"];
/** a tiny PNG, for the upload forms (their file names stay plain: this test is about the fields) */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

let api: TestApi;
let doc: OpenApiDocument;
let filesDir: string;

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), "fuzz-files-"));
  api = await startTestApi({ files: localFileStorage(filesDir) });
  const answer = await fetch(new URL("/openapi.json", api.url), { headers: { [api.apiKeyHeader]: api.apiKey } });
  doc = (await answer.json()) as OpenApiDocument;
});
afterAll(async () => {
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/** a number from a text, so each operation draws the same values whatever else the document holds */
function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

type Built = { url: URL; init: RequestInit; shown: string };

function build(method: string, template: string, operation: Operation, random: Random, mode: Mode): Built {
  const headers = new Headers({ [api.apiKeyHeader]: api.apiKey, [ACTING_ADMIN_HEADER]: "1", accept: "*/*" });
  let pathname = template;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === "header") {
      // headers cannot carry a NUL (the HTTP client refuses it): the acting admin and provider are real ones
      if (parameter.name === ACTING_ADMIN_HEADER) continue;
      headers.set(parameter.name, parameter.name === ACTING_PROVIDER_HEADER ? "1" : String(sample(doc, parameter.schema, random, "valid")));
      continue;
    }
    const schema = resolveRef(doc, parameter.schema);
    const idLike =
      parameter.in === "path" && mode === "valid" && (schema.type === "integer" || schema.pattern || /id$/i.test(parameter.name));
    const value = idLike ? "1" : sample(doc, schema, random, mode);
    if (parameter.in === "path") {
      pathname = pathname.replace(`{${parameter.name}}`, encodeURIComponent(Buffer.from(String(value)).toString()));
    } else if (parameter.in === "query" && (parameter.required || mode !== "valid" || random.chance(0.5))) {
      for (const item of Array.isArray(value) ? value : [value])
        query.append(parameter.name, typeof item === "object" ? JSON.stringify(item) : String(item));
    }
  }
  const url = new URL(pathname, api.url);
  url.search = query.toString();
  const init: RequestInit = { method: method.toUpperCase(), headers };
  let shown = `${method.toUpperCase()} ${url.pathname.slice(0, 300)}${url.search.slice(0, 300)}`;
  const content = operation.requestBody?.content ?? {};
  if (content["application/json"]) {
    const body = sample(doc, content["application/json"].schema, random, mode);
    headers.set("content-type", "application/json");
    init.body = JSON.stringify(body);
    shown += ` ${init.body.slice(0, 300)}`;
  } else if (content["multipart/form-data"]) {
    const schema = resolveRef(doc, content["multipart/form-data"].schema);
    const form = new FormData();
    const fields: string[] = [];
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const resolved = resolveRef(doc, property as Record<string, unknown>);
      const binary = resolved.format === "binary" || resolveRef(doc, resolved.items).format === "binary";
      if (binary) {
        form.append(name, new Blob([PNG], { type: "image/png" }), "fuzz.png");
        fields.push(`${name}=<fuzz.png>`);
      } else {
        const value = sample(doc, resolved, random, mode);
        form.append(name, typeof value === "object" ? JSON.stringify(value) : String(value));
        fields.push(`${name}=${JSON.stringify(value)}`.slice(0, 80));
      }
    }
    init.body = form;
    shown += ` multipart {${fields.join(", ")}}`;
  }
  return { url, init, shown };
}

const ORDER: Record<string, number> = { get: 0, head: 0, post: 1, put: 1, patch: 1, delete: 2 };

it(
  `answers no 5xx (nor a database refusal), and as documented, to ${MODES.length} drawn requests per operation of /openapi.json (seed ${SEED})`,
  { timeout: 120_000 },
  async () => {
    const operations = Object.entries(doc.paths)
      .flatMap(([template, methods]) => Object.entries(methods).map(([method, operation]) => ({ template, method, operation })))
      .sort((a, b) => (ORDER[a.method] ?? 1) - (ORDER[b.method] ?? 1));
    expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const checker = await conformanceChecker(api.url, { [api.apiKeyHeader]: api.apiKey });
    const started = Date.now();
    let sent = 0;
    for (const { template, method, operation } of operations) {
      const random = seededRandom(SEED ^ hashOf(`${method} ${template}`));
      for (const mode of MODES) {
        const request = build(method, template, operation, random, mode);
        sent++;
        try {
          const response = await fetch(request.url, { ...request.init, signal: AbortSignal.timeout(15_000) });
          const text = await response.text();
          const problem = conformanceProblem(checker, {
            method,
            path: request.url.pathname,
            status: response.status,
            contentType: response.headers.get("content-type"),
            text,
          });
          if (problem) failures.push(`${problem.slice(0, 300)} [${mode}]\n    input: ${JSON.stringify(request.shown)}`);
          // the database's refusal (api/src/lib/http.ts) answers 400, but means a schema let the value through
          else if (response.status >= 500 || text.includes(VALUE_REFUSED_BY_DATABASE))
            failures.push(
              `${method.toUpperCase()} ${template} [${mode}] → ${response.status} ${text.slice(0, 120)}\n    input: ${JSON.stringify(request.shown)}`,
            );
        } catch (error) {
          failures.push(
            `${method.toUpperCase()} ${template} [${mode}] → no answer (${(error as Error).message})\n    input: ${JSON.stringify(request.shown)}`,
          );
        }
      }
    }
    console.info(`fuzz: ${operations.length} operations, ${sent} requests, ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}`);
    expect(failures, `${failures.length} answers were 5xx, a database refusal or not as documented:\n${failures.join("\n")}`).toEqual([]);
  },
);
