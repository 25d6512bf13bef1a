/** provider-documents: the handlers of the calls provider-documents.routes.ts defines. */
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Context } from "hono";
import { extensionOf } from "~contract/file-types";
import {
  ADDRESS_PROOF_MAX_FILES,
  DOCUMENT_AGREEMENT_FIELD,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_FILE_FIELDS,
  DOCUMENT_KEPT_FIELD,
  DOCUMENT_REMOVE_FIELD,
  DOCUMENT_FILE_MAX_MB,
  DOCUMENT_FORM_MAX_BYTES,
  DOCUMENT_MESSAGES as M,
  DOCUMENT_TEXT_FIELDS,
  DOCUMENT_TEXT_MAX,
  GST_PATTERN,
  MB,
  PAN_PATTERN,
  PORTFOLIO_MAX_MB,
  PORTFOLIO_MIN_FILES,
  ProviderDocumentRecord,
  ProviderTerms,
  REQUIRED_DOCUMENT_FILES,
  YEAR_PATTERN,
  documentPairs,
  type DocumentFileField,
  type DocumentTextField,
} from "~contract/provider-documents";
import { isRecordId } from "~contract/ids";
import type { Database } from "../../db/client";
import {
  clickwraps,
  profileDocuments,
  providerAgreements,
  providerDocumentUploads,
  serviceProviders,
  users,
  type ProfileDocumentRow,
} from "../../db/schema";
import { ACTING_ADMIN_HEADER, ACTING_PROVIDER_HEADER, CLIENT_ADDRESS_HEADER } from "~contract/api";
import { requireActor, type Actor, type Tx } from "../../lib/audit";
import { auditAs, checkProviderHeader, type Who } from "../../lib/provider-actor";
import { sniffFile } from "../../lib/file-sniff";
import { HttpError, notFound } from "../../lib/http";
import { MultipartError, bodyExceeded, multipartBoundary, multipartParts, readText } from "../../lib/multipart-stream";
import { apiRouter } from "../../lib/openapi";
import type { FileStorage } from "../../storage";
import { referencesOf } from "../bucket-manager";
import { isOneOf } from "~shared/one-of";
import { createRouteDef, updateRouteDef, getRouteDef } from "./provider-documents.routes";

/** One request: the portfolio's 100 MB, the other seven files' 2 MB each (the certificate twice) and the form around them. */
export const DOCUMENT_BODY_BYTES = DOCUMENT_FORM_MAX_BYTES;

/** How much of a file's start is kept to tell its type (a file up to this size is read whole) … */
const HEAD_BYTES = 8 * MB;

/** … and of its end (a PDF's %%EOF, a zip's central directory). */
const TAIL_BYTES = 64 * 1024;

const FILE_FIELDS = new Set<string>(DOCUMENT_FILE_FIELDS);

const TEXT_FIELDS = new Set<string>(DOCUMENT_TEXT_FIELDS);

const EXTENSIONS = new Set<string>(DOCUMENT_EXTENSIONS);

const MIME: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  jfif: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  avi: "video/x-msvideo",
  flv: "video/x-flv",
  wmv: "video/x-ms-wmv",
  asf: "video/x-ms-asf",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

const recordOf = (row: ProfileDocumentRow): ProviderDocumentRecord => ({
  ProfileDocument_id: row.ProfileDocument_id,
  service_provider_id: row.service_provider_id,
  profilePhoto: row.profilePhoto,
  identityProof: row.identityProof,
  selfie: row.selfie,
  certificate: row.certificate,
  portfolio: row.portfolio,
  companyProfile: row.companyProfile,
  companyResume: row.companyResume,
  gstCertificate: row.gstCertificate,
  panNumber: row.panNumber,
  gstNo: row.gstNo,
  websiteLink: row.websiteLink,
  documentComment: row.documentComment,
  certificationId: row.certificationId,
  yearOfPassing: row.yearOfPassing,
  file_names: row.file_names,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const namesOf = (value: string | null) =>
  (value ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);

/** The text fields' rules: the value to store (null when emptied), or a message. */
export function checkDocumentText(field: DocumentTextField, raw: string): { value: string | null } | { error: string } {
  let value = raw.trim();
  if (value === "") return { value: null };
  if (value.length > DOCUMENT_TEXT_MAX[field] && field !== "panNumber" && field !== "gstNo" && field !== "yearOfPassing") {
    return { error: M.tooLong(DOCUMENT_TEXT_MAX[field]) };
  }
  switch (field) {
    case "panNumber":
      value = value.toUpperCase();
      return PAN_PATTERN.test(value) ? { value } : { error: M.pan };
    case "gstNo":
      value = value.toUpperCase();
      return GST_PATTERN.test(value) ? { value } : { error: M.gst };
    case "yearOfPassing":
      return YEAR_PATTERN.test(value) ? { value } : { error: M.year };
    case "websiteLink": {
      let url: URL | null = null;
      try {
        url = new URL(value);
      } catch {
        url = null;
      }
      return url && (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".")
        ? { value }
        : { error: M.website };
    }
    default:
      return { value };
  }
}

type Received = {
  texts: Partial<Record<DocumentTextField, string | null>>;
  /** the stored names of each field's files that passed (kept ones included once resolved) */
  files: Partial<Record<DocumentFileField, string[]>>;
  /** stored name → the name it was chosen under */
  originals: Record<string, string>;
  /** held files named by the form ("field:token") */
  kept: { field: DocumentFileField; token: string }[];
  /** the held files taken from `kept`, by field */
  keptUsed: Partial<Record<DocumentFileField, { token: string; name: string }[]>>;
  /** optional file fields to empty (update) */
  remove: Set<DocumentFileField>;
  /** the terms version accepted (its id, as sent) */
  agreement?: string;
  serviceProviderId?: string;
  errors: Record<string, string>;
  /** every name written to storage for this request (removed when it is refused, unless held) */
  written: string[];
};

class OverLimit extends Error {}

/** Counts a file's bytes as they pass, keeps its start and end, and fails past `limit` bytes. */
function inspector(limit: number) {
  let size = 0;
  let exceeded = false;
  const head: Uint8Array[] = [];
  let headSize = 0;
  /** the last chunks, at least TAIL_BYTES of them when the file is that long (views, never copied) */
  const tail: Uint8Array[] = [];
  let tailSize = 0;
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > limit) {
        exceeded = true;
        controller.error(new OverLimit());
        return;
      }
      if (headSize < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headSize);
        head.push(part);
        headSize += part.byteLength;
      }
      tail.push(chunk);
      tailSize += chunk.byteLength;
      while (tail.length > 1 && tailSize - tail[0].byteLength >= TAIL_BYTES) tailSize -= (tail.shift() as Uint8Array).byteLength;
      controller.enqueue(chunk);
    },
  });
  return {
    stream,
    size: () => size,
    exceeded: () => exceeded,
    /** the whole file when it fits the head, else its start and end joined */
    sample: () => {
      if (size <= HEAD_BYTES) return Buffer.concat(head);
      const end = Buffer.concat(tail);
      return Buffer.concat([...head, end.subarray(Math.max(0, end.length - TAIL_BYTES))]);
    },
  };
}

async function drain(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  for (;;) {
    const { done } = await reader.read();
    if (done) return;
  }
}

/** Reads the form part by part, streaming each file to storage; rules on single files are checked here. */
async function receive(c: Context, storage: FileStorage, update: boolean): Promise<Received> {
  const boundary = multipartBoundary(c.req.header("content-type"));
  const body = c.req.raw.body;
  if (!boundary || !body) throw new HttpError(415, { message: M.notMultipart });
  const received: Received = { texts: {}, files: {}, originals: {}, kept: [], keptUsed: {}, remove: new Set(), errors: {}, written: [] };
  const { errors } = received;
  const counts: Partial<Record<DocumentFileField, number>> = {};
  let portfolioBytes = 0;
  try {
    for await (const part of multipartParts(body, c.req.header("content-type") ?? "")) {
      const field = part.name;
      if (part.filename === null) {
        if (TEXT_FIELDS.has(field)) {
          const value = await readText(part.body);
          const checked = checkDocumentText(field as DocumentTextField, value);
          if ("error" in checked) errors[field] = checked.error;
          else received.texts[field as DocumentTextField] = checked.value;
        } else if (field === "serviceProviderId" && !update) {
          received.serviceProviderId = (await readText(part.body, 64)).trim();
        } else if (field === DOCUMENT_KEPT_FIELD) {
          const [keptField, token] = (await readText(part.body, 200)).trim().split(":");
          if (FILE_FIELDS.has(keptField) && token) received.kept.push({ field: keptField as DocumentFileField, token });
        } else if (field === DOCUMENT_REMOVE_FIELD) {
          const removed = (await readText(part.body, 64)).trim();
          if (!FILE_FIELDS.has(removed)) errors[DOCUMENT_REMOVE_FIELD] = M.unknownField;
          else if (isOneOf(REQUIRED_DOCUMENT_FILES, removed)) errors[removed] = M.cannotRemove(removed as DocumentFileField);
          else received.remove.add(removed as DocumentFileField);
        } else if (field === DOCUMENT_AGREEMENT_FIELD) {
          received.agreement = (await readText(part.body, 64)).trim() || undefined;
        } else if (FILE_FIELDS.has(field)) {
          // a file field without a file name: empty (no file chosen, as some clients send it) is not sent
          if ((await readText(part.body, DOCUMENT_FILE_MAX_MB * MB)).length > 0) errors[field] ??= M.wrongType;
        } else {
          // a plain field the form does not know (a submit button's intent, say): ignored
          await part.body.cancel();
        }
        continue;
      }
      if (!FILE_FIELDS.has(field)) {
        await part.body.cancel();
        errors[field] = M.unknownField;
        continue;
      }
      // an empty file input (no file chosen): not sent
      if (part.filename === "") {
        await drain(part.body);
        continue;
      }
      const name = field as DocumentFileField;
      counts[name] = (counts[name] ?? 0) + 1;
      const extension = extensionOf(part.filename);
      if (!EXTENSIONS.has(extension)) {
        await part.body.cancel();
        errors[name] ??= M.wrongType;
        continue;
      }
      const limitMb = name === "portfolio" ? PORTFOLIO_MAX_MB : DOCUMENT_FILE_MAX_MB;
      const limit = name === "portfolio" ? PORTFOLIO_MAX_MB * MB - portfolioBytes : DOCUMENT_FILE_MAX_MB * MB;
      const seen = inspector(limit);
      const flowing = part.body.pipeThrough(seen.stream);
      // every file is stored even once the form is refused: one that passes is held for the next try
      // (a field already refused only has its files read through, their rules still told)
      const storing = !errors[name];
      const storedName = `${name}-${randomUUID()}.${extension}`;
      try {
        if (storing) {
          received.written.push(storedName);
          await storage.putStream(storedName, flowing, MIME[extension]);
        } else {
          await drain(flowing);
        }
      } catch (error) {
        if (!seen.exceeded()) throw error;
        // the rest of the part is skipped by the reader
        errors[name] = M.tooLarge(limitMb);
        continue;
      }
      if (name === "portfolio") portfolioBytes += seen.size();
      const sniffed = seen.size() > 0 ? await sniffFile(seen.sample()) : null;
      if (!sniffed || !sniffed.extensions.includes(extension)) {
        errors[name] ??= M.wrongType;
        continue;
      }
      if (storing) {
        (received.files[name] ??= []).push(storedName);
        received.originals[storedName] = originalName(part.filename);
      }
    }
  } catch (error) {
    await removeAll(storage, received.written);
    if (bodyExceeded(c.req.raw)) throw new HttpError(413, { message: "The request body is too large" }, { connection: "close" });
    if (error instanceof MultipartError)
      throw new HttpError(400, { message: M.badForm, errors: { form: error.message }, pairs: [`form::${error.message}`] });
    throw error;
  }
  for (const [field, count] of Object.entries(counts) as [DocumentFileField, number][]) {
    if (errors[field]) continue;
    if (field === "portfolio" && count < PORTFOLIO_MIN_FILES) errors[field] = M.portfolioMin;
    else if (field === "certificate" && count > ADDRESS_PROOF_MAX_FILES) errors[field] = M.addressProofMax;
    else if (field !== "portfolio" && field !== "certificate" && count > 1) errors[field] = M.oneFile;
  }
  return received;
}

/** The name a file was chosen under, without any folder a browser sent, at most 200 characters. */
const originalName = (filename: string) => (filename.split(/[\\/]/).pop() ?? "").trim().slice(0, 200) || "file";

async function removeAll(storage: FileStorage, names: string[]) {
  for (const name of names) await storage.delete(name).catch(() => undefined);
}

function refuse(errors: Record<string, string>, kept?: Record<string, { token: string; name: string }[]>): HttpError {
  return new HttpError(400, {
    message: M.validation,
    errors,
    pairs: documentPairs(errors),
    ...(kept && Object.keys(kept).length > 0 ? { kept } : {}),
  });
}

/** How long a refused form's files are held for the next try. */
const HOLD_MS = 24 * 60 * 60 * 1000;

/** Required files: sent now, or (on update) already held. */
function checkRequired(received: Received, existing: ProfileDocumentRow | null) {
  for (const field of REQUIRED_DOCUMENT_FILES) {
    if (received.errors[field] || received.files[field]?.length) continue;
    if (existing && namesOf(existing[field]).length > 0) continue;
    received.errors[field] = M.required(field);
  }
}

export function providerDocumentsRouter(db: Database, storage: FileStorage) {
  const router = apiRouter();

  /**
   * The acting admin, or null for a provider on their own documents (x-acting-provider alone; the
   * call's provider is checked against it once known). Without either header: x-acting-admin is required.
   */
  const adminActing = async (c: Context): Promise<Actor | null> =>
    c.req.header(ACTING_PROVIDER_HEADER)?.trim() && !c.req.header(ACTING_ADMIN_HEADER)?.trim() ? null : requireActor(c, db);
  const whoOf = (admin: Actor | null, username: string): Who =>
    admin ? { admin, name: admin.adminUsername } : { admin: null, name: username };
  const usernameOf = async (id: number) =>
    (
      await db
        .select({ username: users.username })
        .from(serviceProviders)
        .innerJoin(users, eq(users.id, serviceProviders.user_id))
        .where(eq(serviceProviders.serviceProvider_id, id))
    )[0]?.username ?? null;
  const providerExists = async (id: number) =>
    (await db.select({ id: serviceProviders.serviceProvider_id }).from(serviceProviders).where(eq(serviceProviders.serviceProvider_id, id)))
      .length > 0;
  const existingOf = async (providerId: number) =>
    (
      await db
        .select({ id: profileDocuments.ProfileDocument_id })
        .from(profileDocuments)
        .where(eq(profileDocuments.service_provider_id, providerId))
    )[0];
  const conflict = (id: number) => new HttpError(409, { message: M.exists(id), ProfileDocument_id: id });

  /** the columns a form sets (file_names: the row's names still in use, and the new ones) */
  const changesOf = (received: Received, before: ProfileDocumentRow | null) => {
    const set: Partial<Record<DocumentFileField | DocumentTextField, string | null>> & { file_names?: Record<string, string> } = {
      ...received.texts,
    };
    for (const field of received.remove) if (!received.files[field]?.length) set[field] = null;
    for (const [field, names] of Object.entries(received.files) as [DocumentFileField, string[]][]) set[field] = names.join(",");
    const inUse = new Set(DOCUMENT_FILE_FIELDS.flatMap((f) => (f in set ? namesOf(set[f] ?? null) : namesOf(before?.[f] ?? null))));
    const names: Record<string, string> = {};
    for (const [stored, original] of Object.entries({ ...(before?.file_names ?? {}), ...received.originals }))
      if (inUse.has(stored)) names[stored] = original;
    set.file_names = names;
    return set;
  };

  /** The held files older than a day go (rows and storage). */
  async function sweepHeld(providerId: number) {
    const old = await db
      .delete(providerDocumentUploads)
      .where(
        and(
          eq(providerDocumentUploads.service_provider_id, providerId),
          lt(providerDocumentUploads.created_at, new Date(Date.now() - HOLD_MS)),
        ),
      )
      .returning({ name: providerDocumentUploads.stored_name });
    await removeAll(
      storage,
      old.map((r) => r.name),
    );
  }

  type HeldRow = typeof providerDocumentUploads.$inferSelect;
  /**
   * The held files the form names: a field with no file sent (nor refused) takes them; one that is
   * named but no longer held (a day passed, another provider's) is refused.
   */
  async function resolveKept(providerId: number, received: Received): Promise<HeldRow[]> {
    if (received.kept.length === 0) return [];
    const rows = await db
      .select()
      .from(providerDocumentUploads)
      .where(
        and(
          eq(providerDocumentUploads.service_provider_id, providerId),
          inArray(
            providerDocumentUploads.token,
            received.kept.map((k) => k.token),
          ),
        ),
      );
    const held = new Map(rows.map((row) => [row.token, row]));
    const sent = new Set(Object.keys(received.files).concat(Object.keys(received.errors)));
    const valid: HeldRow[] = [];
    for (const { field, token } of received.kept) {
      const row = held.get(token);
      if (!row || row.field !== field) {
        if (!sent.has(field)) received.errors[field] ??= M.keptGone;
        continue;
      }
      valid.push(row);
      if (sent.has(field)) continue;
      (received.keptUsed[field] ??= []).push({ token, name: row.original_name });
      received.originals[row.stored_name] = row.original_name;
    }
    for (const [field, used] of Object.entries(received.keptUsed) as [DocumentFileField, { token: string }[]][]) {
      received.files[field] = used.map((u) => (held.get(u.token) as HeldRow).stored_name);
    }
    return valid;
  }

  /**
   * The refusal: the files that passed (fields without a message) are held for the next try and
   * told as kept; the kept ones still unused are told again; the others are removed.
   */
  async function refuseHolding(providerId: number | null, received: Received, held: HeldRow[]): Promise<HttpError> {
    const kept: Record<string, { token: string; name: string }[]> = {};
    const holding = new Set<string>();
    if (providerId !== null) {
      const rows: (typeof providerDocumentUploads.$inferInsert)[] = [];
      for (const field of DOCUMENT_FILE_FIELDS) {
        if (received.errors[field]) continue;
        const fresh = (received.files[field] ?? []).filter((name) => received.written.includes(name));
        for (const name of fresh) {
          const token = randomUUID();
          rows.push({ token, service_provider_id: providerId, field, stored_name: name, original_name: received.originals[name] ?? name });
          (kept[field] ??= []).push({ token, name: received.originals[name] ?? name });
          holding.add(name);
        }
      }
      // a kept file is told again unless a new file for its field passed (the new one is held instead)
      const fresh = new Set(Object.keys(kept));
      for (const row of held) if (!fresh.has(row.field)) (kept[row.field] ??= []).push({ token: row.token, name: row.original_name });
      if (rows.length > 0) await db.insert(providerDocumentUploads).values(rows);
    }
    await removeAll(
      storage,
      received.written.filter((name) => !holding.has(name)),
    );
    received.written = [];
    return refuse(received.errors, kept);
  }

  /** After an accepted form: the held files it took are the row's now; the ones it replaced go. */
  async function releaseHeld(received: Received, held: HeldRow[]) {
    const used = new Set(Object.values(received.keptUsed).flatMap((list) => list.map((u) => u.token)));
    if (held.length === 0) return;
    await db.delete(providerDocumentUploads).where(
      inArray(
        providerDocumentUploads.token,
        held.map((row) => row.token),
      ),
    );
    await removeAll(
      storage,
      held.filter((row) => !used.has(row.token)).map((row) => row.stored_name),
    );
  }

  const latestTerms = async () =>
    (
      await db
        .select({ id: clickwraps.id, version: clickwraps.version, text: clickwraps.text, published_at: clickwraps.published_at })
        .from(clickwraps)
        .where(eq(clickwraps.status, "published"))
        .orderBy(sql`${clickwraps.published_at} DESC NULLS LAST`, desc(clickwraps.id))
        .limit(1)
    )[0] ?? null;
  const acceptedOf = async (tx: Database | Tx, providerId: number) =>
    (
      await tx
        .select({
          version: providerAgreements.version,
          accepted_at: providerAgreements.accepted_at,
          accepted_ip: providerAgreements.accepted_ip,
        })
        .from(providerAgreements)
        .where(eq(providerAgreements.service_provider_id, providerId))
        .orderBy(desc(providerAgreements.accepted_at), desc(providerAgreements.id))
        .limit(1)
    )[0] ?? null;

  /**
   * The terms (spec 3 §2.1 Documents & Terms): a provider acting on their own documents who has not
   * accepted the latest published version must accept it (the form's agreement: its id). Answers
   * the version to record, or null (nothing to accept, or an admin's form: never on their behalf).
   */
  async function termsToAccept(admin: Actor | null, providerId: number, received: Received): Promise<string | null> {
    if (admin) return null;
    const latest = await latestTerms();
    if (!latest) return null;
    if ((await acceptedOf(db, providerId))?.version === latest.version) return null;
    if (!received.agreement) received.errors[DOCUMENT_AGREEMENT_FIELD] = M.acceptTerms;
    else if (received.agreement !== String(latest.id)) received.errors[DOCUMENT_AGREEMENT_FIELD] = M.termsChanged;
    return latest.version;
  }

  /** Records the acceptance (once: a double submit records it once) and the provider's last accepted version. */
  async function recordAcceptance(tx: Tx, providerId: number, version: string | null, address: string) {
    if (version === null || (await acceptedOf(tx, providerId))?.version === version) return null;
    const accepted = { version, accepted_at: new Date(), accepted_ip: address };
    await tx.insert(providerAgreements).values({ service_provider_id: providerId, ...accepted });
    await tx.update(serviceProviders).set({ last_accepted_agreement: version }).where(eq(serviceProviders.serviceProvider_id, providerId));
    return { ...accepted, accepted_at: accepted.accepted_at.toISOString() };
  }
  const addressOf = (c: Context) => c.req.header(CLIENT_ADDRESS_HEADER)?.trim().slice(0, 100) || "unknown";

  router.openapi(getRouteDef, async (c) => {
    const { serviceProviderId } = c.req.valid("query");
    if (!(await providerExists(serviceProviderId))) throw notFound(M.providerNotFound);
    // a provider reads only their own
    checkProviderHeader(c, serviceProviderId);
    const [[row], latest, accepted] = await Promise.all([
      db.select().from(profileDocuments).where(eq(profileDocuments.service_provider_id, serviceProviderId)),
      latestTerms(),
      acceptedOf(db, serviceProviderId),
    ]);
    const terms: ProviderTerms = {
      latest: latest ? { ...latest, published_at: latest.published_at?.toISOString() ?? null } : null,
      accepted: accepted ? { ...accepted, accepted_at: accepted.accepted_at.toISOString() } : null,
    };
    return c.json({ data: row ? recordOf(row) : null, terms }, 200);
  });

  router.openapi(createRouteDef, async (c) => {
    const admin = await adminActing(c);
    const queryId = c.req.valid("query").serviceProviderId;
    if (queryId !== undefined) {
      if (!(await providerExists(queryId))) throw notFound(M.providerNotFound);
      checkProviderHeader(c, queryId);
      const existing = await existingOf(queryId);
      if (existing) throw conflict(existing.id);
      await sweepHeld(queryId);
    }
    const received = await receive(c, storage, false);
    let providerId: number | null = queryId ?? null;
    let held: HeldRow[] = [];
    try {
      if (providerId === null) {
        const sent = received.serviceProviderId;
        if (!sent) received.errors.serviceProviderId = M.providerRequired;
        else if (!isRecordId(sent)) received.errors.serviceProviderId = "serviceProviderId must be a positive whole number";
        else if (!(await providerExists(Number(sent)))) throw notFound(M.providerNotFound);
        else providerId = Number(sent);
      }
      if (providerId !== null) checkProviderHeader(c, providerId);
      if (providerId !== null) held = await resolveKept(providerId, received);
      checkRequired(received, null);
      const accepting = providerId === null ? null : await termsToAccept(admin, providerId, received);
      if (Object.keys(received.errors).length > 0) throw await refuseHolding(providerId, received, held);
      const id = providerId as number;
      const row = await db.transaction(async (tx) => {
        const [provider] = await tx
          .select({ id: serviceProviders.serviceProvider_id, username: users.username })
          .from(serviceProviders)
          .innerJoin(users, eq(users.id, serviceProviders.user_id))
          .where(eq(serviceProviders.serviceProvider_id, id))
          .for("update", { of: serviceProviders });
        if (!provider) throw notFound(M.providerNotFound);
        const [existing] = await tx
          .select({ id: profileDocuments.ProfileDocument_id })
          .from(profileDocuments)
          .where(eq(profileDocuments.service_provider_id, id));
        if (existing) throw conflict(existing.id);
        const [inserted] = await tx
          .insert(profileDocuments)
          .values({ service_provider_id: id, ...changesOf(received, null) })
          .returning();
        const agreement = await recordAcceptance(tx, id, accepting, addressOf(c));
        await auditAs(tx, whoOf(admin, provider.username), {
          action: "create",
          entity: "provider_document",
          entityId: inserted.ProfileDocument_id,
          before: null,
          after: { ...recordOf(inserted), ...(agreement ? { accepted_agreement: agreement } : {}) },
        });
        return inserted;
      });
      await releaseHeld(received, held);
      return c.json({ message: M.created, data: recordOf(row) }, 201);
    } catch (error) {
      await removeAll(storage, received.written);
      throw error;
    }
  });

  router.openapi(updateRouteDef, async (c) => {
    const admin = await adminActing(c);
    const { document_id: documentId, serviceProviderId } = c.req.valid("query");
    const username = await usernameOf(serviceProviderId);
    if (username === null) throw notFound(M.providerNotFound);
    checkProviderHeader(c, serviceProviderId);
    const where = and(eq(profileDocuments.ProfileDocument_id, documentId), eq(profileDocuments.service_provider_id, serviceProviderId));
    const [current] = await db.select().from(profileDocuments).where(where);
    if (!current) throw notFound(M.documentNotFound);
    await sweepHeld(serviceProviderId);
    const received = await receive(c, storage, true);
    let replaced: string[] = [];
    let row: ProfileDocumentRow;
    let held: HeldRow[] = [];
    try {
      held = await resolveKept(serviceProviderId, received);
      checkRequired(received, current);
      const accepting = await termsToAccept(admin, serviceProviderId, received);
      if (Object.keys(received.errors).length > 0) throw await refuseHolding(serviceProviderId, received, held);
      row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(profileDocuments).where(where).for("update");
        if (!before) throw notFound(M.documentNotFound);
        checkRequired(received, before);
        if (Object.keys(received.errors).length > 0) throw refuse(received.errors);
        const [after] = await tx
          .update(profileDocuments)
          .set({
            ...changesOf(received, before),
            // new or removed files are not what was reviewed: back to Pending
            ...(Object.keys(received.files).length + received.remove.size > 0
              ? { review_status: "Pending" as const, review_reason: null, reviewed_by: null, reviewed_at: null }
              : {}),
            updated_at: new Date(),
          })
          .where(where)
          .returning();
        const agreement = await recordAcceptance(tx, serviceProviderId, accepting, addressOf(c));
        await auditAs(tx, whoOf(admin, username), {
          action: "update",
          entity: "provider_document",
          entityId: documentId,
          before: recordOf(before),
          after: { ...recordOf(after), ...(agreement ? { accepted_agreement: agreement } : {}) },
        });
        const kept = new Set(DOCUMENT_FILE_FIELDS.flatMap((f) => namesOf(after[f])));
        const changed = [...Object.keys(received.files), ...received.remove] as DocumentFileField[];
        replaced = changed.flatMap((f) => namesOf(before[f])).filter((n) => !kept.has(n));
        return after;
      });
    } catch (error) {
      await removeAll(storage, received.written);
      throw error;
    }
    await releaseHeld(received, held);
    // after the commit: the replaced files go, unless something else still uses them
    for (const name of new Set(replaced)) {
      try {
        if ((await referencesOf(db, name)).length === 0) await storage.delete(name);
      } catch {
        // left in storage: the bucket manager can remove it
      }
    }
    return c.json({ message: M.updated, data: recordOf(row) }, 200);
  });

  return router;
}
