/**
 * Terms and conditions versions (spec 3 §2.5, §3 Terms version): the statuses, their labels and the
 * messages the API and the admin share. No zod here: the list page's browser bundle imports it.
 */
export const CLICKWRAP_STATUSES = ["draft", "published"] as const;

/** the columns the list sorts by (sortField); without a sort, newest first */
export const CLICKWRAP_SORT_FIELDS = ["version", "status", "created_at", "updated_at", "published_at"] as const;

export const CLICKWRAP_VERSION_MAX = 50;
export const CLICKWRAP_TEXT_MAX = 200_000;

export const CLICKWRAP_MESSAGES = {
  notFound: "Terms version not found",
  versionRequired: "Version is required",
  versionTooLong: `Version must be at most ${CLICKWRAP_VERSION_MAX} characters`,
  textTooLong: `Text must be at most ${CLICKWRAP_TEXT_MAX} characters`,
  textRequiredToPublish: "Text is required to publish a version",
  exists: (version: string) => `Version ${version} already exists`,
  published: "A published version cannot be changed: publish a new version instead",
  /** what the edit page says over a published version's text */
  locked: "This version is published: its text can no longer change. Publish a new version instead.",
  created: "Terms version saved",
  publishedToast: "Terms version published",
  /** asked before a save publishes: publishing cannot be undone */
  confirmPublish: (version: string) =>
    `Publish version ${version}? Once published, its text can no longer change: a correction means a new version.`,
  updated: "Terms version updated",
  deleted: "Terms version deleted",
  /** a published version stays: providers' accepted agreements name it */
  publishedNotDeletable: "A published version cannot be deleted: providers may have accepted it",
  confirmDelete: (version: string) => `Delete the draft ${version}? You won't be able to revert this!`,
  noChange: "No Change Detected",
} as const;
