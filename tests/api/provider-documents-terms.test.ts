/**
 * Issue 28 on the provider documents (spec 3 §2.1 Documents & Terms, §2.2, §2.5, §3): the terms
 * accepted with the documents (version, time, address), a refused form's files held for the next
 * try (and never reported missing), the names files were chosen under, optional files removed,
 * terms drafts deleted, and the plan registered as the Subscribe sent it.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  clickwraps,
  plans,
  profileDocuments,
  providerAgreements,
  providerFormSections,
  serviceProviders,
  users,
} from "../../api/src/db/schema";
import { localFileStorage } from "../../api/src/storage";
import { ACTING_ADMIN_HEADER, ACTING_PROVIDER_HEADER, CLIENT_ADDRESS_HEADER } from "~contract/api";
import { CLICKWRAP_MESSAGES } from "~contract/clickwrap";
import { DOCUMENT_MESSAGES as M, DocumentValidationError, ProviderDocumentAnswer, ProviderDocumentRow } from "~contract/provider-documents";
import { WIZARD_MESSAGES } from "~contract/provider-wizard";
import { DocumentReviewRow, ProviderDetail } from "~contract/service-providers";
import { startTestApi, testDrivers, type TestApi } from "../support/api-server";
import { jpegOf, png } from "../support/images";
import { docx } from "../support/office-files";
import { call, get, parsed } from "./helpers";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
/** a Windows program renamed to .png */
const EXE = Buffer.concat([Buffer.from("MZ", "latin1"), Buffer.alloc(200, 0x90)]);
type Part = [field: string, value: string | { name: string; bytes: Uint8Array }];

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

for (const driver of testDrivers()) {
  describe(`provider documents and terms [${driver}]`, () => {
    let api: TestApi;
    beforeAll(async () => {
      const dir = await mkdtemp(path.join(tmpdir(), "documents-terms-"));
      dirs.push(dir);
      api = await startTestApi({ driver, files: localFileStorage(dir), testFixtures: true });
    });
    afterAll(() => api?.close());

    async function send(
      method: "POST" | "PUT",
      urlPath: string,
      query: Record<string, string | number>,
      parts: Part[],
      as: { provider?: number; address?: string } = {},
    ) {
      const form = new FormData();
      for (const [field, value] of parts) {
        if (typeof value === "string") form.append(field, value);
        else form.append(field, new Blob([new Uint8Array(value.bytes)]), value.name);
      }
      const url = new URL(urlPath, api.url);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
      const headers: Record<string, string> = { [api.apiKeyHeader]: api.apiKey };
      if (as.provider) headers[ACTING_PROVIDER_HEADER] = String(as.provider);
      else headers[ACTING_ADMIN_HEADER] = "1";
      if (as.address) headers[CLIENT_ADDRESS_HEADER] = as.address;
      const response = await fetch(url, { method, headers, body: form });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined, text };
    }
    const create = (id: number, parts: Part[], as?: { provider?: number; address?: string }) =>
      send("POST", "/create-document", { serviceProviderId: id }, parts, as);
    const update = (doc: number, id: number, parts: Part[], as?: { provider?: number; address?: string }) =>
      send("PUT", "/update-document", { document_id: doc, serviceProviderId: id }, parts, as);

    async function newProvider() {
      const username = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
      const [user] = await api.db.insert(users).values({ username, firstName: "Test", lastName: "Provider" }).returning({ id: users.id });
      const [provider] = await api.db
        .insert(serviceProviders)
        .values({ user_id: user.id })
        .returning({ id: serviceProviders.serviceProvider_id });
      return provider.id;
    }
    const required = (): Part[] => [
      ["profilePhoto", { name: "me.jpg", bytes: jpegOf(8, 8) }],
      ["identityProof", { name: "aadhaar.pdf", bytes: PDF }],
      ["selfie", { name: "selfie.png", bytes: png(4, 4) }],
    ];
    // each later than the last (and than the demo terms): the latest published is the last one made
    let published = 0;
    async function publish(version: string) {
      const [row] = await api.db
        .insert(clickwraps)
        .values({
          version,
          status: "published",
          text: `<p>Terms ${version}</p>`,
          published_at: new Date(Date.now() + 60_000 + ++published * 1000),
        })
        .returning();
      return row;
    }
    const agreementsOf = (id: number) =>
      api.db.select().from(providerAgreements).where(eq(providerAgreements.service_provider_id, id)).orderBy(asc(providerAgreements.id));

    it("a provider accepts the latest published terms with the documents: version, time and address recorded, shown as Accepted T&C; a newer version asks again", async () => {
      const id = await newProvider();
      const terms = await publish(`T-${id}-1`);
      const read = async () => parsed(ProviderDocumentRow, (await get(api, "/get-document", { query: { serviceProviderId: id } })).body);
      expect((await read()).terms).toMatchObject({ latest: { id: terms.id, version: terms.version }, accepted: null });

      // not accepted: refused, nothing recorded
      const refused = await create(id, required(), { provider: id, address: "203.0.113.9" });
      expect(refused.status, refused.text).toBe(400);
      expect(parsed(DocumentValidationError, refused.body).errors).toEqual({ agreement: M.acceptTerms });
      expect(await agreementsOf(id)).toEqual([]);

      const before = Date.now();
      const made = await create(id, [...required(), ["agreement", String(terms.id)]], { provider: id, address: "203.0.113.9" });
      expect(made.status, made.text).toBe(201);
      const [accepted] = await agreementsOf(id);
      expect(accepted).toMatchObject({ version: terms.version, accepted_ip: "203.0.113.9" });
      expect(accepted.accepted_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
      const [sp] = await api.db.select().from(serviceProviders).where(eq(serviceProviders.serviceProvider_id, id));
      expect(sp.last_accepted_agreement).toBe(terms.version);
      expect((await read()).terms.accepted).toMatchObject({ version: terms.version, accepted_ip: "203.0.113.9" });
      // the documents review lists it
      const review = await get(api, "/get-all-serviceprovider-documents", {
        query: {
          page: 1,
          page_size: 50,
          search: sp ? (await api.db.select().from(users).where(eq(users.id, sp.user_id)))[0].username : "",
        },
      });
      expect(review.body.data[0].userId.agreements).toEqual([
        expect.objectContaining({ version: terms.version, accepted_ip: "203.0.113.9" }),
      ]);

      const doc = parsed(ProviderDocumentAnswer, made.body).data;
      // accepted already: the next edit asks nothing, records nothing more
      expect((await update(doc.ProfileDocument_id, id, [["panNumber", "ABCDE1234F"]], { provider: id })).status).toBe(200);
      expect(await agreementsOf(id)).toHaveLength(1);
      // a newer version: asked again; the old version's id is refused
      const newer = await publish(`T-${id}-2`);
      const again = await update(doc.ProfileDocument_id, id, [["panNumber", "ABCDE1234F"]], { provider: id });
      expect(again.status).toBe(400);
      expect(again.body.errors).toEqual({ agreement: M.acceptTerms });
      expect((await update(doc.ProfileDocument_id, id, [["agreement", String(terms.id)]], { provider: id })).body.errors).toEqual({
        agreement: M.termsChanged,
      });
      expect(
        (await update(doc.ProfileDocument_id, id, [["agreement", String(newer.id)]], { provider: id, address: "198.51.100.7" })).status,
      ).toBe(200);
      expect((await agreementsOf(id)).map((a) => [a.version, a.accepted_ip])).toEqual([
        [terms.version, "203.0.113.9"],
        [newer.version, "198.51.100.7"],
      ]);
      // an admin's form never accepts for the provider, and is not asked to
      const other = await newProvider();
      expect((await create(other, [...required(), ["agreement", String(newer.id)]])).status).toBe(201);
      expect(await agreementsOf(other)).toEqual([]);
    });

    it("a refused form reports only the refused file; the files that passed are held, told as kept, and the next try takes them", async () => {
      const id = await newProvider();
      const first = await create(id, [
        ["profilePhoto", { name: "holiday.png", bytes: EXE }],
        ["identityProof", { name: "aadhaar card.pdf", bytes: PDF }],
        ["selfie", { name: "me-today.png", bytes: png(4, 4) }],
      ]);
      expect(first.status, first.text).toBe(400);
      const body = parsed(DocumentValidationError, first.body);
      expect(body.errors).toEqual({ profilePhoto: M.wrongType });
      expect(body.kept?.identityProof?.map((k) => k.name)).toEqual(["aadhaar card.pdf"]);
      expect(body.kept?.selfie?.map((k) => k.name)).toEqual(["me-today.png"]);
      expect(body.kept?.profilePhoto).toBeUndefined();
      expect(await api.db.select().from(profileDocuments).where(eq(profileDocuments.service_provider_id, id))).toEqual([]);

      const kept = Object.entries(body.kept ?? {}).flatMap(([field, list]) => list.map((k): Part => ["kept", `${field}:${k.token}`]));
      const second = await create(id, [["profilePhoto", { name: "portrait.jpg", bytes: jpegOf(8, 8) }], ...kept]);
      expect(second.status, second.text).toBe(201);
      const doc = parsed(ProviderDocumentAnswer, second.body).data;
      expect(doc.identityProof).toMatch(/^identityProof-.*\.pdf$/);
      expect(doc.file_names[doc.identityProof as string]).toBe("aadhaar card.pdf");
      expect(doc.file_names[doc.selfie as string]).toBe("me-today.png");
      expect(doc.file_names[doc.profilePhoto as string]).toBe("portrait.jpg");
      // a token is used once
      const reused = await update(doc.ProfileDocument_id, id, [kept[0]]);
      expect(reused.status).toBe(400);
      expect(Object.values(reused.body.errors)).toEqual([M.keptGone]);
    });

    it("keeps the names files were chosen under; an optional file can be removed, a required one cannot", async () => {
      const id = await newProvider();
      const made = await create(id, [...required(), ["companyResume", { name: "resume.docx", bytes: docx() }]]);
      expect(made.status, made.text).toBe(201);
      const doc = parsed(ProviderDocumentAnswer, made.body).data;
      expect(doc.file_names[doc.companyResume as string]).toBe("resume.docx");
      expect((await update(doc.ProfileDocument_id, id, [["remove", "selfie"]])).body.errors).toEqual({ selfie: M.cannotRemove("selfie") });
      const removed = await update(doc.ProfileDocument_id, id, [["remove", "companyResume"]]);
      expect(removed.status, removed.text).toBe(200);
      const after = parsed(ProviderDocumentAnswer, removed.body).data;
      expect(after.companyResume).toBeNull();
      expect(after.file_names).not.toHaveProperty(doc.companyResume as string);
      expect(after.file_names[after.selfie as string]).toBe("selfie.png");
    });

    it('files named a;b.png and a;b".pdf (as Chromium sends them) are stored under safe names and their own names kept (issue 29)', async () => {
      const id = await newProvider();
      const made = await create(id, [
        ["profilePhoto", { name: "a;b.jpg", bytes: jpegOf(8, 8) }],
        ["identityProof", { name: 'a;b".pdf', bytes: PDF }],
        ["selfie", { name: "a;b.png", bytes: png(4, 4) }],
      ]);
      expect(made.status, made.text).toBe(201);
      const doc = parsed(ProviderDocumentAnswer, made.body).data;
      expect(doc.selfie).toMatch(/^selfie-[A-Za-z0-9_-]+\.png$/);
      expect(doc.file_names[doc.selfie as string]).toBe("a;b.png");
      // a quote is sent as %22 (the HTML form encoding) and read back as a quote
      expect(doc.identityProof).toMatch(/^identityProof-[A-Za-z0-9_-]+\.pdf$/);
      expect(doc.file_names[doc.identityProof as string]).toBe('a;b".pdf');
      expect(doc.file_names[doc.profilePhoto as string]).toBe("a;b.jpg");
    });

    it("the documents review and the provider's details carry the names the files were chosen under", async () => {
      const id = await newProvider();
      const made = await create(id, [
        ["profilePhoto", { name: "my portrait.jpg", bytes: jpegOf(8, 8) }],
        ["identityProof", { name: "aadhaar.pdf", bytes: PDF }],
        ["selfie", { name: "selfie.png", bytes: png(4, 4) }],
        ["companyProfile", { name: "resume final.pdf", bytes: PDF }],
      ]);
      expect(made.status, made.text).toBe(201);
      const doc = parsed(ProviderDocumentAnswer, made.body).data;
      const [sp] = await api.db.select().from(serviceProviders).where(eq(serviceProviders.serviceProvider_id, id));
      const [user] = await api.db.select().from(users).where(eq(users.id, sp.user_id));
      const chosen = { [doc.profilePhoto as string]: "my portrait.jpg", [doc.companyProfile as string]: "resume final.pdf" };

      const review = await get(api, "/get-all-serviceprovider-documents", { query: { page: 1, page_size: 50, search: user.username } });
      const row = parsed(z.array(DocumentReviewRow), review.body.data)[0];
      expect(row.documents).toEqual([doc.profilePhoto, doc.companyProfile]);
      // the files the list shows, not the identity proof's or the selfie's names
      expect(row.file_names).toEqual(chosen);

      const detail = parsed(
        ProviderDetail,
        (await get(api, "/get-serviceProvider-by-id", { query: { serviceProvider_id: id } })).body.data,
      );
      expect(detail.documents?.file_names).toEqual(chosen);
    });

    it("a terms draft can be deleted, a published version cannot", async () => {
      const [draft] = await api.db
        .insert(clickwraps)
        .values({ version: `draft-${Date.now()}`, status: "draft", text: "" })
        .returning();
      const published = await publish(`pub-${Date.now()}`);
      const gone = await call(api, "DELETE", `/clickwrap/clickwraps/${draft.id}/`);
      expect(gone.status, gone.text).toBe(200);
      expect(gone.body.message).toBe(CLICKWRAP_MESSAGES.deleted);
      expect((await get(api, `/clickwrap/clickwraps/${draft.id}/`)).status).toBe(404);
      const kept = await call(api, "DELETE", `/clickwrap/clickwraps/${published.id}/`);
      expect(kept.status).toBe(409);
      expect(kept.body.message).toBe(CLICKWRAP_MESSAGES.publishedNotDeletable);
    });

    it("Subscribe registers the plan it sent, whatever the saved plan section says; a second Subscribe is refused and the plan section stays what was registered", async () => {
      const made = await call(api, "POST", "/test-fixtures/providers", { actingAdmin: null, body: { registered: false } });
      expect(made.status, made.text).toBe(201);
      const id = made.body.data.serviceProvider_id as number;
      const active = (await api.db.select().from(plans).orderBy(asc(plans.plan_id))).filter((p) => p.status === "Active");
      const [a, b] = active;
      // every section the submit needs, copied from a demo provider's (the seed saves them for three)
      const demo = await api.db.select().from(providerFormSections).where(eq(providerFormSections.section, "documents")).limit(1);
      const copied = (
        await api.db.select().from(providerFormSections).where(eq(providerFormSections.service_provider_id, demo[0].service_provider_id))
      ).filter((r) => r.section !== "plan");
      expect(copied.map((r) => r.section).sort()).toEqual(["categories", "documents", "service_details", "services"]);
      await api.db.insert(providerFormSections).values(copied.map((r) => ({ service_provider_id: id, section: r.section, data: r.data })));
      const save = (plan: number) =>
        call(api, "PUT", "/save-service-provider-form", {
          query: { serviceProviderId: id },
          body: { section: "plan", data: { plan_id: plan } },
        });
      expect((await save(a.plan_id)).status).toBe(201);
      // the other click saved its plan in between
      expect((await save(b.plan_id)).status).toBe(201);
      const submit = (plan: number) =>
        call(api, "POST", "/submit-service-provider-profile", {
          query: { serviceProviderId: id },
          body: { mode: "create", plan: { plan_id: plan, profileReview: false } },
        });
      const first = await submit(a.plan_id);
      expect(first.status, first.text).toBe(200);
      expect(first.body.data.plan_id).toBe(a.plan_id);
      const second = await submit(b.plan_id);
      expect(second.status).toBe(409);
      expect((await save(b.plan_id)).status).toBe(409);
      const [sp] = await api.db.select().from(serviceProviders).where(eq(serviceProviders.serviceProvider_id, id));
      expect(sp.plan_id).toBe(a.plan_id);
      const saved = await get(api, "/get-saved-form-data", { query: { serviceProviderId: id } });
      expect(saved.body.data.plan).toEqual({ plan_id: a.plan_id, profileReview: false });
      expect(WIZARD_MESSAGES.alreadyRegistered).toBe(second.body.message);
    });

    it("migration 0016 moves the Certification Id and Year of Passing saved with Service Details to the documents", async () => {
      const [withSection, withRow, withNothing] = [await newProvider(), await newProvider(), await newProvider()];
      const details = (cert: string, year: string) => ({ countries: ["India"], tagline: "x", certificationId: cert, yearOfPassing: year });
      await api.db.insert(providerFormSections).values([
        { service_provider_id: withSection, section: "service_details", data: details("CERT-A", "2001") },
        { service_provider_id: withSection, section: "documents", data: { panNumber: "", certificationId: "" } },
        { service_provider_id: withRow, section: "service_details", data: details("CERT-B", "2002") },
        { service_provider_id: withNothing, section: "service_details", data: details("CERT-C", "") },
      ]);
      await api.db.insert(profileDocuments).values({ service_provider_id: withRow, certificationId: "KEEP-B" });
      const migration = await readFile(path.join(__dirname, "../../api/drizzle/0018_provider_documents_terms.sql"), "utf8");
      const statements = migration.split("--> statement-breakpoint").filter((part) => part.includes("service_details"));
      expect(statements).toHaveLength(4);
      for (const statement of statements) await api.db.execute(sql.raw(statement));
      const sections = async (id: number) =>
        Object.fromEntries(
          (await api.db.select().from(providerFormSections).where(eq(providerFormSections.service_provider_id, id))).map((r) => [
            r.section,
            r.data,
          ]),
        );
      const row = async (id: number) =>
        (await api.db.select().from(profileDocuments).where(eq(profileDocuments.service_provider_id, id)))[0];
      expect((await sections(withSection)).documents).toMatchObject({ certificationId: "CERT-A", yearOfPassing: "2001" });
      expect((await sections(withSection)).service_details).toEqual({ countries: ["India"], tagline: "x" });
      expect(await row(withRow)).toMatchObject({ certificationId: "KEEP-B", yearOfPassing: "2002" });
      expect(await row(withNothing)).toMatchObject({ certificationId: "CERT-C", yearOfPassing: null });
      expect((await sections(withNothing)).service_details).toEqual({ countries: ["India"], tagline: "x" });
    });

    it("Certification Id and Year of Passing are Documents fields only", async () => {
      const id = await newProvider();
      const documents = await call(api, "PUT", "/save-service-provider-form", {
        query: { serviceProviderId: id },
        body: { section: "documents", data: { certificationId: "ICAI-7", yearOfPassing: "2011" } },
      });
      expect(documents.status, documents.text).toBe(201);
      const saved = await get(api, "/get-saved-form-data", { query: { serviceProviderId: id } });
      expect(saved.body.data.documents).toMatchObject({ certificationId: "ICAI-7", yearOfPassing: "2011" });
      const future = await call(api, "PUT", "/save-service-provider-form", {
        query: { serviceProviderId: id },
        body: { section: "documents", data: { yearOfPassing: String(new Date().getUTCFullYear() + 1) } },
      });
      expect(future.body.errors).toEqual({ "data.yearOfPassing": WIZARD_MESSAGES.yearOfPassing });
    });
  });
}
