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
});
export type DocumentValidationError = z.infer<typeof DocumentValidationError>;

/** "portfolio::minimum 3 file required!" */
export const documentPairs = (errors: Record<string, string>) => Object.entries(errors).map(([field, message]) => `${field}::${message}`);
