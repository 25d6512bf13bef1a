/**
 * S3 Bucket Manager's words and limits (spec 3 §2.11, §5). No zod here: the page's browser bundle
 * imports this file; ./bucket-manager builds the API's schemas on it.
 */

/** The largest file an upload takes (each file of the form). */
export const BUCKET_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const BUCKET_FILE_MAX_TEXT = "10 MB";
/** At most this many files in one upload. */
export const BUCKET_MAX_FILES = 20;

export const BUCKET_MESSAGES = {
  title: "S3 Bucket Manager",
  fetch: "Fetch S3 Bucket Data",
  fetchFailed: "Failed to fetch S3 bucket data",
  listFailed: "Failed to load the files",
  deleted: "Deleted!",
  deletedText: "Your file has been deleted.",
  deleteError: "Error!",
  deleteErrorText: "There was an issue deleting the file.",
  confirmTitle: "Are you sure?",
  confirmText: "You won't be able to revert this!",
  confirmButton: "Yes, delete it!",
  tooLarge: `File(s) size exceeds limit. Please upload files smaller than ${BUCKET_FILE_MAX_TEXT}.`,
  wrongType: "Please upload a JPG, PNG, Word, PPT or PDF file.",
  noFiles: "Choose at least one file to upload.",
  tooMany: `Upload at most ${BUCKET_MAX_FILES} files at once.`,
  empty: "The file is empty.",
  badName: "The file's name may hold only letters, digits, spaces and ._()+- (at most 255 characters).",
  nameTaken: (name: string) => `A file named ${name} is already stored. Rename it and upload again.`,
  uploaded: (name: string) => `${name} uploaded.`,
  uploadedCount: (n: number) => (n === 1 ? "1 file uploaded." : `${n} files uploaded.`),
  notFound: "File not found",
  keyMismatch: "key and id name different files",
  badToken: "The continuation token is not valid. Start again from the first page.",
  badDate: "Upload date must be a date (YYYY-MM-DD).",
  synced: (added: number, updated: number, removed: number, total: number) =>
    `Bucket data fetched: ${added} added, ${updated} updated, ${removed} removed (${total} files in the bucket).`,
  allFiles: "All files",
  unusedTab: "Unused post images",
  unusedHint: "Images uploaded for posts that no post's content uses.",
  sweep: "Delete all unused post images",
  sweepTitle: "Delete the unused post images?",
  sweepText: (n: number) =>
    `${n === 1 ? "1 post image" : `${n} post images`} that no post uses will be deleted. You won't be able to revert this!`,
  sweepConfirm: "Yes, delete them!",
  swept: (n: number) =>
    n === 0 ? "No unused post image was left to delete." : n === 1 ? "1 unused post image deleted." : `${n} unused post images deleted.`,
  showing: (from: number, to: number, total: number) => `Showing ${from} to ${to} of ${total} entries`,
} as const;
