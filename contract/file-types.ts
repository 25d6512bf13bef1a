/**
 * A stored file's name as the API accepts it and the admin passes it on: one plain name (no
 * folders, no ".."), at most 255 characters. The one rule for both.
 */
export function isValidFileName(name: string | undefined | null): name is string {
  return (
    typeof name === "string" &&
    name.length > 0 &&
    name.length <= 255 &&
    /^[A-Za-z0-9_][A-Za-z0-9 ._()+-]*$/.test(name) &&
    !name.includes("..")
  );
}

/** The one MIME table of stored files, by extension (the API's storage and the admin's file routes). */
export const MIME_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  jfif: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  ico: "image/x-icon",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  mp4: "video/mp4",
  mov: "video/quicktime",
  avi: "video/x-msvideo",
  flv: "video/x-flv",
  wmv: "video/x-ms-wmv",
  asf: "video/x-ms-asf",
  mp3: "audio/mpeg",
};

/** A stored file's Content-Type from its name ("application/octet-stream" when unknown). */
export function contentTypeOf(name: string): string {
  return MIME_TYPES[extensionOf(name)] ?? "application/octet-stream";
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}
