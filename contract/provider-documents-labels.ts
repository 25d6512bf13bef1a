/**
 * The provider documents' fields, upload rules and messages (spec 3 §2.1 Documents & Terms, §3,
 * §5), zod-free so the wizard's Documents & Terms screen can check files in the browser. The
 * answers' zod contract is app/models/provider-documents.ts (which re-exports all of this).
 */

/** The file fields, in the form's order; the columns hold the stored names, comma-separated where several. */
export const DOCUMENT_FILE_FIELDS = [
  "profilePhoto",
  "identityProof",
  "selfie",
  "certificate",
  "portfolio",
  "companyProfile",
  "companyResume",
  "gstCertificate",
] as const;
export type DocumentFileField = (typeof DOCUMENT_FILE_FIELDS)[number];

export const DOCUMENT_TEXT_FIELDS = ["panNumber", "gstNo", "websiteLink", "documentComment", "certificationId", "yearOfPassing"] as const;
export type DocumentTextField = (typeof DOCUMENT_TEXT_FIELDS)[number];

/** The form's fields besides the files and the texts: `kept` ("field:token", a file held from a refused try), `remove` (an optional file field to empty), `agreement` (the terms version accepted, its id). */
export const DOCUMENT_KEPT_FIELD = "kept";
export const DOCUMENT_REMOVE_FIELD = "remove";
export const DOCUMENT_AGREEMENT_FIELD = "agreement";

/** Required on create; on update only when the row holds none yet. */
export const REQUIRED_DOCUMENT_FILES = ["profilePhoto", "identityProof", "selfie"] as const satisfies readonly DocumentFileField[];

/** The fields' names in the admin's words (also how the bucket manager names a use: "the selfie of provider x"). */
export const DOCUMENT_FIELD_LABELS: Record<DocumentFileField | DocumentTextField, string> = {
  profilePhoto: "profile photo",
  identityProof: "identity proof",
  selfie: "selfie",
  certificate: "address proof",
  portfolio: "portfolio",
  companyProfile: "company profile",
  companyResume: "company resume",
  gstCertificate: "GST certificate",
  panNumber: "PAN number",
  gstNo: "GST number",
  websiteLink: "website link",
  documentComment: "comment",
  certificationId: "certification id",
  yearOfPassing: "year of passing",
};

export const MB = 1024 * 1024;
/** every file but the portfolio's */
export const DOCUMENT_FILE_MAX_MB = 2;
/** the portfolio's files together */
export const PORTFOLIO_MAX_MB = 100;
export const PORTFOLIO_MIN_FILES = 3;
export const ADDRESS_PROOF_MAX_FILES = 2;
/** the extensions accepted (spec 3 §5: JPEG, PNG, PDF, MP4, QuickTime, AVI, FLV, WMV, PPT, PPTX, DOC, DOCX); the bytes decide */
export const DOCUMENT_EXTENSIONS = [
  "jpg",
  "jpeg",
  "jfif",
  "png",
  "pdf",
  "mp4",
  "m4v",
  "mov",
  "avi",
  "flv",
  "wmv",
  "asf",
  "ppt",
  "pptx",
  "doc",
  "docx",
] as const;

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** 2-digit state code, the PAN, entity number, Z, check character */
export const GST_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const YEAR_PATTERN = /^[0-9]{4}$/;
export const DOCUMENT_TEXT_MAX = {
  panNumber: 10,
  gstNo: 15,
  websiteLink: 500,
  documentComment: 1000,
  certificationId: 100,
  yearOfPassing: 4,
} as const;

export const DOCUMENT_MESSAGES = {
  wrongType: "Please upload a JPG, PNG, Word, PPT or PDF file.",
  tooLarge: (mb: number) => `File(s) size exceeds limit. Please upload files smaller than ${mb} MB.`,
  portfolioMin: "minimum 3 file required!",
  addressProofMax: "maximum 2 file required!",
  oneFile: "Please upload one file.",
  required: (field: DocumentFileField) => `Please upload the ${DOCUMENT_FIELD_LABELS[field]}.`,
  pan: "Please enter a valid PAN number (5 letters, 4 digits, 1 letter, e.g. ABCDE1234F).",
  gst: "Please enter a valid GST number (15 characters, e.g. 22ABCDE1234F1Z5).",
  year: "Year of passing must be 4 digits.",
  website: "Please enter a website link starting with http:// or https://.",
  tooLong: (max: number) => `At most ${max} characters.`,
  unknownField: "Not a field of the documents form.",
  notMultipart: "Send multipart/form-data with the document fields.",
  badForm: "The form could not be read.",
  validation: "Validation Error",
  providerNotFound: "No service provider has this id",
  providerRequired: "serviceProviderId is required",
  documentNotFound: "No documents with this document_id belong to this provider",
  exists: (id: number) => `This provider already has documents (document ${id}): change them with PUT /update-document?document_id=${id}.`,
  acceptTerms: "Please accept the Terms and Conditions.",
  termsChanged: "A newer version of the Terms and Conditions has been published: please read it and accept it.",
  keptGone: "This file is no longer held: please choose it again.",
  cannotRemove: (field: DocumentFileField) => `The ${DOCUMENT_FIELD_LABELS[field]} is required: choose another file to replace it.`,
  created: "Document created successfully",
  updated: "Document updated successfully",
} as const;

/** The largest documents form: the portfolio's 100 MB, the other seven files' 2 MB each (the address proof twice) and the form around them. */
export const DOCUMENT_FORM_MAX_BYTES = (PORTFOLIO_MAX_MB + 8 * DOCUMENT_FILE_MAX_MB + 1) * MB;
