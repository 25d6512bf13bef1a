import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * A secret kept in a file readable by its owner only (./data/.two-factor-key): read when it is there
 * and long enough, else made (32 random bytes, hex) and written. `npm start`'s secrets are kept the same way.
 */
export function keptSecret(file: string): string {
  if (existsSync(file)) {
    const value = readFileSync(file, "utf8").trim();
    if (value.length >= 32) return value;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const value = randomBytes(32).toString("hex");
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return value;
}
