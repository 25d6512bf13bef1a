/**
 * The provider wizard's Documents & Terms step (spec 3 §2.1, §3 Documents, §5 upload rules, §7
 * POST /create-document, PUT /update-document): the fields, the upload rules and their messages,
 * and the answers' contract.
 */
import { z } from "zod";

export * from "./provider-documents-labels";

/** One provider's documents row as the calls answer it (file fields: stored names, comma-separated). */
export const ProviderDocumentRecord = z.object({
  ProfileDocument_id: z.number().int(),
  service_provider_id: z.number().int(),
  profilePhoto: z.string().nullable(),
  identityProof: z.string().nullable(),
  selfie: z.string().nullable(),
  certificate: z.string().nullable(),
  portfolio: z.string().nullable(),
  companyProfile: z.string().nullable(),
  companyResume: z.string().nullable(),
  gstCertificate: z.string().nullable(),
  panNumber: z.string().nullable(),
  gstNo: z.string().nullable(),
  websiteLink: z.string().nullable(),
  documentComment: z.string().nullable(),
  certificationId: z.string().nullable(),
  yearOfPassing: z.string().nullable(),
  /** stored name → the name the file was chosen under ("resume.docx"); a stored name not listed has none */
  file_names: z.record(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProviderDocumentRecord = z.infer<typeof ProviderDocumentRecord>;

export const ProviderDocumentAnswer = z.object({ message: z.string(), data: ProviderDocumentRecord });
export type ProviderDocumentAnswer = z.infer<typeof ProviderDocumentAnswer>;

/** A refused form (400): the house's message and errors, plus the spec's "field::message" pairs. */
export const DocumentValidationError = z.object({
  message: z.string(),
  errors: z.record(z.string()),
  pairs: z.array(z.string()),
  /** the files that passed, held for the next try by field: send each back as kept = "field:token" */
  kept: z.record(z.array(z.object({ token: z.string(), name: z.string() }))).optional(),
});

/** The terms a provider is asked to accept (the latest published version) and what they accepted last. */
export const ProviderTerms = z.object({
  latest: z.object({ id: z.number().int(), version: z.string(), text: z.string(), published_at: z.string().nullable() }).nullable(),
  accepted: z.object({ version: z.string(), accepted_at: z.string(), accepted_ip: z.string() }).nullable(),
});
export type ProviderTerms = z.infer<typeof ProviderTerms>;

/** GET /get-document: the row (null before one exists) and the terms. */
export const ProviderDocumentRow = z.object({ data: ProviderDocumentRecord.nullable(), terms: ProviderTerms });
export type ProviderDocumentRow = z.infer<typeof ProviderDocumentRow>;
export type DocumentValidationError = z.infer<typeof DocumentValidationError>;

/** "portfolio::minimum 3 file required!" */
export const documentPairs = (errors: Record<string, string>) => Object.entries(errors).map(([field, message]) => `${field}::${message}`);
