import busboy from "busboy";

/**
 * A browser's multipart form passed on as it arrives (never held: the portfolio is up to 100 MB),
 * while the few text fields named are noted on the way, so that a refused form can be shown again
 * with what was typed. Files pass through untouched; the API parses the form itself.
 */
export function passOnMultipart(request: Request, textFields: readonly string[]) {
  const contentType = request.headers.get("content-type") ?? "";
  const source = request.body;
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !source) return null;
  const texts: Record<string, string> = {};
  let reader: busboy.Busboy | null = null;
  try {
    reader = busboy({ headers: { "content-type": contentType }, limits: { fieldSize: 8 * 1024 } });
    reader.on("field", (name, value) => {
      if (textFields.includes(name)) texts[name] = value;
    });
    reader.on("file", (_name, file) => file.resume());
    // the API answers for a malformed form; here a parse failure only means no values to refill
    reader.on("error", () => (reader = null));
  } catch {
    reader = null;
  }
  const noting = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      try {
        reader?.write(chunk);
      } catch {
        reader = null;
      }
    },
    flush() {
      reader?.end();
    },
  });
  return { body: source.pipeThrough(noting), contentType, texts: () => ({ ...texts }) };
}
