/**
 * Issue 29 item 18: the API's answers and /openapi.json agree. Every call the API tests make
 * through tests/api/helpers.ts `call` is checked against the document (status, media type, body
 * schema: tests/support/openapi-conformance.ts); these tests pin the answers the document had
 * wrong, and that the check itself catches a body, a status or a type the document does not say.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localFileStorage } from "../../api/src/storage";
import { ensureDemoFiles } from "../../api/src/storage/demo-files";
import { startTestApi, type TestApi } from "../support/api-server";
import { conformanceChecker, conformanceProblem, type SeenAnswer } from "../support/openapi-conformance";

let api: TestApi;
let filesDir: string;
let checker: Awaited<ReturnType<typeof conformanceChecker>>;

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), "conformance-files-"));
  const files = localFileStorage(filesDir);
  await ensureDemoFiles(files, ["logo.png", "pan-card-Document.pdf", "resume-Document.txt"]);
  api = await startTestApi({ files });
  checker = await conformanceChecker(api.url, { [api.apiKeyHeader]: api.apiKey });
});
afterAll(async () => {
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/** A real answer of the API, as the checker sees it. */
async function answerOf(method: string, pathAndQuery: string): Promise<SeenAnswer> {
  const url = new URL(pathAndQuery, api.url);
  const response = await fetch(url, { method, headers: { [api.apiKeyHeader]: api.apiKey } });
  return {
    method,
    path: url.pathname,
    status: response.status,
    contentType: response.headers.get("content-type"),
    text: await response.text(),
  };
}

describe("answers the document had wrong", () => {
  it("GET /get-all-serviceProvider: the rows nested as data.data, as the document now says", async () => {
    const answer = await answerOf("GET", "/get-all-serviceProvider?page_size=5");
    expect(answer.status).toBe(200);
    // what the admin reads (app/services/marketplace/service-providers.server.ts)
    expect(JSON.parse(answer.text).data.data.length).toBeGreaterThan(0);
    expect(conformanceProblem(checker, answer)).toBeNull();
  });

  it("GET /files/{name}: each file with its own type, every one documented", async () => {
    const types: Record<string, string> = {};
    for (const name of ["logo.png", "pan-card-Document.pdf", "resume-Document.txt"]) {
      const answer = await answerOf("GET", `/files/${name}`);
      expect(answer.status).toBe(200);
      types[name] = answer.contentType ?? "";
      expect(conformanceProblem(checker, answer)).toBeNull();
    }
    expect(types).toEqual({
      "logo.png": "image/png",
      "pan-card-Document.pdf": "application/pdf",
      "resume-Document.txt": "text/plain; charset=utf-8",
    });
  });
});

describe("the check itself", () => {
  it("catches a body, a status and a media type the document does not say", async () => {
    const real = await answerOf("GET", "/get-all-category");
    expect(conformanceProblem(checker, real)).toBeNull();
    expect(conformanceProblem(checker, { ...real, text: JSON.stringify({ data: [{ category_id: "one" }] }) })).toMatch(
      /^GET \/get-all-category → 200: the body does not match the document/,
    );
    expect(conformanceProblem(checker, { ...real, status: 418 })).toMatch(/status not documented/);
    expect(conformanceProblem(checker, { ...real, contentType: "text/html" })).toMatch(/answered text\/html, documented application\/json/);
    // a path of no operation is not checked (the API's own 404 "No such call")
    expect(conformanceProblem(checker, { ...real, path: "/no-such-call" })).toBeNull();
  });

  it("matches a concrete path to its template, a literal path before a template", () => {
    expect(checker.operationOf("GET", "/files/logo.png")?.template).toBe("/files/{name}");
    expect(checker.operationOf("GET", "/admin/chats/12/34")?.template).toBe("/admin/chats/{providerId}/{userId}");
    expect(checker.operationOf("POST", "/admin-sessions/resolve")?.template).toBe("/admin-sessions/resolve");
  });
});
