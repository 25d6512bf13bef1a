/** What only the admin uses of ~contract/audit-log-labels (the shared part stays in contract/audit-log-labels.ts). */
import { type AuditEntity, AUDIT_ACTIONS } from "~contract/audit-log-labels";

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** A record's kind in a sentence ("Updated plan Basic"); the others are their label in lower case. */
export const RECORD_NOUNS: Partial<Record<AuditEntity, string>> = {
  plan: "plan",
  service_provider: "provider",
  faq: "FAQ",
  blog_article: "post",
  blog_comment: "comment",
  clickwrap: "terms version",
  file: "file",
};
