/**
 * What the wizard's Documents & Terms step shows (its module's load) and the browser's own checks
 * of chosen files, zod-free for the browser. The server's checks are the API's (by content).
 */
import {
  ADDRESS_PROOF_MAX_FILES,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_FILE_MAX_MB,
  DOCUMENT_MESSAGES,
  MB,
  PORTFOLIO_MAX_MB,
  PORTFOLIO_MIN_FILES,
  type DocumentFileField,
} from "~contract/provider-documents-labels";
import { isOneOf } from "~shared/one-of";

/** The section's text fields (DocumentsSection without ProfileDocument_id), as the form holds them. */
export const DOCUMENTS_STEP_TEXT_FIELDS = [
  "panNumber",
  "gstNo",
  "websiteLink",
  "documentComment",
  "certificationId",
  "yearOfPassing",
] as const;
export type DocumentsStepTextField = (typeof DOCUMENTS_STEP_TEXT_FIELDS)[number];
export type DocumentsDraft = Record<DocumentsStepTextField, string>;

/** The file fields in the step's order (spec 3 §2.1), with their labels and hints. */
export const DOCUMENTS_STEP_FILES: readonly { field: DocumentFileField; label: string; multiple?: boolean; hint?: string }[] = [
  { field: "profilePhoto", label: "Profile Photo" },
  { field: "identityProof", label: "Identity Proof" },
  { field: "selfie", label: "Selfie" },
  { field: "certificate", label: "Address Proof", multiple: true, hint: `At most ${ADDRESS_PROOF_MAX_FILES} files.` },
  {
    field: "portfolio",
    label: "Portfolio",
    multiple: true,
    hint: `At least ${PORTFOLIO_MIN_FILES} files, ${PORTFOLIO_MAX_MB} MB together. No business name, contact details or external links.`,
  },
  { field: "companyProfile", label: "Company Profile" },
  { field: "companyResume", label: "Company Resume" },
  { field: "gstCertificate", label: "GST Certificate", hint: "Mandatory above 20 lakh annual turnover." },
];

export const DOCUMENTS_STEP_LABELS: Record<DocumentsStepTextField, string> = {
  panNumber: "PAN Number",
  gstNo: "GST Number",
  websiteLink: "Website Link",
  documentComment: "Comment",
  certificationId: "Certification Id",
  yearOfPassing: "Year of Passing",
};

/** The terms part of the step (spec 3 §2.1 Documents & Terms, §2.5). */
export const TERMS_LABELS = {
  legend: "Terms and Conditions",
  accept: (version: string) => `I have read and accept the Terms and Conditions (version ${version})`,
  accepted: (version: string, at: string) => `You accepted version ${version} on ${at}.`,
  acceptedByProvider: (version: string, at: string, ip: string) => `The provider accepted version ${version} on ${at} from ${ip}.`,
  notAccepted: "The provider has not accepted the current version yet; only the provider can accept it.",
  newVersion: "A new version of the Terms and Conditions has been published since you last accepted them: please read it and accept it.",
  nonePublished: "No Terms and Conditions are published yet.",
} as const;

/** The file input's accept list. */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`).join(",");

/** A file held from a refused try (the API's kept): sent back as kept = "field:token". */
export type KeptFile = { token: string; name: string };

/** The step's refused save: the messages, what was typed, and the files held for the next try. */
export type DocumentsFailure = {
  fieldErrors: Record<string, string>;
  repopulateFields: Partial<DocumentsDraft> & { agreement?: string };
  formError?: string;
  kept?: Partial<Record<DocumentFileField, KeptFile[]>>;
};

export type DocumentsView = {
  /** stored name → the name it was chosen under ("resume.docx") */
  fileNames: Record<string, string>;
  /** the optional file fields (a stored one can be removed) */
  removable: DocumentFileField[];
  terms: {
    /** the latest published version (its text sanitised HTML), null when none is */
    latest: { id: number; version: string; html: string } | null;
    /** the provider's last accepted version */
    accepted: { version: string; acceptedAt: string; ip: string } | null;
    /** the provider must accept the latest now (a provider who has not accepted it) */
    ask: boolean;
    /** an admin is editing: shown, never accepted on the provider's behalf */
    byAdmin: boolean;
  };
  /** the text fields as saved (the section, else the documents row) */
  values: DocumentsDraft;
  /** the stored files' names, by field ([] when none) */
  stored: Record<DocumentFileField, string[]>;
  /** where a stored file opens: `${fileBase}/${name}` (the admin's or the provider's own file route) */
  fileBase: string;
  /** a required file (profile photo, identity proof, selfie) is asked for only when none is stored */
  required: DocumentFileField[];
};

/** The browser's check of the files chosen for one field (name and size; the API also checks the bytes). */
export function checkChosenFiles(field: DocumentFileField, files: readonly { name: string; size: number }[]): string | null {
  if (files.length === 0) return null;
  for (const file of files) {
    const dot = file.name.lastIndexOf(".");
    if (dot < 0 || !isOneOf(DOCUMENT_EXTENSIONS, file.name.slice(dot + 1).toLowerCase())) return DOCUMENT_MESSAGES.wrongType;
  }
  if (field === "portfolio") {
    const total = files.reduce((sum, file) => sum + file.size, 0);
    if (total > PORTFOLIO_MAX_MB * MB) return DOCUMENT_MESSAGES.tooLarge(PORTFOLIO_MAX_MB);
    if (files.length < PORTFOLIO_MIN_FILES) return DOCUMENT_MESSAGES.portfolioMin;
    return null;
  }
  if (files.some((file) => file.size > DOCUMENT_FILE_MAX_MB * MB)) return DOCUMENT_MESSAGES.tooLarge(DOCUMENT_FILE_MAX_MB);
  if (field === "certificate" && files.length > ADDRESS_PROOF_MAX_FILES) return DOCUMENT_MESSAGES.addressProofMax;
  if (field !== "certificate" && files.length > 1) return DOCUMENT_MESSAGES.oneFile;
  return null;
}
