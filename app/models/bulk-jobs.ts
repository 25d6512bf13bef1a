/** What the bulk-job pages show (the API's BulkJob, in the page's words, dates already formatted). */
import type { BulkJobKind, BulkJobList, BulkJobState } from "~contract/bulk-job-labels";

export type JobView = {
  id: number;
  kind: BulkJobKind;
  action: string;
  list: BulkJobList;
  listTitle: string;
  listPath: string;
  state: BulkJobState;
  stateLabel: string;
  open: boolean;
  total: number;
  done: number;
  failed: number;
  left: number;
  /** 0–100, of the rows processed (done and failed) */
  percent: number;
  subject: string | null;
  whatsappTemplate: string | null;
  /** document-reject: the reason given to every provider's documents */
  reason: string | null;
  filterWords: string[];
  /** the list as the admin filtered it (rebuilt from the job's stored filter) */
  listUrl: string;
  createdBy: string;
  createdAt: string;
  finishedAt: string | null;
};

const FILTER_LABELS: Record<string, string> = {
  search: "Search",
  start_date: "From",
  end_date: "Till",
  plan: "Plan",
  stage: "Stage",
  status: "Status",
  verification: "Verification",
  parentCategory: "Category id",
  is_active: "Status",
  is_approved: "Status",
  review_status: "Review",
};

/** A job's filter (the list's API query parameters) in words: "Search: ravi", "Status: Blocked". */
export function filterWords(filter: Record<string, string>): string[] {
  return Object.entries(filter).map(([key, value]) => {
    const shown = key === "is_active" ? (value === "true" ? "Active" : "Blocked") : value;
    return `${FILTER_LABELS[key] ?? key}: ${shown}`;
  });
}

/** The new-job page: the list, its filter and how many rows it matches, and the actions offered. */
export type NewJobData = {
  list: BulkJobList;
  listTitle: string;
  listUrl: string;
  total: number;
  totalExact: boolean;
  filterWords: string[];
  filterErrors: string[];
  kinds: { value: BulkJobKind; label: string }[];
  templates: { value: string; label: string }[];
};

export type NewJobValues = { kind: string; subject: string; body: string; whatsappTemplate: string; reason: string };
