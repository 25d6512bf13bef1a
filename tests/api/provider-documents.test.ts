/**
 * The provider wizard's documents (spec 3 §2.1, §3 Documents, §5 upload rules, §7 POST
 * /create-document, PUT /update-document): every rule, on the local folder AND on a real
 * S3-compatible server (s3rver), on each database driver.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, profileDocuments, providerDocumentUploads, serviceProviders, storedFiles, users } from "../../api/src/db/schema";
import { sniffFile } from "../../api/src/lib/file-sniff";
import { multipartBoundary, multipartParts, readText } from "../../api/src/lib/multipart-stream";
import { localFileStorage, s3FileStorage, type FileStorage } from "../../api/src/storage";
import { ACTING_ADMIN_HEADER, ACTING_PROVIDER_HEADER } from "~contract/api";
import { DOCUMENT_MESSAGES as M, DocumentValidationError, MB, ProviderDocumentAnswer } from "~contract/provider-documents";
import { startTestApi, testDrivers, type TestApi } from "../support/api-server";
import { jpegOf, png } from "../support/images";
import { docx } from "../support/office-files";
import { S3RVER_CREDENTIALS, startS3rver, type TestS3 } from "../support/s3rver";
import { call, parsed } from "./helpers";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const BUCKET = "provider-documents";
const tagged = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
const mp4 = (size = 32) => {
  const b = Buffer.alloc(size);
  b.set([0, 0, 0, 0x18]);
  b.write("ftypisom", 4, "latin1");
  return b;
};
const avi = () =>
  Buffer.concat([Buffer.from("RIFF", "latin1"), Buffer.from([0x10, 0, 0, 0]), Buffer.from("AVI LIST", "latin1"), Buffer.alloc(16)]);
const flv = () => Buffer.concat([Buffer.from("FLV", "latin1"), Buffer.from([1, 5, 0, 0, 0, 9]), Buffer.alloc(8)]);
const wmv = () =>
  Buffer.concat([
    Buffer.from([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c]),
    Buffer.alloc(30),
  ]);
const TEXT = Buffer.from("just some text, not a picture at all");

describe("file-sniff: the videos", () => {
  it("tells AVI, FLV and WMV by content and refuses lookalikes", async () => {
    expect((await sniffFile(avi()))?.type).toBe("avi");
    expect((await sniffFile(flv()))?.type).toBe("flv");
    expect((await sniffFile(wmv()))?.extensions).toContain("wmv");
    expect(
      await sniffFile(Buffer.concat([Buffer.from("RIFF", "latin1"), Buffer.alloc(4), Buffer.from("WAVEfmt ", "latin1"), Buffer.alloc(16)])),
    ).toBeNull();
    expect(await sniffFile(Buffer.from("FLV is a word", "latin1"))).toBeNull();
  });
});

describe("multipartParts", () => {
  it("reads fields and files however the bytes are split, a boundary across chunks included", async () => {
    const form = new FormData();
    form.set("panNumber", "ABCDE1234F");
    form.append("portfolio", new Blob([new Uint8Array(mp4(5000))]), "a.mp4");
    form.append("portfolio", new Blob([new Uint8Array(PDF)]), "b.pdf");
    form.set("empty", new Blob([]), "");
    form.set("quoted", new Blob(["q"]), 'a "b".pdf');
    const request = new Request("http://x/", { method: "POST", body: form });
    const boundary = multipartBoundary(request.headers.get("content-type") ?? undefined);
    expect(boundary).not.toBeNull();
    const whole = new Uint8Array(await request.arrayBuffer());
    for (const size of [1, 7, 64, 100_000]) {
      const chunks = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < whole.length; i += size) controller.enqueue(whole.subarray(i, i + size));
          controller.close();
        },
      });
      const seen: [string, string | null, number | string][] = [];
      for await (const part of multipartParts(chunks, request.headers.get("content-type") ?? "")) {
        if (part.filename === null) seen.push([part.name, null, await readText(part.body)]);
        else if (part.name === "portfolio" && part.filename === "b.pdf") {
          await part.body.cancel(); // a part left unread is skipped
          seen.push([part.name, part.filename, "skipped"]);
        } else seen.push([part.name, part.filename, Buffer.from(await new Response(part.body).arrayBuffer()).length]);
      }
      expect(seen).toEqual([
        ["panNumber", null, "ABCDE1234F"],
        ["portfolio", "a.mp4", 5000],
        ["portfolio", "b.pdf", "skipped"],
        // an empty file input: a file part with an empty name and no bytes (the route treats it as not sent)
        ["empty", "", 0],
        ["quoted", 'a "b".pdf', 1],
      ]);
    }
  });
});

let s3: TestS3;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3rver([BUCKET]);
});
afterAll(async () => {
  await s3?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

type Kind = "local" | "s3";
async function storageOf(kind: Kind): Promise<FileStorage> {
  if (kind === "local") {
    const dir = await mkdtemp(path.join(tmpdir(), "provider-documents-"));
    dirs.push(dir);
    return localFileStorage(dir);
  }
  return s3FileStorage({ endpoint: s3.endpoint, bucket: BUCKET, region: "us-east-1", prefix: `${tagged()}/`, ...S3RVER_CREDENTIALS });
}

type Part = [field: string, value: string | { name: string; bytes: Uint8Array }];

for (const driver of testDrivers()) {
  for (const kind of ["local", "s3"] as Kind[]) {
    describe(`provider documents [${driver}, ${kind}]`, () => {
      let api: TestApi;
      let storage: FileStorage;
      beforeAll(async () => {
        storage = await storageOf(kind);
        api = await startTestApi({ driver, files: storage });
      });
      afterAll(() => api?.close());

      async function send(method: "POST" | "PUT", urlPath: string, query: Record<string, string | number>, parts: Part[]) {
        const form = new FormData();
        for (const [field, value] of parts) {
          if (typeof value === "string") form.append(field, value);
          else form.append(field, new Blob([new Uint8Array(value.bytes)]), value.name);
        }
        const url = new URL(urlPath, api.url);
        for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
        const response = await fetch(url, { method, headers: { [api.apiKeyHeader]: api.apiKey, [ACTING_ADMIN_HEADER]: "1" }, body: form });
        const text = await response.text();
        return { status: response.status, body: text ? JSON.parse(text) : undefined, text };
      }
      const create = (providerId: number | null, parts: Part[]) =>
        send("POST", "/create-document", providerId === null ? {} : { serviceProviderId: providerId }, parts);
      const update = (documentId: number, providerId: number, parts: Part[]) =>
        send("PUT", "/update-document", { document_id: documentId, serviceProviderId: providerId }, parts);

      /** a provider of the test's own, without documents */
      async function newProvider() {
        const username = tagged();
        const [user] = await api.db.insert(users).values({ username, firstName: "Test", lastName: "Provider" }).returning({ id: users.id });
        const [provider] = await api.db
          .insert(serviceProviders)
          .values({ user_id: user.id })
          .returning({ id: serviceProviders.serviceProvider_id });
        return { id: provider.id, username };
      }
      const required = (): Part[] => [
        ["profilePhoto", { name: "me.jpg", bytes: jpegOf(8, 8) }],
        ["identityProof", { name: "aadhaar.pdf", bytes: PDF }],
        ["selfie", { name: "selfie.png", bytes: png(4, 4) }],
      ];
      const storedNames = async () => {
        const names = new Set<string>();
        let token: string | undefined;
        do {
          const page = await storage.list({ token });
          for (const f of page.files) names.add(f.name);
          token = page.nextToken;
        } while (token);
        return names;
      };
      const catalogued = async () => new Set((await api.db.select({ name: storedFiles.file_name }).from(storedFiles)).map((r) => r.name));
      const bytesOf = async (name: string) => {
        const file = await storage.get(name);
        return file ? Buffer.from(await new Response(file.body).arrayBuffer()) : null;
      };
      const rowOf = async (id: number) =>
        (await api.db.select().from(profileDocuments).where(eq(profileDocuments.ProfileDocument_id, id)))[0];
      const heldNames = async () =>
        new Set((await api.db.select({ name: providerDocumentUploads.stored_name }).from(providerDocumentUploads)).map((r) => r.name));
      /**
       * a refusal: 400, the pairs, and nothing new in storage or the catalogue but the files held
       * for the next try (each told in kept, never a file of a refused field)
       */
      async function refused(run: () => Promise<{ status: number; body: unknown; text: string }>) {
        const [before, beforeCatalogue, beforeHeld] = [await storedNames(), await catalogued(), await heldNames()];
        const answer = await run();
        expect(answer.status, answer.text).toBe(400);
        const body = parsed(DocumentValidationError, answer.body);
        expect(body.pairs).toEqual(Object.entries(body.errors).map(([f, m]) => `${f}::${m}`));
        const held = [...(await heldNames())].filter((n) => !beforeHeld.has(n));
        expect(held.length).toBe(Object.values(body.kept ?? {}).flat().length);
        for (const field of Object.keys(body.kept ?? {})) expect(body.errors[field]).toBeUndefined();
        expect([...(await storedNames())].filter((n) => !before.has(n)).sort()).toEqual(held.sort());
        expect([...(await catalogued())].filter((n) => !beforeCatalogue.has(n)).sort()).toEqual(held.sort());
        return body;
      }

      it("GET /get-document gives the provider's row (null before one exists); a submit button's intent in the form is ignored", async () => {
        const provider = await newProvider();
        const read = async (id: number) => {
          const response = await fetch(new URL(`/get-document?serviceProviderId=${id}`, api.url), {
            headers: { [api.apiKeyHeader]: api.apiKey },
          });
          return { status: response.status, body: await response.json() };
        };
        expect(await read(provider.id)).toMatchObject({ status: 200, body: { data: null } });
        const answer = await create(provider.id, [...required(), ["intent", "save"], ["panNumber", "abcde1234f"]]);
        expect(answer.status, answer.text).toBe(201);
        const made = parsed(ProviderDocumentAnswer, answer.body).data;
        const got = await read(provider.id);
        expect(got.status).toBe(200);
        expect(parsed(ProviderDocumentAnswer.shape.data.nullable(), got.body.data)).toEqual(made);
        expect(made.panNumber).toBe("ABCDE1234F");
        expect((await read(2_000_000_000)).status).toBe(404);
        // a provider reads only their own
        const asProvider = (acting: number) =>
          fetch(new URL(`/get-document?serviceProviderId=${provider.id}`, api.url), {
            headers: { [api.apiKeyHeader]: api.apiKey, [ACTING_PROVIDER_HEADER]: String(acting) },
          });
        expect((await asProvider(provider.id)).status).toBe(200);
        expect((await asProvider(provider.id + 1)).status).toBe(403);
      });

      it("creates the documents: files stored under unique names (catalogued, readable), texts checked, audited", async () => {
        const provider = await newProvider();
        const answer = await create(provider.id, [
          ...required(),
          ["certificate", { name: "bill.pdf", bytes: PDF }],
          ["certificate", { name: "lease.docx", bytes: docx() }],
          ["portfolio", { name: "a.mp4", bytes: mp4() }],
          ["portfolio", { name: "b.avi", bytes: avi() }],
          ["portfolio", { name: "c.flv", bytes: flv() }],
          ["portfolio", { name: "d.wmv", bytes: wmv() }],
          ["companyProfile", { name: "company.pdf", bytes: PDF }],
          ["panNumber", "abcde1234f"],
          ["gstNo", "22ABCDE1234F1Z5"],
          ["websiteLink", "https://example.com/me"],
          ["yearOfPassing", "2015"],
          ["certificationId", "CA-12345"],
          ["documentComment", "All good"],
        ]);
        expect(answer.status, answer.text).toBe(201);
        const doc = parsed(ProviderDocumentAnswer, answer.body).data;
        expect(doc.service_provider_id).toBe(provider.id);
        expect(doc.panNumber).toBe("ABCDE1234F");
        expect(doc.gstNo).toBe("22ABCDE1234F1Z5");
        expect(doc.yearOfPassing).toBe("2015");
        expect(doc.certificate?.split(",")).toHaveLength(2);
        expect(doc.portfolio?.split(",")).toHaveLength(4);
        expect(doc.companyResume).toBeNull();
        expect(await bytesOf(doc.identityProof as string)).toEqual(PDF);
        expect(await bytesOf(doc.portfolio?.split(",")[1] as string)).toEqual(avi());
        const names = (["profilePhoto", "identityProof", "selfie", "certificate", "portfolio", "companyProfile"] as const).flatMap((f) =>
          (doc[f] as string).split(","),
        );
        expect(new Set(names).size).toBe(names.length);
        const inCatalogue = await catalogued();
        for (const name of names) expect(inCatalogue.has(name), name).toBe(true);
        const [entry] = await api.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, "provider_document"), eq(auditLog.entity_id, String(doc.ProfileDocument_id))))
          .orderBy(desc(auditLog.id));
        expect(entry.action).toBe("create");
        // the provider may be named by a form field too
        const other = await newProvider();
        const byForm = await create(null, [["serviceProviderId", String(other.id)], ...required()]);
        expect(byForm.status, byForm.text).toBe(201);
        expect(byForm.body.data.service_provider_id).toBe(other.id);
      });

      it("refuses a missing profile photo, identity proof and selfie with the field::message pairs", async () => {
        const provider = await newProvider();
        const body = await refused(() => create(provider.id, [["panNumber", "ABCDE1234F"]]));
        expect(body.message).toBe("Validation Error");
        expect(body.pairs).toEqual([
          "profilePhoto::" + M.required("profilePhoto"),
          "identityProof::" + M.required("identityProof"),
          "selfie::" + M.required("selfie"),
        ]);
        expect(await api.db.select().from(profileDocuments).where(eq(profileDocuments.service_provider_id, provider.id))).toEqual([]);
      });

      it("tells a file's type by its bytes: a right-looking name is not enough, and the name must agree", async () => {
        const provider = await newProvider();
        const body = await refused(() =>
          create(provider.id, [
            ["profilePhoto", { name: "photo.jpg", bytes: TEXT }],
            ["identityProof", { name: "id.pdf", bytes: png(4, 4) }],
            ["selfie", { name: "selfie.exe", bytes: png(4, 4) }],
            ["companyResume", { name: "cv.docx", bytes: Buffer.from("%PDF-1.4 broken") }],
          ]),
        );
        expect(body.errors).toEqual({
          profilePhoto: M.wrongType,
          identityProof: M.wrongType,
          selfie: M.wrongType,
          companyResume: M.wrongType,
        });
        expect(M.wrongType).toBe("Please upload a JPG, PNG, Word, PPT or PDF file.");
      });

      it("refuses a file over 2 MB and a portfolio over 100 MB, storing nothing", async () => {
        const provider = await newProvider();
        const big = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(2 * MB), PDF.subarray(9)]);
        const body = await refused(() => create(provider.id, [...required().slice(0, 2), ["selfie", { name: "selfie.pdf", bytes: big }]]));
        expect(body.errors).toEqual({ selfie: "File(s) size exceeds limit. Please upload files smaller than 2 MB." });
        const third = mp4(34 * MB);
        const portfolio = await refused(() =>
          create(provider.id, [
            ...required(),
            ["portfolio", { name: "1.mp4", bytes: third }],
            ["portfolio", { name: "2.mp4", bytes: third }],
            ["portfolio", { name: "3.mp4", bytes: third }],
          ]),
        );
        expect(portfolio.errors).toEqual({ portfolio: M.tooLarge(100) });
      });

      it("streams a large portfolio (files past what is kept to tell the type) and accepts it", async () => {
        const provider = await newProvider();
        const large = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(12 * MB, 0x20), PDF.subarray(9)]);
        const answer = await create(provider.id, [
          ...required(),
          ["portfolio", { name: "reel.mp4", bytes: mp4(20 * MB) }],
          ["portfolio", { name: "deck.pdf", bytes: large }],
          ["portfolio", { name: "three.png", bytes: png(8, 8) }],
        ]);
        expect(answer.status, answer.text).toBe(201);
        const [reel, deck] = answer.body.data.portfolio.split(",");
        expect((await bytesOf(reel))?.length).toBe(20 * MB);
        expect((await bytesOf(deck))?.equals(large)).toBe(true);
      });

      it("counts files: portfolio at least 3, address proof at most 2, one file for the others", async () => {
        const provider = await newProvider();
        const body = await refused(() =>
          create(provider.id, [
            ...required(),
            ["selfie", { name: "again.png", bytes: png(2, 2) }],
            ["portfolio", { name: "a.pdf", bytes: PDF }],
            ["portfolio", { name: "b.pdf", bytes: PDF }],
            ["certificate", { name: "1.pdf", bytes: PDF }],
            ["certificate", { name: "2.pdf", bytes: PDF }],
            ["certificate", { name: "3.pdf", bytes: PDF }],
          ]),
        );
        expect(body.errors).toEqual({ selfie: M.oneFile, portfolio: "minimum 3 file required!", certificate: "maximum 2 file required!" });
        expect(body.pairs).toContain("portfolio::minimum 3 file required!");
      });

      it("checks the formats: PAN, GST number, year of passing, website link; plain fields it does not know ignored", async () => {
        const provider = await newProvider();
        const body = await refused(() =>
          create(provider.id, [
            ...required(),
            ["panNumber", "ABCD1234FF"],
            ["gstNo", "22ABCDE1234F1X5"],
            ["yearOfPassing", "15"],
            ["websiteLink", "ftp://example.com"],
            ["nickname", "x"],
          ]),
        );
        expect(body.errors).toEqual({ panNumber: M.pan, gstNo: M.gst, yearOfPassing: M.year, websiteLink: M.website });
      });

      it("changes nothing on a refused form: good files are held for the next try (kept), not stored in the row", async () => {
        const provider = await newProvider();
        const body = await refused(() =>
          create(provider.id, [
            ...required(),
            ["companyProfile", { name: "fine.pdf", bytes: PDF }],
            ["portfolio", { name: "a.pdf", bytes: PDF }],
            ["portfolio", { name: "b.pdf", bytes: PDF }],
          ]),
        );
        expect(Object.keys(body.errors)).toEqual(["portfolio"]);
        expect(Object.keys(body.kept ?? {}).sort()).toEqual(["companyProfile", "identityProof", "profilePhoto", "selfie"]);
        expect(await api.db.select().from(profileDocuments).where(eq(profileDocuments.service_provider_id, provider.id))).toEqual([]);
      });

      it("answers 404 for an unknown provider, 409 naming the document on a second create, 415 without a form", async () => {
        const unknown = await create(2_000_000_000, required());
        expect(unknown.status).toBe(404);
        const provider = await newProvider();
        const first = await create(provider.id, required());
        expect(first.status, first.text).toBe(201);
        const id = first.body.data.ProfileDocument_id;
        const before = await storedNames();
        const second = await create(provider.id, required());
        expect(second.status).toBe(409);
        expect(second.body.message).toContain(`document ${id}`);
        expect([...(await storedNames())].filter((n) => !before.has(n))).toEqual([]);
        const json = await call(api, "POST", "/create-document", { query: { serviceProviderId: provider.id }, body: { selfie: "x" } });
        expect(json.status).toBe(415);
      });

      it("updates: fields not sent are kept, a replaced file leaves storage after the commit (unless used elsewhere), audited", async () => {
        const provider = await newProvider();
        const created = await create(provider.id, [
          ...required(),
          ["companyProfile", { name: "company.pdf", bytes: PDF }],
          ["panNumber", "ABCDE1234F"],
          ["portfolio", { name: "a.pdf", bytes: PDF }],
          ["portfolio", { name: "b.pdf", bytes: PDF }],
          ["portfolio", { name: "c.pdf", bytes: PDF }],
        ]);
        expect(created.status, created.text).toBe(201);
        const doc = parsed(ProviderDocumentAnswer, created.body).data;
        // another provider's row uses the same company profile: it must stay
        const other = await newProvider();
        await api.db.insert(profileDocuments).values({ service_provider_id: other.id, companyProfile: doc.companyProfile });

        const answer = await update(doc.ProfileDocument_id, provider.id, [
          ["selfie", { name: "new-selfie.jpg", bytes: jpegOf(6, 6) }],
          ["companyProfile", { name: "company-2.docx", bytes: docx() }],
          ["yearOfPassing", "2019"],
        ]);
        expect(answer.status, answer.text).toBe(200);
        const after = parsed(ProviderDocumentAnswer, answer.body).data;
        expect(after.profilePhoto).toBe(doc.profilePhoto);
        expect(after.identityProof).toBe(doc.identityProof);
        expect(after.portfolio).toBe(doc.portfolio);
        expect(after.panNumber).toBe("ABCDE1234F");
        expect(after.yearOfPassing).toBe("2019");
        expect(after.selfie).not.toBe(doc.selfie);
        expect(await bytesOf(after.selfie as string)).toEqual(jpegOf(6, 6));
        expect(await bytesOf(doc.selfie as string)).toBeNull();
        expect((await catalogued()).has(doc.selfie as string)).toBe(false);
        expect(await bytesOf(doc.companyProfile as string)).toEqual(PDF);
        const [entry] = await api.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, "provider_document"), eq(auditLog.action, "update")))
          .orderBy(desc(auditLog.id))
          .limit(1);
        expect(entry.entity_id).toBe(String(doc.ProfileDocument_id));

        // a refused update changes no column and keeps no new file
        const body = await refused(() =>
          update(doc.ProfileDocument_id, provider.id, [
            ["profilePhoto", { name: "p.png", bytes: png(3, 3) }],
            ["portfolio", { name: "x.pdf", bytes: PDF }],
            ["gstNo", "nope"],
          ]),
        );
        expect(body.errors).toEqual({ portfolio: M.portfolioMin, gstNo: M.gst });
        const row = await rowOf(doc.ProfileDocument_id);
        expect(row.profilePhoto).toBe(after.profilePhoto);
        expect(row.portfolio).toBe(after.portfolio);
        expect(await bytesOf(after.profilePhoto as string)).not.toBeNull();

        // the document must be the provider's
        const wrong = await update(doc.ProfileDocument_id, other.id, [["yearOfPassing", "2020"]]);
        expect(wrong.status).toBe(404);
      });

      it("new or removed files put a reviewed row back to Pending; a text change keeps its review", async () => {
        const provider = await newProvider();
        const made = await create(provider.id, required());
        expect(made.status, made.text).toBe(201);
        const id = made.body.data.ProfileDocument_id as number;
        const reviewOf = async () => {
          const [row] = await api.db.select().from(profileDocuments).where(eq(profileDocuments.ProfileDocument_id, id));
          return { status: row.review_status, reason: row.review_reason, by: row.reviewed_by };
        };
        const rejected = await call(api, "POST", `/provider-documents/${provider.id}/review`, {
          body: { decision: "Rejected", reason: "Blurred selfie" },
        });
        expect(rejected.status, rejected.text).toBe(200);
        expect((await update(id, provider.id, [["documentComment", "see the new scan"]])).status).toBe(200);
        expect(await reviewOf()).toEqual({ status: "Rejected", reason: "Blurred selfie", by: 1 });
        expect((await update(id, provider.id, [["selfie", { name: "selfie2.png", bytes: png(5, 5) }]])).status).toBe(200);
        expect(await reviewOf()).toEqual({ status: "Pending", reason: null, by: null });
      });

      it("on update requires a profile photo, identity proof or selfie only when the row holds none", async () => {
        const provider = await newProvider();
        const [row] = await api.db
          .insert(profileDocuments)
          .values({ service_provider_id: provider.id, profilePhoto: "held.jpg" })
          .returning();
        const body = await refused(() => update(row.ProfileDocument_id, provider.id, [["documentComment", "hello"]]));
        expect(body.errors).toEqual({ identityProof: M.required("identityProof"), selfie: M.required("selfie") });
        const ok = await update(row.ProfileDocument_id, provider.id, required().slice(1));
        expect(ok.status, ok.text).toBe(200);
        expect(ok.body.data.profilePhoto).toBe("held.jpg");
        // a browser's empty file input (filename="", no bytes) is not sent: the selfie is kept
        const boundary = "----browser-like-boundary";
        const raw = [
          `--${boundary}\r\nContent-Disposition: form-data; name="selfie"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`,
          `--${boundary}\r\nContent-Disposition: form-data; name="documentComment"\r\n\r\nkept files\r\n`,
          `--${boundary}--\r\n`,
        ].join("");
        const url = new URL(`/update-document?document_id=${row.ProfileDocument_id}&serviceProviderId=${provider.id}`, api.url);
        const response = await fetch(url, {
          method: "PUT",
          headers: {
            [api.apiKeyHeader]: api.apiKey,
            [ACTING_ADMIN_HEADER]: "1",
            "content-type": `multipart/form-data; boundary=${boundary}`,
          },
          body: raw,
        });
        const browser = (await response.json()) as { data: { selfie: string; documentComment: string } };
        expect(response.status).toBe(200);
        expect(browser.data.selfie).toBe(ok.body.data.selfie);
        expect(browser.data.documentComment).toBe("kept files");
      });

      it("the bucket manager refuses to delete a file used as a selfie, naming the provider", async () => {
        const provider = await newProvider();
        const created = await create(provider.id, required());
        expect(created.status, created.text).toBe(201);
        const selfie = created.body.data.selfie as string;
        const [file] = await api.db.select().from(storedFiles).where(eq(storedFiles.file_name, selfie));
        const answer = await call(api, "POST", "/s3/delete", { body: { key: selfie, id: file.id } });
        expect(answer.status).toBe(409);
        expect(answer.body.message).toContain(`the selfie of provider ${provider.username}`);
      });
    });
  }
}

describe("provider documents: the form is streamed [pglite, local]", () => {
  let api: TestApi;
  let storage: FileStorage;
  /** resolves when a file whose name starts with this has been written */
  const waiting = new Map<string, () => void>();
  const written = (prefix: string) => new Promise<void>((resolve) => waiting.set(prefix, resolve));
  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "provider-documents-stream-"));
    dirs.push(dir);
    const local = localFileStorage(dir);
    storage = {
      ...local,
      async putStream(name, body, contentType) {
        await local.putStream(name, body, contentType);
        for (const [prefix, resolve] of waiting) if (name.startsWith(prefix)) resolve();
      },
    };
    api = await startTestApi({ driver: "pglite", files: storage });
  });
  afterAll(() => api?.close());

  const boundary = "----streamed-form-boundary";
  const encoder = new TextEncoder();
  const filePart = (field: string, filename: string, bytes: Uint8Array) => [
    encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    encoder.encode("\r\n"),
  ];
  const closing = encoder.encode(`--${boundary}--\r\n`);
  const put = (providerId: number, body: ReadableStream<Uint8Array>) =>
    fetch(new URL(`/create-document?serviceProviderId=${providerId}`, api.url), {
      method: "POST",
      headers: { [api.apiKeyHeader]: api.apiKey, [ACTING_ADMIN_HEADER]: "1", "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
  async function newProvider() {
    const [user] = await api.db.insert(users).values({ username: tagged() }).returning({ id: users.id });
    const [provider] = await api.db
      .insert(serviceProviders)
      .values({ user_id: user.id })
      .returning({ id: serviceProviders.serviceProvider_id });
    return provider.id;
  }

  it("stores each file while the rest of the form is still being sent (no Content-Length, nothing buffered whole)", async () => {
    const providerId = await newProvider();
    const firstStored = written("portfolio-");
    let timedOut = false;
    const second = filePart("portfolio", "2.mp4", mp4(3 * MB));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const chunk of [
          ...filePart("profilePhoto", "me.jpg", jpegOf(8, 8)),
          ...filePart("identityProof", "id.pdf", PDF),
          ...filePart("selfie", "s.png", png(4, 4)),
          ...filePart("portfolio", "1.mp4", mp4(3 * MB)),
          second[0], // the next part's boundary: the first file's end is known
        ])
          controller.enqueue(chunk);
        // the rest only once the first portfolio file is in storage: a server reading the whole
        // body first would wait here for ever
        await Promise.race([firstStored, new Promise((resolve) => setTimeout(() => resolve((timedOut = true)), 10_000))]);
        for (const chunk of [...second.slice(1), ...filePart("portfolio", "3.pdf", PDF), closing]) controller.enqueue(chunk);
        controller.close();
      },
    });
    const answer = await put(providerId, body);
    const text = await answer.text();
    expect(timedOut).toBe(false);
    expect(answer.status, text).toBe(201);
    expect(JSON.parse(text).data.portfolio.split(",")).toHaveLength(3);
  });

  it("refuses a streamed body past the limit (413) and keeps none of its files", async () => {
    const providerId = await newProvider();
    const before = new Set((await storage.list()).files.map((f) => f.name));
    const chunk = new Uint8Array(MB);
    let sent = 0;
    const head = [
      ...filePart("selfie", "s.png", png(4, 4)),
      encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="portfolio"; filename="big.mp4"\r\n\r\n`),
      mp4(64),
    ];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = head.shift();
        if (next) return controller.enqueue(next);
        // 130 MB of one portfolio file, made as it is read
        if (sent >= 130) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const answer = await put(providerId, body).catch(() => null);
    // the server may close the connection before reading everything
    if (answer) expect([400, 413]).toContain(answer.status);
    const after = (await storage.list()).files.map((f) => f.name).filter((n) => !before.has(n));
    expect(after).toEqual([]);
    expect(await api.db.select().from(profileDocuments).where(eq(profileDocuments.service_provider_id, providerId))).toEqual([]);
  });
});
