/** What only the admin uses of ~contract/file-types (the shared part stays in contract/file-types.ts). */
import { MIME_TYPES, extensionOf } from "~contract/file-types";

/** How a stored file is previewed, by its extension (spec 1 §9 accepted preview types). */
export type FileKind = "image" | "pdf" | "other";

/** The extensions previewed as images. */
export const IMAGE_TYPES: Record<string, string> = Object.fromEntries(
  Object.entries(MIME_TYPES).filter(([, type]) => type.startsWith("image/")),
);

export function fileKindOf(name: string): FileKind {
  const ext = extensionOf(name);
  if (ext in IMAGE_TYPES) return "image";
  if (ext === "pdf") return "pdf";
  return "other";
}

/** A value that names a stored file: has an extension, or contains 'Document' (spec 1 §2.12). */
export function looksLikeFileName(value: string): boolean {
  const v = value.trim();
  if (!v || /^https?:\/\//i.test(v) || /\s/.test(v)) return false;
  return v.includes("Document") || /\.[A-Za-z0-9]{2,5}$/.test(v);
}

/** "a.pdf, b.jpg" → ["a.pdf", "b.jpg"] */
export function splitFileNames(value: string | null | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
}
